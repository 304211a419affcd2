package linefeed

import (
	"bufio"
	"io"
	"os"
	"strings"
)

// Lines returns the next line of source with its newline (the last one
// may have none), or an error at the end.
type Lines func() (string, error)

// Buffered reads lines from r through a buffer.
func Buffered(r io.Reader) Lines {
	br := bufio.NewReader(r)
	return func() (string, error) { return br.ReadString('\n') }
}

// Text returns the lines of src, as Buffered would read them from a
// reader of it, without copying them.
func Text(src string) Lines {
	return func() (string, error) {
		i := strings.IndexByte(src, '\n')
		if i < 0 {
			line := src
			src = ""
			return line, io.EOF
		}
		line := src[:i+1]
		src = src[i+1:]
		return line, nil
	}
}

// Unbuffered reads lines from f a byte at a time, so that nothing
// after the line is consumed.
func Unbuffered(f *os.File) Lines {
	var b [1]byte
	var line []byte
	return func() (string, error) {
		line = line[:0]
		for {
			n, err := f.Read(b[:])
			if n == 1 {
				line = append(line, b[0])
				if b[0] == '\n' {
					return string(line), nil
				}
			}
			if err != nil {
				if err == io.EOF && len(line) > 0 {
					return string(line), nil
				}
				return string(line), err
			}
		}
	}
}

// Feeder is the reader the parser reads from: one line per Read.
// Before it reads a line it calls Before, which runs the statements parsed
// so far; it returns the line with its aliases expanded.
type Feeder struct {
	Next   Lines
	Before func() bool
	Expand func(string) string
	Flush  func() string // a line expand held back, at the end
	Echo   func(string)  // set -v
	Seen   func(string)  // every line read, raw
	Log    *Log          // the lines fed since the last statement
	rest   string
	err    error
}

// Read gives the parser the rest of the current line, reading the next
// one when it is used up.
func (l *Feeder) Read(p []byte) (int, error) {
	for l.rest == "" {
		if l.err != nil {
			return 0, l.err
		}
		if l.Before != nil && !l.Before() {
			l.err = io.EOF
			return 0, io.EOF
		}
		line, err := l.Next()
		if err != nil {
			l.err = err
		}
		if line == "" {
			if l.Flush != nil {
				if l.rest = l.Flush(); l.rest != "" {
					if l.Log != nil {
						l.Log.Add(l.rest)
					}
					break
				}
			}
			if err == nil {
				err = io.EOF
			}
			return 0, err
		}
		if l.Echo != nil {
			l.Echo(line)
		}
		if l.Seen != nil {
			l.Seen(line)
		}
		if l.Expand != nil {
			// It may hold the line back to read it with the next.
			line = l.Expand(line)
		}
		if l.Log != nil {
			l.Log.Add(line)
		}
		l.rest = line
	}
	n := copy(p, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}
