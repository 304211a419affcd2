package shell

import (
	"context"
	intr "nosh/shell/internal/interrupt"
	"os"

	"mvdan.cc/sh/v3/syntax"
)

// getenv reads a shell variable, so that an API key exported in the
// session counts at once.
func (s *Shell) getenv(name string) string {
	v, _ := s.Var(name)
	return v
}

// prefill puts text into the line editor for the next prompt.
func (se *session) prefill(text string) {
	if se.rl == nil {
		return
	}
	se.pending = text
	se.rl.Keys.Feed(false, []rune(prefillSeq)...)
}

// runStmts runs parsed statements as one line typed at the prompt: each
// gets its own context, cancelled by an interrupt (Ctrl+C).
func (se *session) runStmts(ctx context.Context, stmts []*syntax.Stmt, interrupts <-chan os.Signal) (exit bool, status int) {
	s := se.sh
	for _, st := range stmts {
		runCtx, cancel := context.WithCancel(ctx)
		stop := intr.Watch(interrupts, cancel)
		exit, status = s.RunStmt(runCtx, st)
		// An exit inside an ERR or EXIT trap is only seen here.
		exit, status = s.AfterStatement(runCtx, exit, status)
		stop()
		cancel()
		if exit {
			return true, status
		}
		if s.lineInterrupted() || s.lineAborted() {
			// Ctrl+C or an error ended the statement: like bash, abandon
			// the rest of the line.
			break
		}
	}
	return false, status
}
