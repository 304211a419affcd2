package engine

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
// nosh raises such an error as an Abort from a handler: interp takes
// any error of a handler for a fatal one and unwinds the runner, which is
// exactly the discarding; the places that stop it (RunStmt, subshells,
// eval, `.`, traps) look for an Abort.

// Abort is an error that abandons the command line, or ends the
// shell when exit is set. Its message is printed once, where interp
// reports expansion errors (or by whoever raises it).
type Abort struct {
	Msg    string
	Exit   bool // a non-interactive shell exits
	Status int  // the status it exits with; 0 means 1
	// Unset marks an unset parameter (set -u, ${x?}): without set -e
	// it ends bash -c with status 127.
	Unset bool
}

// ExitStatus is the status a shell that a ends exits with.
func (a *Abort) ExitStatus() int {
	if a.Status == 0 {
		return 1
	}
	return a.Status
}

func (e *Abort) Error() string { return e.Msg }

// NewAbort returns the error for a message: it ends a non-interactive
// shell in POSIX mode, and abandons the line otherwise.
func (s *Engine) NewAbort(msg string) *Abort {
	posix := s.posixMode()
	return &Abort{Msg: s.name() + ": " + msg, Exit: posix}
}

// AbortOf returns the Abort that stopped a runner, if one did.
func AbortOf(st interpunsafe.Status) (*Abort, bool) {
	if !st.FatalExit || st.Err == nil {
		return nil, false
	}
	var a *Abort
	if errors.As(st.Err, &a) {
		return a, true
	}
	return nil, false
}

// CatchAbort turns a runner stopped by an Abort that only abandons
// the line into a plain failure with status 1, as a subshell, eval or `.`
// ends in bash. It reports whether it did.
func CatchAbort(r *interp.Runner) bool {
	a, ok := AbortOf(*interpunsafe.Exit(r))
	if !ok || a.Exit {
		return false
	}
	*interpunsafe.Exit(r) = interpunsafe.Status{Code: 1}
	return true
}

// subshellStatus is the status a subshell that an Abort stopped ends
// with: 1, without exiting its parent.
func subshellStatus(st interpunsafe.Status) interpunsafe.Status {
	if _, ok := AbortOf(st); ok {
		return interpunsafe.Status{Code: 1}
	}
	return st
}
