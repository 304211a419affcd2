//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package core

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// rawRead reads from fd with a raw system call, which does not pass
// through the runtime's system-call entry (see readTerminal).
func rawRead(fd uintptr, buf []byte) (int, syscall.Errno) {
	r, _, e := unix.RawSyscall(unix.SYS_READ, fd, uintptr(unsafe.Pointer(unsafe.SliceData(buf))), uintptr(len(buf)))

	return int(r), e //nolint:gosec // G115: a count no larger than buf.
}
