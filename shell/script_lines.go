package shell

import (
	"bufio"
	"errors"
	"io"
	"nosh/shell/internal/alias"
	"nosh/shell/internal/engine"
	"os"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Source is read a line at a time, as bash reads it: the statements that a
// line completes run before the next line is read, so that an alias they
// define applies from the next line on, and the next line is expanded for
// aliases when it is read (package shell/internal/alias).

// lineFunc returns the next line of source with its newline (the last one
// may have none), or an error at the end.
type lineFunc func() (string, error)

// bufferedLines reads lines from r through a buffer.
func bufferedLines(r io.Reader) lineFunc {
	br := bufio.NewReader(r)
	return func() (string, error) { return br.ReadString('\n') }
}

// unbufferedLines reads lines from f a byte at a time, so that nothing
// after the line is consumed.
func unbufferedLines(f *os.File) lineFunc {
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

// lineFeeder is the reader the parser reads from: one line per Read.
// Before it reads a line it calls before, which runs the statements parsed
// so far; it returns the line with its aliases expanded.
type lineFeeder struct {
	next   lineFunc
	before func() bool
	expand func(string) string
	flush  func() string // a line expand held back, at the end
	echo   func(string)  // set -v
	seen   func(string)  // every line read, raw
	rest   string
	err    error
}

func (l *lineFeeder) Read(p []byte) (int, error) {
	for l.rest == "" {
		if l.err != nil {
			return 0, l.err
		}
		if l.before != nil && !l.before() {
			l.err = io.EOF
			return 0, io.EOF
		}
		line, err := l.next()
		if err != nil {
			l.err = err
		}
		if line == "" {
			if l.flush != nil {
				if l.rest = l.flush(); l.rest != "" {
					break
				}
			}
			if err == nil {
				err = io.EOF
			}
			return 0, err
		}
		if l.echo != nil {
			l.echo(line)
		}
		if l.seen != nil {
			l.seen(line)
		}
		if l.expand != nil {
			// It may hold the line back to read it with the next.
			line = l.expand(line)
		}
		l.rest = line
	}
	n := copy(p, l.rest)
	l.rest = l.rest[n:]
	return n, nil
}

// parseLines parses the source next returns in r's aliases and hands each
// statement to run: as soon as the parser asks for the line after it, or,
// for a statement with a here-document, once the body is read. run
// reports whether to stop. A syntax error keeps the whole line it is on
// from running; parseLines returns it after running what came before.
// It reports whether run stopped it.
func (s *Shell) parseLines(r *interp.Runner, next lineFunc, verbose bool, run func(*syntax.Stmt) bool) (bool, error) {
	var held []*syntax.Stmt
	stopped := false
	runHeld := func(all bool) {
		for len(held) > 0 && !stopped {
			if !all && hasPendingHeredoc(held[0]) {
				return
			}
			st := held[0]
			held = held[1:]
			stopped = run(st)
		}
	}
	exp := alias.NewExpander(aliasLookup(r), s.posixMode, engine.BadSubstReplacement)
	feeder := &lineFeeder{
		next:   next,
		before: func() bool { runHeld(false); return !stopped },
		expand: exp.Line,
		flush:  exp.Flush,
		seen:   func(line string) { s.eng.NoteFuncnameUse(r, line) },
	}
	if verbose {
		feeder.echo = func(line string) {
			s.mu.Lock()
			on := s.flags.Verbose
			s.mu.Unlock()
			if on {
				io.WriteString(s.stderr, line)
			}
		}
	}
	for st, err := range s.Parser().StmtsSeq(feeder) {
		if stopped {
			return true, nil
		}
		if err != nil {
			var pe syntax.ParseError
			if errors.As(err, &pe) {
				for len(held) > 0 && held[len(held)-1].End().Line() >= pe.Pos.Line() {
					held = held[:len(held)-1]
				}
			}
			if runHeld(true); stopped {
				return true, nil
			}
			return false, err
		}
		held = append(held, st)
	}
	runHeld(true)
	return stopped, nil
}

// expandAliasesIn returns text with the aliases of the main runner
// expanded, as the lines of one command line typed at the prompt.
func (s *Shell) expandAliasesIn(text string) string {
	return s.expandAliasesOn(s.Runner, text)
}

// expandAliasesOn returns text with r's aliases expanded.
func (s *Shell) expandAliasesOn(r *interp.Runner, text string) string {
	s.eng.NoteFuncnameUse(r, text)
	e := alias.NewExpander(aliasLookup(r), s.posixMode, engine.BadSubstReplacement)
	var b []byte
	for len(text) > 0 {
		i := 0
		for i < len(text) && text[i] != '\n' {
			i++
		}
		if i < len(text) {
			i++
		}
		b = append(b, e.Line(text[:i])...)
		text = text[i:]
	}
	b = append(b, e.Flush()...)
	return string(b)
}

// posixMode reports whether set -o posix is on.
func (s *Shell) posixMode() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flags.Posix
}
