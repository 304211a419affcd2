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
// reader of the same text, and whether note saw all of it (then the
// lines need not be noted again one by one).
func ReadAhead(src io.Reader, note func(text string)) (io.Reader, bool) {
	size := 0
	switch f := src.(type) {
	case *strings.Reader:
		if f.Len() > readAheadLimit {
			return src, false
		}
		size = f.Len()
	case interface{ Stat() (os.FileInfo, error) }:
		fi, err := f.Stat()
		if err != nil || !fi.Mode().IsRegular() || fi.Size() > readAheadLimit {
			return src, false
		}
		size = int(fi.Size())
	default:
		return src, false
	}
	// One read of the size known and one to see the end, where
	// io.ReadAll would start at 512 bytes and grow, as os.ReadFile does.
	data := make([]byte, 0, size+1)
	var err error
	for {
		var n int
		n, err = src.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			break
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
	}
	note(string(data))
	if err != nil {
		return io.MultiReader(bytes.NewReader(data), errReader{err}), false
	}
	return bytes.NewReader(data), true
}

// readAheadLimit is the largest text ReadAhead reads whole.
const readAheadLimit = 4 << 20

// ReadAheadString is ReadAhead and Buffered for code already in a
// string (a -c string): its lines, without copying them, and whether
// note saw all of it.
func ReadAheadString(src string, note func(text string)) (Lines, bool) {
	if len(src) > readAheadLimit {
		return Text(src), false
	}
	note(src)
	return Text(src), true
}

// errReader fails every read with err.
type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
