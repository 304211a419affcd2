//go:build nolauncher

package main

// launch does nothing in nosh built with -tags nolauncher, which
// bench/sandbox.sh times beside nosh to show that the launcher hook does
// not move start-up.
func launch() {}
