package shell

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"

	"mvdan.cc/sh/v3/interp"
)

// An interactive shell survives its user's mistakes, as bash's does. An
// expansion error (${x:?}, an unset variable under set -u, an arithmetic
// error), an assignment to a read-only variable, or an error interp
// treats as fatal prints its one line and abandons the rest of the
// command line: the statement, whatever functions, loops or sourced files
// it was in, and the statements after it on the same line. The shell then
// goes back to its prompt with $? = 1 (or the error's status).
//
// interp marks such an error by making the runner exit; nosh makes the
// errors it finds itself do the same in the main runner of an
// interactive shell (abortLine). After the statement, RunStmt tells an
// exit the user asked for (exit, a successful exec, set -e) from this
// kind of ending and only the former ends the shell. Since interp runs
// the EXIT trap whenever a runner exits, the main runner keeps its EXIT
// trap in the Shell instead (exitTrap), where only a real exit runs it;
// that holds for scripts too, where such errors abandon a line as well.
//
// Startup files get the same treatment line by line, and more: nosh must
// reach its first prompt, so not even set -e or a failed exec ends the
// shell there; only `exit` does.

// interactiveMain reports whether r is the main runner of an interactive
// shell: where errors abandon a line instead of ending the shell.
func (s *Shell) interactiveMain(r *interp.Runner) bool {
	return s.Interactive && r == s.Runner
}

// abortLine makes an error abandon the rest of the command line when r is
// an interactive shell's main runner: the runner stops as if exiting,
// with status 1 unless the error set another.
func (s *Shell) abortLine(r *interp.Runner) {
	if !s.interactiveMain(r) {
		return
	}
	e := interpunsafe.Exit(r)
	if e.Code == 0 {
		e.Code = 1
	}
	e.Exiting = true
}

// noteExit records that the main runner is exiting because the user asked
// for it (exit, or exec running a program in the shell's place), so that
// RunStmt lets it end the shell.
func (s *Shell) noteExit(r *interp.Runner) {
	if r != s.Runner {
		return
	}
	s.mu.Lock()
	s.exitAsked = true
	s.mu.Unlock()
}

// takeExitAsked reports (and forgets) whether noteExit was called.
func (s *Shell) takeExitAsked() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	asked := s.exitAsked
	s.exitAsked = false
	return asked
}

// errexit reports whether set -e is on in r.
func errexit(r *interp.Runner) bool {
	p := interpunsafe.Option(r, "errexit")
	return p != nil && *p
}

// exitTrap returns r's EXIT trap action. The main runner's is kept in
// the Shell: interp runs a runner's trap whenever the runner stops as if
// exiting, which an error that only abandons a line does too.
func (s *Shell) exitTrap(r *interp.Runner) string {
	if r == s.Runner {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.mainExitTrap
	}
	return *interpunsafe.ExitTrap(r)
}

// setExitTrap sets r's EXIT trap action ("" for none).
func (s *Shell) setExitTrap(r *interp.Runner, action string) {
	if r == s.Runner {
		s.mu.Lock()
		s.mainExitTrap = action
		s.mu.Unlock()
		*interpunsafe.ExitTrap(r) = ""
		return
	}
	*interpunsafe.ExitTrap(r) = action
}

// interactiveEnding decides, after a top-level statement of an
// interactive shell whose runner is exiting, whether the shell really
// ends. An exit the user asked for does, and so does a failure under
// set -e outside the startup files, after the EXIT trap; any other
// ending is an error that abandoned its line: the runner is put back on
// its feet and the shell goes on, with the error's status.
func (s *Shell) interactiveEnding(ctx context.Context, status int) (exit bool, st int) {
	r := s.Runner
	asked := s.takeExitAsked()
	if asked || (errexit(r) && !s.inStartup()) {
		if !asked {
			status = int(s.runExitTrap(ctx, r, uint8(status)))
		}
		return true, status
	}
	e := interpunsafe.Exit(r)
	if status < 0 {
		status = 1
	}
	*e = interpunsafe.Status{Code: uint8(status)}
	*interpunsafe.LastExit(r) = *e
	s.job.mu.Lock()
	s.job.aborted = true
	s.job.mu.Unlock()
	return false, status
}

// lineAborted reports whether an error abandoned the last statement that
// RunStmt ran, and with it the rest of its line.
func (s *Shell) lineAborted() bool {
	s.job.mu.Lock()
	defer s.job.mu.Unlock()
	return s.job.aborted
}

// startupKey marks the context of a startup file being read.
type startupKey struct{}

// inStartup reports whether the shell is reading its startup files.
func (s *Shell) inStartup() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.startup
}

// continueStartup is called by `.` after each statement of a startup file
// that made the runner exit. Unless the file ran `exit`, the error (or
// set -e failure, or failed exec) has been reported; the runner gets back
// on its feet and the file goes on with its next line, as bash's startup
// files do after an error. It reports whether the file goes on.
func (s *Shell) continueStartup(r *interp.Runner, name string, line uint) bool {
	if !s.interactiveMain(r) || !s.inStartup() {
		return false
	}
	s.mu.Lock()
	asked := s.exitAsked
	s.mu.Unlock()
	e := interpunsafe.Exit(r)
	if asked || e.Returning || !e.Exiting {
		return false
	}
	if errexit(r) {
		fmt.Fprintf(s.stderr, "%s: %s:%d: set -e: a command failed; startup goes on\n", s.Name, name, line)
	}
	*e = interpunsafe.Status{Code: max(e.Code, 1)}
	return true
}
