package linefeed

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A here-document that the end of the source ends before its delimiter
// is, as in bash, a warning: its body is the rest of the source. The
// parser rejects it (unclosed here-document), so the line reader keeps
// the lines it fed since the last complete statement (Log), and on
// that error parses them again with the delimiter added.

// HeredocAtEOF parses again, with the missing delimiters added, the
// source since the statement that ended at after, when err is an
// unclosed here-document at the end of the source. The statements of
// held (parsed, not run) from the one with the here-document on are
// parsed again too, and dropped from it. It warns on standard error as
// bash does (name starts the message) and returns the statements,
// parsed by parser.
func (log *Log) HeredocAtEOF(parser *syntax.Parser, stderr io.Writer, name string, err error, held *[]*syntax.Stmt, after syntax.Pos) ([]*syntax.Stmt, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) || log == nil {
		return nil, false
	}
	if _, ok := UnclosedHeredoc(pe); !ok {
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
	src := log.Since(after)
	if src == "" {
		return nil, false
	}
	last := log.Last()
	for range 10 {
		delim, ok := UnclosedHeredoc(pe)
		if !ok {
			return nil, false
		}
		fmt.Fprintf(stderr, "%s: line %d: warning: here-document at line %d delimited by end-of-file (wanted `%s')\n",
			name, last, pe.Pos.Line(), delim)
		if !strings.HasSuffix(src, "\n") {
			src += "\n"
		}
		src += delim + "\n"
		f, err := parser.Parse(strings.NewReader(src), "")
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
