package shell

import (
	"bytes"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// scanAhead notes the features a whole file or string of code names
// before its first line is parsed, so that a function defined above the
// line that names them (shopt -s nocasematch at the bottom of a script)
// is parsed for them too. Standard input, a terminal or a large file is
// left to the line reader. It returns a reader of the same text.
func (s *Shell) scanAhead(r *interp.Runner, src io.Reader) io.Reader {
	const limit = 4 << 20
	switch f := src.(type) {
	case *strings.Reader:
		if f.Len() > limit {
			return src
		}
	case interface{ Stat() (os.FileInfo, error) }:
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > limit {
			return src
		}
	default:
		return src
	}
	data, err := io.ReadAll(src)
	s.noteSourceUse(r, string(data))
	if err != nil {
		return io.MultiReader(bytes.NewReader(data), errReader{err})
	}
	return bytes.NewReader(data)
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
