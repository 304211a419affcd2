package history

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// lockTimeout bounds how long an Add or Delete waits for another session
// holding the lock, so that a wedged process cannot hang the shell.
var lockTimeout = 2 * time.Second

// readFile returns the contents of the history file at path and its
// FileInfo, or nothing if it does not exist or is not a regular file.
func readFile(path string) (string, os.FileInfo, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return "", nil, nil
	}
	if err != nil {
		return "", nil, fmt.Errorf("history: %w", err)
	}
	defer f.Close()
	return readRegular(f)
}

// readRegular reads f from its start to the end. Anything but a regular
// file (/dev/null, a fifo) reads as empty with a nil FileInfo: reading
// /dev/zero or a fifo would never end, and such a path must never be
// rewritten.
func readRegular(f *os.File) (string, os.FileInfo, error) {
	st, err := f.Stat()
	if err != nil {
		return "", nil, fmt.Errorf("history: %w", err)
	}
	if !st.Mode().IsRegular() {
		return "", nil, nil
	}
	// A Builder hands its bytes over as the string without a copy; the
	// entries' commands are substrings of it.
	var b strings.Builder
	b.Grow(int(st.Size()) + 512)
	if _, err := io.Copy(&b, io.NewSectionReader(f, 0, math.MaxInt64)); err != nil {
		return "", nil, fmt.Errorf("history: reading %s: %w", f.Name(), err)
	}
	return b.String(), st, nil
}

// keptFile is the history file held open between appends: opening it,
// with its directory made sure of, cost a dozen system calls per entry,
// two entries' worth per typed line.
type keptFile struct {
	f *os.File
}

// lock returns the history file at path open for appending, locked with
// flock(LOCK_EX), and its FileInfo, creating the file and its directory
// if needed. unlock releases it.
func (k *keptFile) lock(path string) (*os.File, os.FileInfo, error) {
	deadline := time.Now().Add(lockTimeout)
	for {
		if k.f == nil {
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				return nil, nil, fmt.Errorf("history: %w", err)
			}
			f, err := os.OpenFile(path, os.O_RDWR|os.O_APPEND|os.O_CREATE, 0o600)
			if err != nil {
				return nil, nil, fmt.Errorf("history: %w", err)
			}
			k.f = f
		}
		if err := flock(k.f, deadline); err != nil {
			k.close()
			return nil, nil, fmt.Errorf("history: locking %s: %w", path, err)
		}
		// A rewrite by another session may have renamed a new file over
		// the one held open (or someone removed it): appending to the old
		// inode would lose the entry.
		fst, err1 := k.f.Stat()
		pst, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(fst, pst) {
			return k.f, fst, nil
		}
		k.close()
		if err2 != nil && !errors.Is(err2, os.ErrNotExist) || err1 != nil {
			return nil, nil, fmt.Errorf("history: %w", errors.Join(err1, err2))
		}
		if time.Now().After(deadline) {
			return nil, nil, fmt.Errorf("history: locking %s: file keeps being replaced", path)
		}
	}
}

// unlock releases the lock lock took; the file stays open.
func (k *keptFile) unlock() {
	if k.f != nil {
		syscall.Flock(int(k.f.Fd()), syscall.LOCK_UN)
	}
}

// close closes the file, which releases its lock: after a rewrite, the
// path names another file.
func (k *keptFile) close() {
	if k.f != nil {
		k.f.Close()
		k.f = nil
	}
}

// flock takes an exclusive lock on f, polling so it can give up at deadline.
func flock(f *os.File, deadline time.Time) error {
	wait := time.Millisecond
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("held by another process for over %v", lockTimeout)
		}
		time.Sleep(wait)
		wait = min(2*wait, 50*time.Millisecond)
	}
}

// appendLocked writes data, whole records, to the locked file f, whose
// FileInfo is st, in a single write. If an earlier write was cut short (full
// disk, crash), the file does not end in a newline. A bare newline would turn
// the fragment into a record that parses (a command cut in half); a tab
// before it cannot be absorbed by any field, so the fragment stays a line
// that every reader skips. endsNL says the file is known to end in a
// newline (or be empty), which spares reading its last byte. It returns
// the number of bytes written.
func appendLocked(f *os.File, st os.FileInfo, data []byte, endsNL bool) (int, error) {
	if size := st.Size(); size > 0 && st.Mode().IsRegular() && !endsNL {
		var last [1]byte
		if _, err := f.ReadAt(last[:], size-1); err != nil {
			return 0, fmt.Errorf("history: %w", err)
		}
		if last[0] != '\n' {
			data = append([]byte{'\t', '\n'}, data...)
		}
	}
	n, err := f.Write(data)
	if err != nil {
		return n, fmt.Errorf("history: appending to %s: %w", f.Name(), err)
	}
	return n, nil
}

// rewriteLocked replaces the contents of the locked history file at path
// with data: written to a temporary file beside it, fsynced, then renamed
// over it, so that a crash or a full disk leaves either the old or the new
// file whole. It returns the new file's FileInfo.
func rewriteLocked(path string, data []byte) (_ os.FileInfo, err error) {
	// Renaming over a symlink would replace the link, not its target.
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".history-*")
	if err != nil {
		return nil, fmt.Errorf("history: rewriting: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return nil, fmt.Errorf("history: rewriting %s: %w", path, err)
	}
	st, err := tmp.Stat()
	if err != nil {
		return nil, fmt.Errorf("history: rewriting %s: %w", path, err)
	}
	if err := tmp.Sync(); err != nil {
		return nil, fmt.Errorf("history: rewriting %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return nil, fmt.Errorf("history: rewriting %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, fmt.Errorf("history: rewriting %s: %w", path, err)
	}
	// The rename must reach the disk too, or a crash could bring back the
	// old file after entries were deleted from it.
	if dir, err := os.Open(filepath.Dir(path)); err == nil {
		dir.Sync()
		dir.Close()
	}
	return st, nil
}
