//go:build !linux

package guard

// bootTicks is 0 where nosh cannot list processes by session.
func bootTicks() uint64 { return 0 }

// stopStrays does nothing where nosh cannot list processes by session:
// only the run's jobs are stopped.
func stopStrays(since uint64) int { return 0 }

// Now is 0 where nosh cannot list processes by session.
func Now() uint64 { return 0 }

// Freeze does nothing where nosh cannot list processes by session.
func Freeze(since uint64) (thaw func()) { return func() {} }
