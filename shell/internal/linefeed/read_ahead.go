package linefeed

import (
	"bytes"
	"io"
	"os"
	"strings"
)

// ReadAhead hands note the whole of a file or string of code before its
// first line is parsed, so that the features it names are known to the
// parse of every line (a function defined above shopt -s nocasematch at
// the bottom of a script is parsed for it too). Standard input, a
// terminal or a large file is left to the line reader. It returns a
// reader of the same text.
func ReadAhead(src io.Reader, note func(text string)) io.Reader {
	switch f := src.(type) {
	case *strings.Reader:
		if f.Len() > readAheadLimit {
			return src
		}
	case interface{ Stat() (os.FileInfo, error) }:
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > readAheadLimit {
			return src
		}
	default:
		return src
	}
	data, err := io.ReadAll(src)
	note(string(data))
	if err != nil {
		return io.MultiReader(bytes.NewReader(data), errReader{err})
	}
	return bytes.NewReader(data)
}

// readAheadLimit is the largest text ReadAhead reads whole.
const readAheadLimit = 4 << 20

// ReadAheadString is ReadAhead and Buffered for code already in a
// string (a -c string): its lines, without copying them.
func ReadAheadString(src string, note func(text string)) Lines {
	if len(src) <= readAheadLimit {
		note(src)
	}
	return Text(src)
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
