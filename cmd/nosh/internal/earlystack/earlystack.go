// Package earlystack grows the main goroutine's stack, once, before the
// package initialisers that would grow it deep in their calls.
//
// Every growth of a goroutine's stack copies it and walks each frame on
// it through the executable's pc tables, and in an executable whose pages
// were read back from disk by faults (as after a reboot) each new 64 KiB
// window of those tables costs a fault that maps it page by page. The
// main goroutine starts with 2 KiB; `nosh -c true` grew it three times
// (in internal/godebug's initialiser, in mvdan.cc/sh/v3/fileutil's
// regexps, under some fifteen frames, and in the first statement, under
// twenty), and the walks were 16 of the 28 faults a run took on
// .gopclntab (README, Performance, part M).
//
// This package imports nothing, so it is initialised as early as the
// language's order allows (packages are initialised in the order of
// their import paths among those whose imports are done): after
// internal/godebug, before os, regexp and everything that imports them.
// Its initialiser grows the stack to the 16 KiB a shell's statements
// reach, in one copy of a three-frame stack. cmd/nosh imports it for
// that effect alone.
package earlystack

func init() { grow() }

// grow needs a 12 KiB frame: the runtime doubles the stack until it fits,
// 2 (or 4) → 16 KiB in one copy.
//
//go:noinline
func grow() {
	var frame [12 << 10]byte
	keep(frame[:])
}

// keep keeps grow's frame from being optimised away; it does not let its
// argument escape, so the frame stays on the stack.
//
//go:noinline
func keep(b []byte) {
	if len(b) == 0 {
		panic("earlystack: empty frame")
	}
}
