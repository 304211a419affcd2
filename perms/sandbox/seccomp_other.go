//go:build linux && !amd64 && !arm64

package sandbox

// installSeccomp does nothing where nosh has no filter for the
// architecture: Landlock alone confines the programs.
func installSeccomp(filterOptions) error { return nil }

// filterOptions says which optional parts the filter holds.
type filterOptions struct{ meta, unixSockets bool }
