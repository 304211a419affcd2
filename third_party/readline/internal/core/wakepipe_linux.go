package core

import "golang.org/x/sys/unix"

// wakePipe makes the wake pipe, close-on-exec and non-blocking, in one call.
func wakePipe(p []int) error {
	return unix.Pipe2(p, unix.O_CLOEXEC|unix.O_NONBLOCK)
}
