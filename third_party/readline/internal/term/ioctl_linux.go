//go:build linux && !appengine

package term

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// The terminal's modes and size are asked and set with raw system calls
// (these ioctls never wait): a call through the runtime's system-call
// entry wakes its monitor thread from its idle sleep, which then polls
// every 20 µs while the line is handled (see output_unix.go).

func getTermios(fd int) (*unix.Termios, error) {
	var t unix.Termios
	if err := rawIoctl(fd, ioctlReadTermios, unsafe.Pointer(&t)); err != nil {
		return nil, err
	}

	return &t, nil
}

func setTermios(fd int, t *unix.Termios) error {
	return rawIoctl(fd, ioctlWriteTermios, unsafe.Pointer(t))
}

func getWinsize(fd int) (*unix.Winsize, error) {
	var ws unix.Winsize
	if err := rawIoctl(fd, unix.TIOCGWINSZ, unsafe.Pointer(&ws)); err != nil {
		return nil, err
	}

	return &ws, nil
}

func rawIoctl(fd int, req uint, arg unsafe.Pointer) error {
	for {
		_, _, e := unix.RawSyscall(unix.SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(arg)) //nolint:gosec // G115: a descriptor.
		switch e {
		case 0:
			return nil
		case unix.EINTR:
			continue
		default:
			return e
		}
	}
}
