package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// RunReader parses src statement by statement and runs each as soon as it
// is parsed, as sh does: a syntax error further down does not stop what
// came before it, and an alias defined on one line applies to the next.
// name is used in syntax error messages. It returns the status to exit with
// and whether `exit` (or set -e) ended the shell.
func (s *Shell) RunReader(ctx context.Context, src io.Reader, name string) (status int, exited bool) {
	p := s.Parser()
	var verbose *verboseEcho
	if s.flags.verbose {
		verbose = &verboseEcho{w: s.stderr}
		src = io.TeeReader(src, verbose)
	}
	for st, err := range p.StmtsSeq(src) {
		if err != nil {
			s.reportSyntax(err, name)
			return 2, false
		}
		if verbose != nil {
			verbose.flush()
		}
		if exit, st := s.RunStmt(ctx, st); exit {
			return st, true
		} else {
			status = st
		}
	}
	return status, false
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
