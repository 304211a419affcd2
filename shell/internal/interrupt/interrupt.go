// Package interrupt cancels work on Ctrl+C: the interactive shell's
// loop, its `?` requests and its agent runs each watch the same channel
// of SIGINTs while they work, and only then.
package interrupt

import "os"

// Watch calls cancel on the first interrupt that arrives until stop is
// called.
func Watch(interrupts <-chan os.Signal, cancel func()) (stop func()) {
	done := make(chan struct{})
	go func() {
		select {
		case <-interrupts:
			cancel()
		case <-done:
		}
	}()
	return func() {
		select {
		case <-done:
		default:
			close(done)
		}
		// An interrupt that came as the work ended was for it (RunStmt
		// handles Ctrl+C itself too): it must not cancel what comes next.
		select {
		case <-interrupts:
		default:
		}
	}
}
