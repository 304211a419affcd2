//go:build unix

package core

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/reeflective/readline/internal/term"
)

// GetCursorPos returns the current cursor position in the terminal.
// It is safe to call this function even if the shell is reading input.
func (k *Keys) GetCursorPos() (x, y int) {
	if !term.IsTerminal(int(os.Stdin.Fd())) {
		return -1, -1
	}

	disable := func() (int, int) {
		os.Stderr.WriteString("\r\ngetCursorPos() not supported by terminal emulator, disabling....\r\n")
		return -1, -1
	}

	var cursor []byte
	var match [][]string

	// Flush any buffered frame output first: the cursor position we are about
	// to query is only correct once the prompt printed so far is actually on
	// screen, not still sitting in the output buffer.
	term.FlushBuffer()

	// Echo the query and wait for the main key
	// reading routine to send us the response back.
	fmt.Print("\x1b[6n")

	// In order not to get stuck with an input that might be user-one
	// (like when the user typed before the shell is fully started, and yet not having
	// queried cursor yet), we keep reading from stdin until we find the cursor response.
	// Everything else is passed back as user input.
	for {
		switch {
		case k.waiting, k.reading:
			cursor = <-k.cursor
		default:
			buf := make([]byte, keyScanBufSize)

			read, err := os.Stdin.Read(buf)
			if err != nil {
				return disable()
			}

			cursor = buf[:read]
		}

		// We have read (or have been passed) something.
		if len(cursor) == 0 {
			return disable()
		}

		// Attempt to locate cursor response in it.
		match = rxRcvCursorPos().FindAllStringSubmatch(string(cursor), 1)

		// If there is something but not cursor answer, its user input.
		if len(match) == 0 && len(cursor) > 0 {
			k.mutex.RLock()
			k.buf = append(k.buf, cursor...)
			k.mutex.RUnlock()

			continue
		}

		// And if empty, then we should abort.
		if len(match) == 0 {
			return disable()
		}

		// Keys typed just before the answer, or after it, came in the
		// same read: they are the user's, as above (they were lost).
		if rest := rxRcvCursorPos().ReplaceAll(cursor, nil); len(rest) > 0 {
			k.mutex.Lock()
			k.buf = append(k.buf, rest...)
			k.mutex.Unlock()
		}

		break
	}

	// We know that we have a cursor answer, process it.
	y, err := strconv.Atoi(match[0][1])
	if err != nil {
		return disable()
	}

	x, err = strconv.Atoi(match[0][2])
	if err != nil {
		return disable()
	}

	return x, y
}

func (k *Keys) readInputFiltered() (keys []byte, err error) {
	// Wait for input to be readable, or for an async refresh request, then
	// read one chunk. A refresh request returns errInputWake with no keys.
	// The keys returned are in a buffer the next read reuses: callers
	// copy them (or use them at once).
	if k.readBuf == nil {
		k.readBuf = make([]byte, keyScanBufSize)
	}

	buf := k.readBuf

	read, err := k.readStdin(buf)
	if err != nil {
		return nil, err
	}

	// Always attempt to extract cursor position info.
	// If found, strip it and keep the remaining keys.
	cursor, keys := k.extractCursorPos(buf[:read])

	if len(cursor) > 0 {
		k.cursor <- cursor
	}

	return keys, nil
}

