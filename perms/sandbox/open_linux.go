//go:build linux

package sandbox

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// OpenResolved opens real, a path Resolve returned, following no
// symbolic link in any part of it (openat2 RESOLVE_NO_SYMLINKS): if a
// link was put in its way since it was judged, the open fails instead of
// following it. A regular file opened for writing must have no other
// hard link (ErrHardLinked); O_TRUNC applies only once that is known.
func OpenResolved(real string, flag int, perm os.FileMode) (*os.File, error) {
	how := unix.OpenHow{Flags: uint64(flag&^unix.O_TRUNC) | unix.O_CLOEXEC, Resolve: unix.RESOLVE_NO_SYMLINKS}
	if flag&(unix.O_CREAT|unix.O_TMPFILE) != 0 {
		how.Mode = uint64(perm.Perm())
	}
	fd, err := unix.Openat2(unix.AT_FDCWD, real, &how)
	if errors.Is(err, unix.ENOSYS) {
		// Before Linux 5.6: the last part at least is no link.
		fd, err = unix.Open(real, flag&^unix.O_TRUNC|unix.O_CLOEXEC|unix.O_NOFOLLOW, uint32(perm.Perm()))
	}
	if errors.Is(err, unix.ELOOP) {
		return nil, &fs.PathError{Op: "open", Path: real, Err: errors.New("a symbolic link appeared in its path while it was being opened")}
	}
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: real, Err: err}
	}
	f := os.NewFile(uintptr(fd), real)
	if flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND) == 0 {
		return f, nil
	}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: real, Err: err}
	}
	if st.Mode&unix.S_IFMT == unix.S_IFREG {
		if st.Nlink > 1 {
			f.Close()
			return nil, &fs.PathError{Op: "open", Path: real, Err: ErrHardLinked}
		}
		if flag&unix.O_TRUNC != 0 {
			if err := f.Truncate(0); err != nil {
				f.Close()
				return nil, &fs.PathError{Op: "open", Path: real, Err: err}
			}
		}
	}
	return f, nil
}
