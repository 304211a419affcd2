package shell

import (
	"context"
	"nosh/shell/internal/interpunsafe"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/interp"
)

// builtinExit is exit. It runs the EXIT trap itself, before the shell
// stops, so that an `exit N` in the trap sets the final status as in sh
// (interp runs the trap after the fact and throws its status away).
func builtinExit(ctx context.Context, c *call) error {
	def := interpunsafe.LastExit(c.R).Code
	if st, ok := ctx.Value(trapStatusKey{}).(uint8); ok {
		def = st
	}
	code, err := c.statusArg(def)
	if err != nil {
		return err
	}
	c.sayLeaving(ctx)
	if *interpunsafe.HandlingTrap(c.R) {
		// In a trap that interp runs (ERR, or EXIT after set -e), which
		// throws the status away afterwards: keep it for the caller.
		c.sh().noteTrapExit(c.R, code)
	} else {
		code = c.sh().runExitTrap(ctx, c.R, code)
	}
	// The shell is leaving: its failing exit status must not fire ERR.
	*interpunsafe.ErrTrap(c.R) = ""
	c.sh().noteExit(c.R)
	interpunsafe.SetExit(c.R, interpunsafe.Status{Code: code, Exiting: true})
	return errKeepStatus
}

// runExitTrap runs r's EXIT trap, if any, once, with $? set to status,
// and returns the status the shell exits with: the trap's own `exit N`
// wins.
func (s *Shell) runExitTrap(ctx context.Context, r *interp.Runner, status uint8) uint8 {
	text := s.exitTrap(r)
	if text == "" {
		return status
	}
	s.setExitTrap(r, "")
	*interpunsafe.LastExit(r) = interpunsafe.Status{Code: status}
	c := &call{Sh: (*builtinHost)(s), R: r, Name: "trap"}
	c.runParsed(withTrapStatus(ctx, status), strings.NewReader(text), "trap", false, false)
	if e := interpunsafe.Exit(r); e.Exiting {
		return e.Code
	}
	return status
}

// trapStatusKey marks the context of an EXIT trap that nosh runs. Its
// value is $? as the trap started: a bare `exit` in the trap exits with
// it, not with the status of the trap's last command (POSIX). bash does
// this for the EXIT trap only; in a signal trap its bare `exit` uses the
// last status, and so does nosh's.
type trapStatusKey struct{}

func withTrapStatus(ctx context.Context, status uint8) context.Context {
	return context.WithValue(ctx, trapStatusKey{}, status)
}

// trapExitTable holds, per runner, the status of an `exit` run inside a
// trap that interp runs itself: interp restores the status the trap
// started with, so the exit would be lost (Shell.trapExits).
type trapExitTable struct {
	sync.Mutex
	m map[*interp.Runner]uint8
}

func (s *Shell) noteTrapExit(r *interp.Runner, code uint8) {
	s.trapExits.Lock()
	if s.trapExits.m == nil {
		s.trapExits.m = map[*interp.Runner]uint8{}
	}
	s.trapExits.m[r] = code
	s.trapExits.Unlock()
}

// takeTrapExit returns (and forgets) the status of an `exit` that a trap
// ran in r, if any.
func (s *Shell) takeTrapExit(r *interp.Runner) (uint8, bool) {
	s.trapExits.Lock()
	defer s.trapExits.Unlock()
	code, ok := s.trapExits.m[r]
	delete(s.trapExits.m, r)
	return code, ok
}

// AfterStatement completes a top-level statement that RunStmt ran: when a
// trap inside it ran `exit`, the shell exits with that status (after the
// EXIT trap, unless it was the EXIT trap). Callers that run statements
// (RunReader, the interactive loop) pass on what RunStmt returned.
func (s *Shell) AfterStatement(ctx context.Context, exited bool, status int) (bool, int) {
	code, ok := s.takeTrapExit(s.Runner)
	if !ok {
		return exited, status
	}
	if !exited {
		code = s.runExitTrap(ctx, s.Runner, code)
	}
	return true, int(code)
}
