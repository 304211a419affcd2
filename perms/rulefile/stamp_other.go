//go:build !unix

package rulefile

import "io/fs"

func stampOf(fi fs.FileInfo) stamp {
	return stamp{ok: true, mod: fi.ModTime(), size: fi.Size()}
}
