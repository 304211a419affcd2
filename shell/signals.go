package shell

import (
	"syscall"

	"nosh/shell/internal/signals"
)

// What the shell's signal dispositions (package signals) ask of the core
// when a signal arrives that no trap takes.

// initSignals tells the dispositions the shell's mode and hooks.
func (s *Shell) initSignals() {
	st := &s.job.sig
	st.Interactive = s.Interactive
	st.JobControl = func() bool {
		s.job.mu.Lock()
		defer s.job.mu.Unlock()
		return s.job.term != nil
	}
	st.Interrupt = s.interruptForeground
	st.Hangup = s.hangupExit
	st.Dying = s.abandonForFatal
	st.Dispatch = s.dispatchToFrame
	if s.Interactive {
		st.ReadParentSoon()
	}
}

// interruptForeground is Ctrl+C reaching the shell itself: the running
// statement is cancelled (interp then stops its loops), and so is a
// background job brought to the foreground.
func (s *Shell) interruptForeground() {
	s.job.mu.Lock()
	ref, fj := s.job.fg, s.job.fgJob
	s.job.mu.Unlock()
	if ref != nil {
		ref.cancel(errInterrupted)
	}
	if fj != nil {
		// The job may not own the terminal yet (fg is handing it over):
		// the interrupt is for it all the same.
		fj.Kill(syscall.SIGINT)
	}
}

// hangupExit ends an interactive shell whose terminal hung up: the REPL's
// hook saves what it must, the jobs get SIGHUP, and nosh dies of SIGHUP.
func (s *Shell) hangupExit() {
	s.job.mu.Lock()
	hook := s.job.hangupHook
	s.job.mu.Unlock()
	if hook != nil {
		hook()
	}
	s.hangup()
	signals.DieOf(syscall.SIGHUP)
}

// abandonForFatal abandons the running statement of a script that got a
// fatal signal while it has an EXIT trap: RunStmt then runs the trap and
// dies of the signal (see fatalSignal).
func (s *Shell) abandonForFatal() {
	s.job.mu.Lock()
	ref := s.job.fg
	s.job.mu.Unlock()
	if ref != nil {
		ref.cancel(errFatalSignal)
	}
}

// fatalSignal returns the signal the shell is dying of, or 0.
func (s *Shell) fatalSignal() syscall.Signal { return s.job.sig.Fatal() }

// signalName is how trap and kill list sig.
func signalName(sig syscall.Signal) string { return signals.Name(sig) }
