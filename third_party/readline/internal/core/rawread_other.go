//go:build unix && !(darwin || dragonfly || freebsd || linux || netbsd || openbsd)

package core

import (
	"errors"
	"syscall"

	"golang.org/x/sys/unix"
)

// rawRead reads from fd (through the runtime's system-call entry here).
func rawRead(fd uintptr, buf []byte) (int, syscall.Errno) {
	n, err := unix.Read(int(fd), buf)

	var errno syscall.Errno
	if errors.As(err, &errno) {
		return 0, errno
	}

	return max(n, 0), 0
}
