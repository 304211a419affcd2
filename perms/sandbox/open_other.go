//go:build !linux

package sandbox

import (
	"os"
	"syscall"
)

// OpenResolved opens real, a path Resolve returned; where there is no
// openat2, only its last part is held to be no link.
func OpenResolved(real string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(real, flag|syscall.O_NOFOLLOW, perm)
}
