package repl

import (
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// termSize is the terminal's size as the interactive session draws for
// it. The prompt's rows below the input are counted at every redraw,
// several times a key; the size is asked once per prompt instead (a
// program run meanwhile may have resized the window, and SIGWINCH went to
// it, not to the shell) and again after a SIGWINCH.
type termSize struct {
	fd         int
	resized    atomic.Bool // a SIGWINCH came since the size was asked
	known      bool
	cols, rows int
}

// watch starts noting SIGWINCH; stop ends it.
func (t *termSize) watch() (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGWINCH)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				t.resized.Store(true)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}

// forget makes the next get ask the terminal.
func (t *termSize) forget() { t.known = false }

// refresh asks the terminal its size now and reports whether it differs
// from the size known before.
func (t *termSize) refresh() (changed bool) {
	cols, rows, known := t.cols, t.rows, t.known
	t.resized.Store(false)
	t.known = false
	c, r, ok := t.get()
	return ok != known || c != cols || r != rows
}

// get returns the terminal's columns and rows; ok is false when fd is not
// a terminal.
func (t *termSize) get() (cols, rows int, ok bool) {
	if t.resized.Swap(false) || !t.known {
		ws, err := rawWinsize(t.fd)
		t.known = err == nil
		if err != nil {
			return 0, 0, false
		}
		t.cols, t.rows = int(ws.Col), int(ws.Row)
	}
	return t.cols, t.rows, t.known
}

// rawWinsize asks the terminal's size with a raw system call (the ioctl
// never waits). A call through the Go runtime's system-call entry wakes
// its monitor thread when the shell was idle at the prompt, which then
// polls every 20 µs while the line runs: a second thread woken for each
// line, on a busy machine a wait for a core (README, Performance part N).
func rawWinsize(fd int) (unix.Winsize, error) {
	var ws unix.Winsize
	for {
		_, _, e := unix.RawSyscall(unix.SYS_IOCTL, uintptr(fd), unix.TIOCGWINSZ, uintptr(unsafe.Pointer(&ws))) //nolint:gosec // G115: a descriptor.
		switch e {
		case 0:
			return ws, nil
		case unix.EINTR:
			continue
		default:
			return ws, e
		}
	}
}
