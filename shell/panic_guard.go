package shell

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// A panic in the interpreter (a construct it cannot handle, such as
// a[a[0]=1]=x) must never crash nosh: the main runner's statements are
// guarded by runGuarded, and every other runner nosh starts (subshells,
// command substitutions, pipeline stages, process substitutions,
// background jobs, traps) runs its statements through stmtsGuarded,
// which makes the panic a one-line error and status 1 of that runner.

// stmtsGuarded runs stmts in r, catching a panic.
func (s *Shell) stmtsGuarded(ctx context.Context, r *interp.Runner, stmts []*syntax.Stmt) {
	if len(stmts) == 0 {
		return
	}
	defer s.catchPanic(r, stmts[0].Pos())
	interpunsafe.Stmts(r, ctx, stmts)
}

// runGuardedIn runs st in r as Run does, catching a panic.
func (s *Shell) runGuardedIn(ctx context.Context, r *interp.Runner, st *syntax.Stmt) (err error) {
	defer func() {
		if v := recover(); v != nil {
			s.reportPanic(r, st.Pos(), v)
			err = interp.ExitStatus(1)
		}
	}()
	return r.Run(ctx, st)
}

// catchPanic, deferred, recovers a panic of the code running at pos in
// r.
func (s *Shell) catchPanic(r *interp.Runner, pos syntax.Pos) {
	if v := recover(); v != nil {
		s.reportPanic(r, pos, v)
	}
}

// reportPanic says what panicked and fails r with status 1.
func (s *Shell) reportPanic(r *interp.Runner, pos syntax.Pos, v any) {
	fmt.Fprintf(s.stderr, "%s: internal error running line %d: %v\n", s.Name, pos.Line(), v)
	*interpunsafe.Exit(r) = interpunsafe.Status{Code: 1}
	*interpunsafe.LastExit(r) = interpunsafe.Status{Code: 1}
}

// guardProcSubst makes the body of a process substitution a subshell,
// which nosh runs guarded (\x00subshell): interp runs the body in a
// goroutine of its own, where a panic would end the process.
func guardProcSubst(ps *syntax.ProcSubst) {
	if len(ps.Stmts) == 0 {
		return
	}
	if len(ps.Stmts) == 1 {
		if _, ok := ps.Stmts[0].Cmd.(*syntax.Subshell); ok {
			return
		}
	}
	pos := ps.Stmts[0].Pos()
	ps.Stmts = []*syntax.Stmt{{Position: pos, Cmd: &syntax.Subshell{Lparen: pos, Rparen: pos, Stmts: ps.Stmts}}}
}
