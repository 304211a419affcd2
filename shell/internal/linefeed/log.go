package linefeed

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Log is the source fed to the parser from line first on.
type Log struct {
	first int      // the number of the first line kept
	lines []string // line first+i, with its newline (but maybe the last)
}

// Add records text fed to the parser.
func (f *Log) Add(text string) {
	for text != "" {
		if n := len(f.lines); n > 0 && !strings.HasSuffix(f.lines[n-1], "\n") {
			i := strings.IndexByte(text, '\n') + 1
			if i == 0 {
				i = len(text)
			}
			f.lines[n-1] += text[:i]
			text = text[i:]
			continue
		}
		i := strings.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		f.lines = append(f.lines, text[:i])
		text = text[i:]
	}
}

// Trim forgets the lines before line.
func (f *Log) Trim(line int) {
	if drop := line - f.first; drop > 0 {
		drop = min(drop, len(f.lines))
		f.lines = append(f.lines[:0], f.lines[drop:]...)
		f.first += drop
	}
}

// Last returns the number of the last line fed.
func (f *Log) Last() int { return f.first + len(f.lines) - 1 }

// Since returns the source from pos on (all of it if pos is not valid),
// preceded by blank space that keeps its lines and columns where they
// were.
func (f *Log) Since(pos syntax.Pos) string {
	var b strings.Builder
	line, col := f.first, 1
	if pos.IsValid() {
		line, col = int(pos.Line()), int(pos.Col())
	}
	if line < f.first || line-f.first >= len(f.lines) {
		return ""
	}
	b.WriteString(strings.Repeat("\n", line-1))
	text := f.lines[line-f.first]
	col = min(max(col-1, 0), len(text))
	b.WriteString(strings.Repeat(" ", col))
	b.WriteString(text[col:])
	for _, l := range f.lines[line-f.first+1:] {
		b.WriteString(l)
	}
	return b.String()
}

// NewLog returns an empty log whose first line is line 1.
func NewLog() *Log { return &Log{first: 1} }

// Slice returns the source from pos to end, "" if the log no longer has
// all of it.
func (f *Log) Slice(pos, end syntax.Pos) string {
	if !pos.IsValid() || !end.IsValid() {
		return ""
	}
	l1, l2 := int(pos.Line())-f.first, int(end.Line())-f.first
	if l1 < 0 || l2 >= len(f.lines) || l2 < l1 {
		return ""
	}
	c1, c2 := int(pos.Col())-1, int(end.Col())-1
	if l1 == l2 {
		line := f.lines[l1]
		if c1 < 0 || c2 > len(line) || c2 < c1 {
			return ""
		}
		return line[c1:c2]
	}
	first, last := f.lines[l1], f.lines[l2]
	if c1 < 0 || c1 > len(first) || c2 < 0 || c2 > len(last) {
		return ""
	}
	var b strings.Builder
	b.WriteString(first[c1:])
	for _, l := range f.lines[l1+1 : l2] {
		b.WriteString(l)
	}
	b.WriteString(last[:c2])
	return b.String()
}

// UnclosedHeredoc returns the delimiter of the here-document pe says is
// unclosed.
func UnclosedHeredoc(pe syntax.ParseError) (string, bool) {
	rest, ok := strings.CutPrefix(pe.Text, "unclosed here-document ")
	if !ok || len(rest) < 2 {
		return "", false
	}
	switch rest[0] {
	case '`':
		return rest[1 : len(rest)-1], true
	case '"':
		var d string
		_, err := fmt.Sscanf(rest, "%q", &d)
		return d, err == nil
	}
	return "", false
}
