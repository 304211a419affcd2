package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// RunReader parses src and runs each line's statements as soon as the line
// is parsed, as sh does: a syntax error further down does not stop what
// came before it, but stops its own line.
// name is used in syntax error messages. It returns the status to exit with
// and whether `exit` (or set -e) ended the shell.
func (s *Shell) RunReader(ctx context.Context, src io.Reader, name string) (status int, exited bool) {
	if f, ok := src.(*os.File); ok && f == s.stdin {
		return s.runStdinScript(ctx, f, name)
	}
	p := s.Parser()
	var verbose *verboseEcho
	if s.flags.verbose {
		verbose = &verboseEcho{w: s.stderr}
		src = io.TeeReader(src, verbose)
	}
	for st, err := range completeStmts(p.StmtsSeq(src), true) {
		if err != nil {
			s.reportSyntax(err, name)
			return 2, false
		}
		if verbose != nil {
			verbose.flush()
		}
		if s.skipAbandoned(st) {
			continue
		}
		exit, st := s.RunStmt(ctx, st)
		if exit, st = s.AfterStatement(ctx, exit, st); exit {
			return st, true
		}
		status = st
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

// completeStmts passes on the statements of seq once they are complete.
// A statement followed by another on its line gets its here-document
// bodies only when the parser reaches the end of the line, so it waits
// for the next statement (or the end of input). With byLine, as sh reads
// a script, every statement waits for its line to be parsed whole: a
// syntax error on a line keeps all of that line from running.
func completeStmts(seq iter.Seq2[*syntax.Stmt, error], byLine bool) iter.Seq2[*syntax.Stmt, error] {
	return func(yield func(*syntax.Stmt, error) bool) {
		var held []*syntax.Stmt
		flush := func() bool {
			for len(held) > 0 {
				st := held[0]
				held = held[1:]
				if !yield(st, nil) {
					return false
				}
			}
			return true
		}
		for st, err := range seq {
			if err != nil {
				var pe syntax.ParseError
				if byLine && len(held) > 0 && errors.As(err, &pe) && pe.Pos.Line() <= held[len(held)-1].End().Line() {
					held = nil
				}
				if flush() {
					yield(nil, err)
				}
				return
			}
			last := len(held) - 1
			sameLine := last >= 0 && held[last].End().Line() == st.Pos().Line()
			waiting := sameLine && (byLine || hasPendingHeredoc(held[last]))
			if !waiting && !flush() {
				return
			}
			held = append(held, st)
			if !byLine && !hasPendingHeredoc(st) && !flush() {
				return
			}
		}
		flush()
	}
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
	return s.RunReader(ctx, strings.NewReader(src), name)
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

// verboseEcho implements set -v: input is echoed to stderr as it is read.
type verboseEcho struct {
	w   io.Writer
	buf []byte
}

func (v *verboseEcho) Write(p []byte) (int, error) {
	v.buf = append(v.buf, p...)
	return len(p), nil
}

func (v *verboseEcho) flush() {
	if i := strings.LastIndexByte(string(v.buf), '\n'); i >= 0 {
		v.w.Write(v.buf[:i+1])
		v.buf = v.buf[i+1:]
	}
}

// runStdinScript runs a script read from the shell's own standard input.
// It is read a line at a time, and the statements of a line run when the
// parser asks for the next one, so that what they run (read, cat) gets
// the rest of the input, as in sh.
func (s *Shell) runStdinScript(ctx context.Context, f *os.File, name string) (status int, exited bool) {
	var held []*syntax.Stmt
	runHeld := func(all bool) {
		for len(held) > 0 && !exited {
			if !all && hasPendingHeredoc(held[0]) {
				return
			}
			st := held[0]
			held = held[1:]
			if s.skipAbandoned(st) {
				continue
			}
			exited, status = s.RunStmt(ctx, st)
			exited, status = s.AfterStatement(ctx, exited, status)
		}
	}
	var src io.Reader = &lineReader{r: f, before: func() bool {
		runHeld(false)
		return !exited
	}}
	var verbose *verboseEcho
	if s.flags.verbose {
		verbose = &verboseEcho{w: s.stderr}
		src = io.TeeReader(src, verbose)
	}
	for st, err := range s.Parser().StmtsSeq(src) {
		if exited {
			return status, true
		}
		if err != nil {
			// The line with the error does not run at all.
			var pe syntax.ParseError
			if errors.As(err, &pe) {
				for len(held) > 0 && held[len(held)-1].End().Line() >= pe.Pos.Line() {
					held = held[:len(held)-1]
				}
			}
			if runHeld(true); exited {
				return status, true
			}
			s.reportSyntax(err, name)
			return 2, false
		}
		if verbose != nil {
			verbose.flush()
		}
		held = append(held, st)
	}
	runHeld(true)
	return status, exited
}

// lineReader reads from r one byte at a time and returns at most one line
// per Read, so that nothing after the line is consumed. before runs first
// on each Read; when it returns false, Read reports the end of input.
type lineReader struct {
	r      io.Reader
	before func() bool
}

func (l *lineReader) Read(p []byte) (int, error) {
	if l.before != nil && !l.before() {
		return 0, io.EOF
	}
	n := 0
	var b [1]byte
	for n < len(p) {
		m, err := l.r.Read(b[:])
		if m == 1 {
			p[n] = b[0]
			n++
			if b[0] == '\n' {
				return n, nil
			}
		}
		if err != nil {
			if n > 0 && err == io.EOF {
				return n, nil
			}
			return n, err
		}
	}
	return n, nil
}
