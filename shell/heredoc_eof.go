package shell

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// A here-document that the end of the source ends before its delimiter
// is, as in bash, a warning: its body is the rest of the source. The
// parser rejects it (unclosed here-document), so the line reader keeps
// the lines it fed since the last complete statement (feedLog), and on
// that error parses them again with the delimiter added.

// feedLog is the source fed to the parser from line first on.
type feedLog struct {
	first int
	lines []string // line first+i, with its newline (but maybe the last)
}

// add records text fed to the parser.
func (f *feedLog) add(text string) {
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

// trim forgets the lines before line.
func (f *feedLog) trim(line int) {
	if drop := line - f.first; drop > 0 {
		drop = min(drop, len(f.lines))
		f.lines = append(f.lines[:0], f.lines[drop:]...)
		f.first += drop
	}
}

// last returns the number of the last line fed.
func (f *feedLog) last() int { return f.first + len(f.lines) - 1 }

// since returns the source from pos on (all of it if pos is not valid),
// preceded by blank space that keeps its lines and columns where they
// were.
func (f *feedLog) since(pos syntax.Pos) string {
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

// heredocAtEOF parses again, with the missing delimiters added, the
// source since the statement that ended at after, when err is an
// unclosed here-document at the end of the source. The statements of
// held (parsed, not run) from the one with the here-document on are
// parsed again too, and dropped from it. It warns on standard error as
// bash does and returns the statements.
func (s *Shell) heredocAtEOF(err error, log *feedLog, held *[]*syntax.Stmt, after syntax.Pos) ([]*syntax.Stmt, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || log == nil {
		return nil, false
	}
	if _, ok := unclosedHeredoc(pe); !ok {
		return nil, false
	}
	keep := len(*held)
	for keep > 0 && (*held)[keep-1].End().Line() >= pe.Pos.Line() {
		keep--
	}
	if keep < len(*held) {
		// Just before the statement: its own position is inside it.
		after = (*held)[keep].Pos()
	}
	src := log.since(after)
	if src == "" {
		return nil, false
	}
	last := log.last()
	for range 10 {
		delim, ok := unclosedHeredoc(pe)
		if !ok {
			return nil, false
		}
		fmt.Fprintf(s.stderr, "%s: line %d: warning: here-document at line %d delimited by end-of-file (wanted `%s')\n",
			s.Name, last, pe.Pos.Line(), delim)
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		src += delim + "\n"
		f, err := s.Parser().Parse(strings.NewReader(src), "")
		if err == nil {
			*held = (*held)[:keep]
			return f.Stmts, true
		}
		if !errors.As(err, &pe) {
			return nil, false
		}
	}
	return nil, false
}

// unclosedHeredoc returns the delimiter of the here-document pe says is
// unclosed.
func unclosedHeredoc(pe syntax.ParseError) (string, bool) {
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

// noteSourceUse is told each line of code the shell reads: FUNCNAME
// tracking and the engine's source gates look for the names that turn
// them on.
func (s *Shell) noteSourceUse(r *interp.Runner, line string) {
	s.eng.NoteFuncnameUse(r, line)
	s.eng.NoteSource(line)
}
