package shell

import (
	"context"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/signals"
	"strings"
	"syscall"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Signal traps run between commands, as in bash: a trapped signal only
// marks the trap pending, and the main shell runs it before its next
// simple command, after the statement it is in, or before the next
// prompt. While a foreground program runs, that is after it ends.
//
// Before a command, the CallHandler hands the call to the private builtin
// \x00traps, which runs the pending traps in the current runner (so they
// see and set the shell's variables) and then the original command.

// builtinTrapsName runs the pending traps, then its arguments as a command.
const builtinTrapsName = "\x00traps"

// jobCallHandler is the runner's CallHandler: nosh's builtins, pending
// traps, and the first-command note of background jobs.
func (s *Shell) jobCallHandler(ctx context.Context, args []string) ([]string, error) {
	// The handler context and its runner, looked up once for all that
	// follows: this runs for every simple command.
	hc := interp.HandlerCtx(ctx)
	r := interpunsafe.Of(hc)
	s.holdDir(hc.Dir)
	if s.job.sig.HasPending() && len(args) > 0 &&
		!strings.HasPrefix(args[0], "\x00") && r == s.Runner {
		return append([]string{sentinel + builtinTrapsName}, args...), nil
	}
	if len(args) > 0 && !strings.HasPrefix(args[0], "\x00") && frameTrapsDue(ctx, r) != nil {
		return append([]string{sentinel + builtinFrameTrapsName}, args...), nil
	}
	args, err := s.callHandler(ctx, &hc, r, args)
	if err == nil {
		s.noteCall(ctx, r, args)
	}
	return args, err
}

func builtinTraps(ctx context.Context, c *call) error {
	r := c.R
	if r == nil {
		return nil
	}
	if c.sh().runTrapsIn(ctx, r) || len(c.Args) == 0 {
		return errKeepStatus
	}
	interpunsafe.Call(r, ctx, interp.HandlerCtx(ctx).Pos, c.Args)
	return errKeepStatus
}

// signalTrapKey marks the context of a signal trap's action: its value is
// $? as the trap started, what a bare return in it returns (POSIX, bash).
type signalTrapKey struct{}

// runTrapsIn runs the pending traps in r, each with $? as it was before
// it and restored after it. It reports whether a trap ran exit or return,
// which then ends the shell or function in place of what came next.
func (s *Shell) runTrapsIn(ctx context.Context, r *interp.Runner) (ended bool) {
	if !s.job.sig.EnterTrap() {
		return false
	}
	defer s.job.sig.LeaveTrap()
	return s.runTrapActions(ctx, r, s.job.sig.TakePending())
}

// runTrapActions runs the actions of signal traps in r, each with $? as
// it was before it and restored after it. It reports whether one ran
// exit or return.
func (s *Shell) runTrapActions(ctx context.Context, r *interp.Runner, actions []string) (ended bool) {
	for _, action := range actions {
		// Aliases as they are when the trap runs, as in bash.
		f, err := s.Parser().Parse(strings.NewReader(s.expandAliasesOn(r, action)), "trap")
		if err != nil {
			s.reportSyntax(err, "trap")
			continue
		}
		for _, st := range f.Stmts {
			s.rewrite(st)
		}
		exit, last := *interpunsafe.Exit(r), *interpunsafe.LastExit(r)
		s.eng.StmtsGuarded(context.WithValue(ctx, signalTrapKey{}, last.Code), r, f.Stmts)
		if e := interpunsafe.Exit(r); e.Exiting || e.Returning {
			return true
		}
		*interpunsafe.Exit(r), *interpunsafe.LastExit(r) = exit, last
	}
	return false
}

// runTrapsBetween runs pending traps between two top-level statements,
// keeping $? (status) unless a trap exits the shell.
func (s *Shell) runTrapsBetween(ctx context.Context, status int) (exit bool, st int) {
	if !s.job.sig.HasPending() {
		return false, status
	}
	call := &syntax.CallExpr{Args: []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: sentinel + builtinTrapsName}}}}}
	err := s.Runner.Run(ctx, &syntax.Stmt{Cmd: call})
	if s.Runner.Exited() {
		return true, exitStatusOf(err)
	}
	*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: uint8(status)}
	return false, status
}

// dieOfFatalSignal ends a script that got a fatal signal while it had an
// EXIT trap: the trap runs, then nosh dies of the signal, as bash does.
// interrupted says the signal cut the statement short; $? in the trap is
// then 128+N, else the status of the last command.
func (s *Shell) dieOfFatalSignal(sig syscall.Signal, interrupted bool) {
	if interrupted {
		*interpunsafe.LastExit(s.Runner) = interpunsafe.Status{Code: uint8(128 + int(sig))}
	}
	f, err := s.Parser().Parse(strings.NewReader("exit"), "")
	if err == nil && len(f.Stmts) == 1 {
		s.Runner.Run(context.Background(), f.Stmts[0])
	}
	signals.DieOf(sig)
}