// readStdin reads one chunk of input, but first waits for stdin to become
// readable OR for an async refresh to be requested with RequestRefresh.
// On a refresh request it returns errInputWake with no data.
//
// A terminal is read through the Go runtime's poller (pollTerminal): the
// goroutine parks, the thread that ran it waits in epoll for the key, and
// that same thread runs the key's work when it comes. Waiting in a
// system call instead (poll(2), as the fallback below does) hands the
// processor off: the runtime's monitor thread takes the processor from
// the blocked call, and the return from the call wakes the monitor, which
// then polls every 20 µs for a millisecond — two threads more woken per
// key, each a context switch that waits for a core when the machine is
// busy (bench/ptybench -sched, README's Performance part N).
//
// If wake support is unavailable (no pipe, or Stdin exposes no pollable
// fd) it falls back to a plain blocking read, so input always works.
func (k *Keys) readStdin(buf []byte) (int, error) {
	k.wakeMu.Lock()
	ready := k.wakeReady
	wakeR := k.wakeR
	k.wakeMu.Unlock()

	if ready {
		if tty := k.pollTerminal(); tty != nil {
			return k.readTerminal(tty, buf)
		}
	}

	fd, ok := stdinFd()
	if !ok || !ready {
		return stdin().Read(buf)
	}

	for {
		fds := []unix.PollFd{
			{Fd: int32(fd), Events: unix.POLLIN},    //nolint:gosec // G115: OS file descriptors are small non-negative ints.
			{Fd: int32(wakeR), Events: unix.POLLIN}, //nolint:gosec // G115: OS file descriptors are small non-negative ints.
		}

		_, err := unix.Poll(fds, -1)

		// The wait for a key is long by the scheduler's measure: the
		// runtime counts the goroutine as running since it was last
		// scheduled, before the wait, and its monitor thread interrupts
		// it with a preemption signal within microseconds of the key
		// arriving, in the middle of the key's work. Passing through
		// the scheduler here starts the count afresh.
		runtime.Gosched()

		if err != nil {
			if errors.Is(err, unix.EINTR) {
				continue
			}

			// Polling failed (e.g. an fd type without poll support):
			// fall back to a plain blocking read.
			return stdin().Read(buf)
		}

		// Real input takes priority, so a coincident wake never delays a
		// keystroke; the wake byte stays pending and is serviced once idle.
		if fds[0].Revents&(unix.POLLIN|unix.POLLHUP|unix.POLLERR) != 0 {
			return stdin().Read(buf)
		}

		if fds[1].Revents&unix.POLLIN != 0 {
			k.drainWake()
			return 0, errInputWake
		}
	}
}

// pollTerminal returns the terminal on standard input opened a second
// time, non-blocking, so that reading it waits in the runtime's poller;
// or nil when Stdin is not os.Stdin on a terminal or it cannot be opened.
// Opening it again makes a file description of the editor's own: making
// standard input's non-blocking would make it so for every program the
// shell runs, which share it. Terminal modes and the input queue belong
// to the terminal, not to a description, so both read the same keys.
// It is opened once and kept, close-on-exec.
func (k *Keys) pollTerminal() *os.File {
	if k.ttyTried {
		return k.tty
	}

	k.ttyTried = true

	if Stdin != nil && Stdin != os.Stdin {
		return nil
	}

	fd := int(os.Stdin.Fd())
	if !term.IsTerminal(fd) {
		return nil
	}

	// O_NOCTTY: a shell without a controlling terminal must not acquire
	// this one by reading keys. os.OpenFile makes a character device
	// non-blocking and registers it with the poller.
	f, err := os.OpenFile("/proc/self/fd/"+strconv.Itoa(fd), os.O_RDONLY|unix.O_NOCTTY, 0)
	if err != nil {
		return nil
	}

	// The same terminal, and one the poller took: otherwise reads would
	// block a thread as before, without the wake.
	// (Not through f.Fd, which would make it blocking again.)
	var st0, st1 unix.Stat_t
	statErr := unix.Fstat(fd, &st0)
	if rc, err := f.SyscallConn(); err != nil || statErr != nil {
		statErr = errors.Join(err, statErr)
	} else if err := rc.Control(func(d uintptr) { statErr = unix.Fstat(int(d), &st1) }); err != nil { //nolint:gosec // G115: a descriptor.
		statErr = err
	}
	if statErr != nil || st0.Rdev != st1.Rdev {
		f.Close()
		return nil
	}

	if err := f.SetReadDeadline(time.Time{}); err != nil {
		f.Close() // not pollable
		return nil
	}

	pollReadOnly(f)

	k.wakeMu.Lock()
	k.tty = f
	k.wakeMu.Unlock()

	return f
}

