//go:build unix

package rulefile

import (
	"io/fs"
	"syscall"
)

func stampOf(fi fs.FileInfo) stamp {
	st := stamp{ok: true, mod: fi.ModTime(), size: fi.Size()}
	if sys, ok := fi.Sys().(*syscall.Stat_t); ok {
		st.inode = uint64(sys.Ino)
	}
	return st
}
