package deadcwd

import (
	"errors"
	"io/fs"
	"os"
	"strconv"
	"sync"

	"golang.org/x/sys/unix"
)

// Hold is an open handle on the last directory commands ran in; the
// zero value holds none.
type Hold struct {
	mu   sync.RWMutex
	path string
	fd   int // O_PATH descriptor of path; 0 (or less) for none
}

// Keep makes dir the directory kept open, unless it is already.
// It is called before each command and after each top-level statement:
// a directory is held before anything can remove it, the usual way being
// `cd dir` at one prompt and `rm -r dir` at another.
func (h *Hold) Keep(dir string) {
	h.mu.RLock()
	same := h.path == dir
	h.mu.RUnlock()
	if same || dir == "" {
		return
	}
	fd, err := unix.Open(dir, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return
	}
	h.mu.Lock()
	old := h.fd
	h.path, h.fd = dir, fd
	h.mu.Unlock()
	if old > 0 {
		unix.Close(old)
	}
}

// ChildDir returns the directory to start a program in for the shell
// directory dir: dir itself, or, when dir was removed and is the one
// held, a path that reaches it through the handle. Call release once the
// program has started (or failed to).
func (h *Hold) ChildDir(dir string) (path string, release func()) {
	if _, err := os.Stat(dir); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return dir, func() {}
	}
	h.mu.RLock()
	if h.path == dir && h.fd > 0 {
		return "/proc/self/fd/" + strconv.Itoa(h.fd), h.mu.RUnlock
	}
	h.mu.RUnlock()
	return dir, func() {}
}

// Chdir makes dir the process's own directory, as exec must before
// it replaces the shell: by name, or through the handle when dir was
// removed.
func (h *Hold) Chdir(dir string) error {
	err := os.Chdir(dir)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	if h.path != dir || h.fd <= 0 {
		return err
	}
	return unix.Fchdir(h.fd)
}