// readTerminal reads keys from the pollable terminal. A refresh request
// sets its read deadline in the past, which ends the wait; the deadline
// is cleared here, under the lock, before the wake is reported, so a
// request made after that ends the next wait.
func (k *Keys) readTerminal(tty *os.File, buf []byte) (int, error) {
	k.wakeMu.Lock()
	woken := k.ttyWakeSet
	if woken {
		k.ttyWakeSet = false
		_ = tty.SetReadDeadline(time.Time{})
	}
	k.wakeMu.Unlock()

	if woken {
		return 0, errInputWake
	}

	rc, err := tty.SyscallConn()
	if err != nil {
		return 0, err
	}

	// The read itself is a raw system call: a read through the runtime's
	// system-call entry wakes its monitor thread from its idle sleep, and
	// the monitor then polls every 20 µs while the key is handled. The
	// descriptor is non-blocking, so the call never waits: when nothing
	// is there, rc.Read parks the goroutine in the poller.
	var n int
	var errno syscall.Errno
	err = rc.Read(func(fd uintptr) bool {
		for {
			n, errno = rawRead(fd, buf)
			if errno != unix.EINTR {
				return errno != unix.EAGAIN
			}
		}
	})

	switch {
	case errors.Is(err, os.ErrDeadlineExceeded):
		k.wakeMu.Lock()
		k.ttyWakeSet = false
		_ = tty.SetReadDeadline(time.Time{})
		k.wakeMu.Unlock()

		return 0, errInputWake
	case err != nil:
		return 0, err
	case errno != 0:
		return 0, errno
	case n == 0:
		return 0, io.EOF
	}

	return n, nil
}

// InitWake readies the pipe used to interrupt a blocking input read when an
// async refresh is requested, for one Readline call. The pipe is made at the
// first call and kept (close-on-exec, so that the commands a shell runs
// between two lines do not inherit it): making and closing one for every
// line cost each line seven system calls. On failure it leaves wake support
// disabled (async repaints then coalesce into the next keystroke).
func (k *Keys) InitWake() {
	// The terminal the keys are read from decides how a wake is sent
	// (RequestRefresh): known before a request can come.
	k.pollTerminal()

	k.wakeMu.Lock()
	defer k.wakeMu.Unlock()

	if !k.wakeOpen {
		var p [2]int
		if err := wakePipe(p[:]); err != nil {
			return
		}

		k.wakeR, k.wakeW = p[0], p[1]
		k.wakeOpen = true
	}

	k.wakeReady = true
}

// CloseWake ends wake support until the next InitWake: requests made in
// between are dropped (a byte that was written just before is read at the
// next line's first wait, and costs one more repaint).
func (k *Keys) CloseWake() {
	k.wakeMu.Lock()
	defer k.wakeMu.Unlock()

	k.wakeReady = false
}

// RequestRefresh wakes an idle Readline loop so it repaints its UI. It is safe
// to call from any goroutine and is the primitive behind async UI updates (for
// instance ui.Hint.SetTransient). It is a no-op when wake support is
// unavailable, in which case the update is shown at the next keystroke.
func (k *Keys) RequestRefresh() {
	k.wakeMu.Lock()
	defer k.wakeMu.Unlock()

	if !k.wakeReady {
		return
	}

	// Non-blocking single-byte write. The pipe is drained on wake, and a full
	// pipe already means a wake is pending, so dropping the write is harmless.
	if k.tty != nil {
		// The editor reads the terminal through the poller: end its
		// wait (readTerminal).
		k.ttyWakeSet = true
		_ = k.tty.SetReadDeadline(time.Unix(1, 0))

		return
	}

	_, _ = unix.Write(k.wakeW, []byte{0})
}

// drainWake empties the wake pipe so a single request does not re-trigger.
func (k *Keys) drainWake() {
	var scratch [16]byte

	for {
		n, err := unix.Read(k.wakeR, scratch[:])
		if n <= 0 || err != nil {
			return
		}
	}
}

// stdinFd returns the file descriptor backing Stdin, if it exposes one.
func stdinFd() (int, bool) {
	if f, ok := stdin().(interface{ Fd() uintptr }); ok {
		return int(f.Fd()), true
	}

	return 0, false
}
