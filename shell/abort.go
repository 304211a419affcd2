package shell

import (
	"errors"
	"nosh/shell/internal/interpunsafe"

	"mvdan.cc/sh/v3/interp"
)

// Errors that abandon a command line. bash meets some errors while a
// command runs (an arithmetic error, a bad substitution, an assignment to
// a read-only variable) by discarding the rest of the command line, from
// wherever it is, even inside a function: the shell goes on with the next
// line, with $? 1. A subshell ends with status 1, eval and `.` fail with
// status 1 and the line they are on goes on. In POSIX mode a
// non-interactive shell exits instead, as it does in any mode for an unset
// variable under set -u.
//
// nosh raises such an error as a shellAbort from a handler: interp takes
// any error of a handler for a fatal one and unwinds the runner, which is
// exactly the discarding; the places that stop it (RunStmt, subshells,
// eval, `.`, traps) look for a shellAbort.

// shellAbort is an error that abandons the command line, or ends the
// shell when exit is set. Its message is printed once, where interp
// reports expansion errors (or by whoever raises it).
type shellAbort struct {
	msg    string
	exit   bool // a non-interactive shell exits
	status int  // the status it exits with; 0 means 1
}

// exitStatus is the status a shell that a exits ends with.
func (a *shellAbort) exitStatus() int {
	if a.status == 0 {
		return 1
	}
	return a.status
}

func (e *shellAbort) Error() string { return e.msg }

// newAbort returns the error for a message: it ends a non-interactive
// shell in POSIX mode, and abandons the line otherwise.
func (s *Shell) newAbort(msg string) *shellAbort {
	s.mu.Lock()
	posix := s.flags.Posix
	s.mu.Unlock()
	return &shellAbort{msg: s.Name + ": " + msg, exit: posix}
}

// abortOf returns the shellAbort that stopped a runner, if one did.
func abortOf(st interpunsafe.Status) (*shellAbort, bool) {
	if !st.FatalExit || st.Err == nil {
		return nil, false
	}
	var a *shellAbort
	if errors.As(st.Err, &a) {
		return a, true
	}
	return nil, false
}

// catchAbort turns a runner stopped by a shellAbort that only abandons
// the line into a plain failure with status 1, as a subshell, eval or `.`
// ends in bash. It reports whether it did.
func catchAbort(r *interp.Runner) bool {
	a, ok := abortOf(*interpunsafe.Exit(r))
	if !ok || a.exit {
		return false
	}
	*interpunsafe.Exit(r) = interpunsafe.Status{Code: 1}
	return true
}

// subshellStatus is the status a subshell that a shellAbort stopped ends
// with: 1, without exiting its parent.
func subshellStatus(st interpunsafe.Status) interpunsafe.Status {
	if _, ok := abortOf(st); ok {
		return interpunsafe.Status{Code: 1}
	}
	return st
}
