package shell

import (
	"errors"
	"io"
	"nosh/shell/internal/alias"
	"nosh/shell/internal/engine"
	"nosh/shell/internal/linefeed"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// parseLines parses the source next returns in r's aliases and hands each
// statement to run: as soon as the parser asks for the line after it, or,
// for a statement with a here-document, once the body is read. run
// reports whether to stop. A syntax error keeps the whole line it is on
// from running; parseLines returns it after running what came before.
// It reports whether run stopped it. noted says the whole text went
// through noteSourceUse already (linefeed.ReadAhead); otherwise each line
// does as it is read.
func (s *Shell) parseLines(r *interp.Runner, next linefeed.Lines, verbose, noted bool, run func(*syntax.Stmt) bool) (bool, error) {
	var held []*syntax.Stmt
	stopped := false
	// heredocs says a line parsed so far may open a here-document: only
	// then is a statement walked for one whose body is still to come.
	heredocs := false
	runHeld := func(all bool) {
		for len(held) > 0 && !stopped {
			if !all && heredocs && hasPendingHeredoc(held[0]) {
				return
			}
			st := held[0]
			held = held[1:]
			stopped = run(st)
		}
	}
	exp := alias.NewExpander(aliasLookup(r), s.posixMode, engine.BadSubstReplacement)
	sawHeredoc := func(line string) string {
		if !heredocs && strings.Contains(line, "<<") {
			heredocs = true
		}
		return line
	}
	feeder := &linefeed.Feeder{
		Next:   next,
		Before: func() bool { runHeld(false); return !stopped },
		Expand: func(line string) string { return sawHeredoc(exp.Line(line)) },
		Flush:  func() string { return sawHeredoc(exp.Flush()) },
		Log:    linefeed.NewLog(),
	}
	if !noted {
		feeder.Seen = func(line string) { s.noteSourceUse(r, line) }
	}
	var lastEnd syntax.Pos // of the last statement parsed
	if verbose {
		feeder.Echo = func(line string) {
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
			if tail, ok := feeder.Log.HeredocAtEOF(s.Parser(), s.stderr, s.Name, err, &held, lastEnd); ok {
				held = append(held, tail...)
				break
			}
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
		noteFuncSources(s.eng, st, feeder.Log)
		lastEnd = st.End()
		feeder.Log.Trim(int(lastEnd.Line()))
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
	s.noteSourceUse(r, text)
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

// noteSourceUse is told each line of code the shell reads: FUNCNAME
// tracking and the engine's source gates look for the names that turn
// them on.
func (s *Shell) noteSourceUse(r *interp.Runner, line string) {
	s.eng.NoteFuncnameUse(r, line)
	s.eng.NoteSource(line)
}
