package engine

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// A panic in the interpreter (a construct it cannot handle, such as
// a[a[0]=1]=x) must never crash nosh: the shell guards its main runner's
// statements, and every other runner (subshells, command substitutions,
// pipeline stages, process substitutions, background jobs, traps) runs
// its statements through StmtsGuarded or RunGuarded, which make the panic
// a one-line error and status 1 of that runner.

// StmtsGuarded runs stmts in r, catching a panic.
func (s *Engine) StmtsGuarded(ctx context.Context, r *interp.Runner, stmts []*syntax.Stmt) {
	if len(stmts) == 0 {
		return
	}
	defer s.catchPanic(r, stmts[0].Pos())
	interpunsafe.Stmts(r, ctx, stmts)
}

func (s *Engine) stmtsGuarded(ctx context.Context, r *interp.Runner, stmts []*syntax.Stmt) {
	s.StmtsGuarded(ctx, r, stmts)
}

// RunGuarded runs st in r as Run does, catching a panic.
func (s *Engine) RunGuarded(ctx context.Context, r *interp.Runner, st *syntax.Stmt) (err error) {
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
func (s *Engine) catchPanic(r *interp.Runner, pos syntax.Pos) {
	if v := recover(); v != nil {
		s.reportPanic(r, pos, v)
	}
}

// reportPanic says what panicked and fails r with status 1.
func (s *Engine) reportPanic(r *interp.Runner, pos syntax.Pos, v any) {
	fmt.Fprintf(interpunsafe.GetStreams(r).Stderr, "%s: internal error running line %d: %v\n", s.name(), pos.Line(), v)
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
