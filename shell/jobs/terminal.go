package jobs

import (
	"fmt"
	"runtime"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Terminal is the shell's controlling terminal, as job control uses it:
// which process group owns it, and its modes.
type Terminal struct {
	fd int
}

// NewTerminal wraps the terminal open on fd.
func NewTerminal(fd int) *Terminal { return &Terminal{fd: fd} }

// Fd returns the terminal's file descriptor.
func (t *Terminal) Fd() int { return t.fd }

// Foreground returns the process group that owns the terminal.
func (t *Terminal) Foreground() (int, error) {
	pgid, err := unix.IoctlGetInt(t.fd, unix.TIOCGPGRP)
	if err != nil {
		return 0, fmt.Errorf("tcgetpgrp: %w", err)
	}
	return pgid, nil
}

// SetForeground gives the terminal to process group pgid.
func (t *Terminal) SetForeground(pgid int) error {
	terminalUses.Add(1)
	return withTTOUBlocked(func() error {
		if err := unix.IoctlSetPointerInt(t.fd, unix.TIOCSPGRP, pgid); err != nil {
			return fmt.Errorf("tcsetpgrp %d: %w", pgid, err)
		}
		return nil
	})
}

// Modes returns the terminal's current modes.
func (t *Terminal) Modes() (*unix.Termios, error) {
	m, err := unix.IoctlGetTermios(t.fd, unix.TCGETS)
	if err != nil {
		return nil, fmt.Errorf("tcgetattr: %w", err)
	}
	return m, nil
}

// SetModes sets the terminal's modes once pending output is written.
func (t *Terminal) SetModes(m *unix.Termios) error {
	return withTTOUBlocked(func() error {
		if err := unix.IoctlSetTermios(t.fd, unix.TCSETSW, m); err != nil {
			return fmt.Errorf("tcsetattr: %w", err)
		}
		return nil
	})
}

// withTTOUBlocked runs f with SIGTTOU blocked on its thread. A process
// that is not in the terminal's foreground group and changes the
// terminal gets SIGTTOU; the shell catches it (it must not ignore it, or
// its children would inherit SIG_IGN), and a caught SIGTTOU restarts the
// call forever. A blocked one lets the call through. Blocking, unlike
// signal.Ignore, is per thread and does not race with forks elsewhere.
func withTTOUBlocked(f func() error) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var set, old unix.Sigset_t
	sigaddset(&set, syscall.SIGTTOU)
	if err := unix.PthreadSigmask(unix.SIG_BLOCK, &set, &old); err != nil {
		return fmt.Errorf("blocking SIGTTOU: %w", err)
	}
	defer unix.PthreadSigmask(unix.SIG_SETMASK, &old, nil)
	return f()
}

func sigaddset(set *unix.Sigset_t, sig syscall.Signal) {
	n := uint(sig) - 1
	bits := uint(unsafe.Sizeof(set.Val[0])) * 8
	set.Val[n/bits] |= 1 << (n % bits)
}
