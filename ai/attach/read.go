package attach

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Default limits of [Options].
const (
	DefaultMaxBytes   = 8 << 20
	DefaultMaxEntries = 1000
)

// Options say where relative paths start and how much Read takes.
type Options struct {
	// Dir is the directory relative paths are resolved against.
	Dir string
	// Home replaces a leading ~ (empty: ~ is not expanded).
	Home string
	// MaxBytes refuses larger files (0: DefaultMaxBytes); what is read is
	// cut to the token budget later, this bound only keeps memory sane.
	MaxBytes int64
	// MaxEntries bounds a directory listing (0: DefaultMaxEntries).
	MaxEntries int
}

// File is an attachment: a file's text or a directory's listing, whole or
// cut. Its text is Head, then (when Omitted > 0) a marker, then Tail.
type File struct {
	// Path names the file as the user did (unquoted, ~ not expanded).
	Path string
	// Dir marks a directory listing, one entry a line.
	Dir bool
	// Lines is how many lines (entries) the whole file (directory) has.
	Lines int
	// Head and Tail are the lines shown; Tail is empty unless the file
	// was cut in the middle.
	Head, Tail string
	// Omitted is how many lines (entries) between Head and Tail are not
	// shown.
	Omitted int
}

// Error is why a mention could not be attached, in one line.
type Error struct {
	Path   string
	Reason string
}

// Error names the mention as typed, @path, and says why.
func (e *Error) Error() string { return "@" + e.Path + ": " + e.Reason }

// Read reads what ref names: a text file's content or a directory's
// listing. A missing, unreadable, special, binary or too large file is an
// [*Error]. A path that does not exist but would without trailing
// punctuation ("see @main.go,") is read without it.
func Read(ref Ref, opt Options) (File, error) {
	name := ref.Path
	full := resolve(name, opt)
	fi, err := os.Stat(full)
	if errors.Is(err, fs.ErrNotExist) {
		if trimmed := strings.TrimRight(name, ".,;:!?)]}'\""); trimmed != "" && trimmed != name {
			// Missing either way, the name without the punctuation is
			// the one the user meant.
			name = trimmed
			if fi2, err2 := os.Stat(resolve(trimmed, opt)); err2 == nil {
				full, fi, err = resolve(trimmed, opt), fi2, nil
			}
		}
	}
	if err != nil {
		return File{}, &Error{Path: name, Reason: reason(err)}
	}
	if fi.IsDir() {
		return readDir(name, full, opt)
	}
	if !fi.Mode().IsRegular() {
		return File{}, &Error{Path: name, Reason: "not a regular file"}
	}
	max := opt.MaxBytes
	if max <= 0 {
		max = DefaultMaxBytes
	}
	if fi.Size() > max {
		return File{}, &Error{Path: name, Reason: fmt.Sprintf("too large to attach (%s; the limit is %s)", size(fi.Size()), size(max))}
	}
	f, err := os.Open(full)
	if err != nil {
		return File{}, &Error{Path: name, Reason: reason(err)}
	}
	defer f.Close()
	// Files under /proc report a size of 0: the bound applies to what
	// is read too.
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return File{}, &Error{Path: name, Reason: reason(err)}
	}
	if int64(len(b)) > max {
		return File{}, &Error{Path: name, Reason: fmt.Sprintf("too large to attach (the limit is %s)", size(max))}
	}
	if binary(b) {
		return File{}, &Error{Path: name, Reason: "binary file, not attached"}
	}
	text := strings.ToValidUTF8(string(b), "\uFFFD")
	return File{Path: name, Lines: countLines(text), Head: text}, nil
}

func resolve(p string, opt Options) string {
	if opt.Home != "" && (p == "~" || strings.HasPrefix(p, "~/")) {
		p = opt.Home + p[1:]
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(opt.Dir, p)
	}
	return p
}

func reason(err error) string {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "no such file or directory"
	case errors.Is(err, fs.ErrPermission):
		return "cannot read it: permission denied"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return "cannot read it: " + pe.Err.Error()
	}
	return "cannot read it: " + err.Error()
}

// binary reports whether b looks like something other than text: a NUL
// byte, or many control characters or invalid UTF-8 sequences, in its
// first 8 KiB.
func binary(b []byte) bool {
	head := b[:min(len(b), 8<<10)]
	if bytes.IndexByte(head, 0) >= 0 {
		return true
	}
	odd := 0
	for i := 0; i < len(head); {
		r, n := utf8.DecodeRune(head[i:])
		if r == utf8.RuneError && n == 1 && len(head)-i >= utf8.UTFMax {
			odd++
		} else if r < 0x20 && r != '\n' && r != '\r' && r != '\t' && r != '\f' && r != '\v' && r != 0x1b {
			odd++
		}
		i += n
	}
	return odd*10 > len(head)
}

// readDir lists a directory: one entry a line, directories with a
// trailing slash, files with their size.
func readDir(name, full string, opt Options) (File, error) {
	entries, err := os.ReadDir(full)
	if err != nil {
		return File{}, &Error{Path: name, Reason: reason(err)}
	}
	limit := opt.MaxEntries
	if limit <= 0 {
		limit = DefaultMaxEntries
	}
	var b strings.Builder
	for i, e := range entries {
		if i == limit {
			break
		}
		b.WriteString(e.Name())
		switch info, err := e.Info(); {
		case e.IsDir():
			b.WriteString("/")
		case err == nil && e.Type()&fs.ModeSymlink != 0:
			if target, err := os.Readlink(filepath.Join(full, e.Name())); err == nil {
				b.WriteString(" -> " + target)
			}
		case err == nil && info.Mode().IsRegular():
			b.WriteString("  " + size(info.Size()))
		}
		b.WriteString("\n")
	}
	f := File{Path: name, Dir: true, Lines: len(entries), Head: b.String()}
	if len(entries) > limit {
		f.Omitted = len(entries) - limit
	}
	return f, nil
}

// size is a byte count for people.
func size(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 10<<10:
		return fmt.Sprintf("%d KB", n>>10)
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// countLines counts lines, a last line without a newline included.
func countLines(s string) int {
	n := strings.Count(s, "\n")
	if s != "" && !strings.HasSuffix(s, "\n") {
		n++
	}
	return n
}
