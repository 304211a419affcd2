package repl

// growStack grows the calling goroutine's stack to hold stackReserve
// bytes more than it uses now, in one copy. Go starts a goroutine with a
// small stack and doubles it whenever a call would overflow it, copying
// it and adjusting every frame from the function tables
// (runtime.copystack): reading a startup file recurses through the
// parser, the interpreter and the shell's handlers, and the main
// goroutine's stack was doubled there, each copy walking a deep stack.
// Done once here, where the stack is a handful of frames, it is cheap.
//
//go:noinline
func growStack() {
	var pad [stackReserve]byte
	touchStack(&pad)
}

// touchStack keeps growStack's frame from being optimised away.
//
//go:noinline
func touchStack(*[stackReserve]byte) {}

// stackReserve is what growStack reserves.
const stackReserve = 32 << 10
