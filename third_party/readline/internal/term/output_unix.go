//go:build darwin || dragonfly || freebsd || (linux && !appengine) || netbsd || openbsd

package term

import (
	"os"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawWriteMax is the largest frame written with a raw system call: a
// terminal takes that much at once (a pseudo-terminal's buffer holds
// more), so the call returns at once. Larger writes (a screen of
// completions) go through os.Stdout.
const rawWriteMax = 4096

// startStdout is os.Stdout as the program started: frames go to the
// terminal through rawStdout only while os.Stdout is still that file
// (tests replace it to capture the output).
var startStdout = os.Stdout

// stdoutIsTerminal says whether file descriptor 1 is a terminal, asked
// once.
var stdoutIsTerminal = sync.OnceValue(func() bool { return IsTerminal(1) })

// terminalOut returns the writer for frames: rawStdout when standard
// output is the terminal, else os.Stdout.
func terminalOut() interface {
	Write([]byte) (int, error)
	WriteString(string) (int, error)
} {
	if os.Stdout == startStdout && os.Stdout != nil && stdoutIsTerminal() {
		return rawStdout{}
	}

	return os.Stdout
}

// rawStdout writes to standard output, a terminal, with raw system
// calls. A write through the runtime's system-call entry wakes its
// monitor thread from its idle sleep (the shell waits for keys in the
// poller, where nothing else runs), and the monitor then polls every
// 20 µs for as long as the key is being handled: a thread woken on the
// other processor per key, which on a busy machine waits for a core.
// A raw call cannot be preempted, which is why only frames of at most
// rawWriteMax bytes, which the terminal takes at once, are written so.
type rawStdout struct{}

func (w rawStdout) Write(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}

	return w.write(unsafe.Pointer(unsafe.SliceData(b)), len(b), func(done int) (int, error) { return os.Stdout.Write(b[done:]) })
}

func (w rawStdout) WriteString(s string) (int, error) {
	if s == "" {
		return 0, nil
	}

	return w.write(unsafe.Pointer(unsafe.StringData(s)), len(s), func(done int) (int, error) { return os.Stdout.WriteString(s[done:]) })
}

// write writes n bytes at p; what a raw call cannot write (a frame too
// large, a full terminal, an error) is left to rest, through os.Stdout.
func (rawStdout) write(p unsafe.Pointer, n int, rest func(done int) (int, error)) (int, error) {
	if n > rawWriteMax {
		return rest(0)
	}

	done := 0
	for done < n {
		r, _, e := unix.RawSyscall(unix.SYS_WRITE, 1, uintptr(unsafe.Add(p, done)), uintptr(n-done))
		if e == unix.EINTR {
			continue
		}

		if e != 0 || r == 0 {
			m, err := rest(done)
			return done + m, err
		}

		done += int(r) //nolint:gosec // G115: a count no larger than n.
	}

	return done, nil
}
