//go:build unix && !linux

package core

import "golang.org/x/sys/unix"

// wakePipe makes the wake pipe, close-on-exec and non-blocking.
func wakePipe(p []int) error {
	if err := unix.Pipe(p); err != nil {
		return err
	}

	for _, fd := range p {
		unix.CloseOnExec(fd)
		_ = unix.SetNonblock(fd, true)
	}

	return nil
}
