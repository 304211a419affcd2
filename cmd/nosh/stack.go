package main

// growStack grows the main goroutine's stack to the 16 KiB a shell's
// statements reach, in one copy made while the stack is three frames
// deep. Grown on demand instead, it was copied twice more (8 → 16 KiB
// in the first statement, below some twenty frames), and each copy
// walks every frame on the stack through the executable's pc tables:
// about 16 of the 28 pages of `.gopclntab` a `nosh -c true` faulted in
// were those walks, each fault mapping a 64 KiB window of the file
// (README, Performance, part M).
//
//go:noinline
func growStack() {
	var frame [12 << 10]byte
	keepFrame(frame[:])
}

// keepFrame keeps growStack's frame from being optimised away; it does
// not let its argument escape, so the frame stays on the stack.
//
//go:noinline
func keepFrame(b []byte) {
	if len(b) == 0 {
		panic("empty frame")
	}
}
