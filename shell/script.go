package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/internal/linefeed"
	"os"

	"mvdan.cc/sh/v3/syntax"
)

// RunReader parses src and runs each line's statements as soon as the line
// is parsed, as sh does: a syntax error further down does not stop what
// came before it, but stops its own line. Aliases the script defines apply
// from the next line on (see parseLines).
// name is used in syntax error messages. It returns the status to exit with
// and whether `exit` (or set -e) ended the shell.
func (s *Shell) RunReader(ctx context.Context, src io.Reader, name string) (status int, exited bool) {
	noted := false
	if f, ok := src.(*os.File); !ok || f != s.stdin {
		src, noted = linefeed.ReadAhead(src, s.noteSource)
	}
	next := linefeed.Buffered(src)
	if f, ok := src.(*os.File); ok && f == s.stdin {
		// What the script runs (read, cat) gets the rest of the input:
		// nothing past the line being parsed may be consumed.
		next = linefeed.Unbuffered(f)
	}
	return s.runLines(ctx, next, noted, name)
}

// noteSource is noteSourceUse on the main runner.
func (s *Shell) noteSource(text string) { s.noteSourceUse(s.Runner, text) }

// runLines is RunReader on the lines of its source; noted says the whole
// of it went through noteSource already.
func (s *Shell) runLines(ctx context.Context, next linefeed.Lines, noted bool, name string) (status int, exited bool) {
	_, err := s.parseLines(s.Runner, next, true, noted, func(st *syntax.Stmt) bool {
		if s.skipAbandoned(st) {
			return false
		}
		exit, st2 := s.RunStmt(ctx, st)
		if s.Interactive && s.lineAborted() {
			// An error abandoned the line (-i -c, startup files).
			s.abandoned = st.End().Line()
		}
		exited, status = s.AfterStatement(ctx, exit, st2)
		return exited
	})
	if exited {
		return status, true
	}
	if err != nil {
		s.reportSyntax(err, name)
		return 2, false
	}
	return status, false
}

// skipAbandoned reports whether st is on the line that an error has just
// abandoned (see abort.go).
func (s *Shell) skipAbandoned(st *syntax.Stmt) bool {
	if s.abandoned == 0 {
		return false
	}
	if st.Pos().Line() == s.abandoned {
		return true
	}
	s.abandoned = 0
	return false
}

// hasPendingHeredoc reports whether st has a here-document whose body
// the parser has not read yet (or an empty one).
func hasPendingHeredoc(st *syntax.Stmt) bool {
	pending := false
	syntax.Walk(st, func(n syntax.Node) bool {
		if rd, ok := n.(*syntax.Redirect); ok && (rd.Op == syntax.Hdoc || rd.Op == syntax.DashHdoc) && rd.Hdoc == nil {
			pending = true
		}
		return !pending
	})
	return pending
}

// RunString runs src (a -c string or a sourced text) as RunReader does.
func (s *Shell) RunString(ctx context.Context, src, name string) (status int, exited bool) {
	next, noted := linefeed.ReadAheadString(src, s.noteSource)
	if name == "-c" {
		s.commandString = true
		defer func() { s.commandString = false }()
	}
	return s.runLines(ctx, next, noted, name)
}

// reportSyntax prints a parse error as FILE:LINE:COL: message.
func (s *Shell) reportSyntax(err error, name string) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		pe.Filename = name
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, pe)
		return
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		le.Filename = name
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, le)
		return
	}
	fmt.Fprintf(s.stderr, "%s: %s: %v\n", s.Name, name, err)
}
