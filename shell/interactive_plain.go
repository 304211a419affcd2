package shell

import (
	"bufio"
	"context"
	"fmt"
	"io"
)

// interactPlain is the interactive loop without a line editor, used when
// -i is given but standard input is not a terminal: it prints PS1 and PS2
// to standard error and reads lines as a pipe delivers them.
func (s *Shell) interactPlain(ctx context.Context, in io.Reader) int {
	p := s.Parser()
	status := 0
	prompt := func(name, def string) {
		v := s.Runner.Env.Get(name)
		text := def
		if v.IsSet() {
			text = v.String()
		}
		fmt.Fprint(s.stderr, text)
	}
	prompt("PS1", "$ ")
	for stmts, err := range p.InteractiveSeq(bufio.NewReader(in)) {
		if err != nil {
			s.reportSyntax(err, "stdin")
			status = 2
			prompt("PS1", "$ ")
			continue
		}
		if p.Incomplete() {
			prompt("PS2", "> ")
			continue
		}
		for _, st := range stmts {
			exit, st := s.RunStmt(ctx, st)
			status = st
			if exit {
				return status
			}
		}
		prompt("PS1", "$ ")
	}
	fmt.Fprintln(s.stderr)
	return s.Exit(ctx, status)
}
