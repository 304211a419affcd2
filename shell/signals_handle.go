package shell

import (
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"
)

// onSignal handles one delivery of sig to the shell: a subshell running
// in the foreground takes it first (subshell_signals.go).
func (s *Shell) onSignal(sig syscall.Signal) {
	if s.dispatchToFrame(sig) {
		st := &s.job.sig
		st.mu.Lock()
		st.received[sig]++
		st.handled[sig]++
		st.mu.Unlock()
		return
	}
	s.onMainSignal(sig)
}

// onMainSignal acts on one delivery of sig to the main shell.
func (s *Shell) onMainSignal(sig syscall.Signal) {
	st := &s.job.sig
	defer func() {
		st.mu.Lock()
		st.handled[sig]++
		st.mu.Unlock()
	}()
	st.mu.Lock()
	st.received[sig]++
	action, trapped := st.traps[sig]
	if trapped && action != "" {
		st.pending[sig] = true
		st.last = sig
		st.hasPending.Store(true)
		close(st.arrived)
		st.arrived = make(chan struct{})
		st.mu.Unlock()
		return
	}
	exitTrap := st.exitTrap
	st.mu.Unlock()
	s.job.mu.Lock()
	jobControl := s.job.term != nil
	s.job.mu.Unlock()
	switch {
	case s.Interactive && sig == syscall.SIGINT:
		s.interruptForeground()
	case s.Interactive && sig == syscall.SIGHUP:
		s.hangupExit()
	case s.Interactive && (sig == syscall.SIGTERM || sig == syscall.SIGQUIT),
		jobControl && contains(jobControlSignals, sig),
		sig == syscall.SIGQUIT:
		// Ignored, as bash does.
	case !s.Interactive && exitTrap && (contains(exitTrapSignals, sig) || contains(deathSignals, sig)):
		s.startDying(sig)
	case contains(deathSignals, sig) || contains(exitTrapSignals, sig):
		dieOf(sig)
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
	dieOf(syscall.SIGHUP)
}

// startDying handles a fatal signal in a script with an EXIT trap: the
// running statement is abandoned, and RunStmt runs the trap and then
// dies of the signal. If no statement picks it up soon (the shell is
// blocked reading its script), the shell dies without the trap.
func (s *Shell) startDying(sig syscall.Signal) {
	st := &s.job.sig
	st.mu.Lock()
	if st.fatal != 0 {
		st.mu.Unlock()
		return
	}
	st.fatal = sig
	st.mu.Unlock()
	s.job.mu.Lock()
	ref := s.job.fg
	s.job.mu.Unlock()
	if ref != nil {
		ref.cancel(errFatalSignal)
	}
	time.AfterFunc(2*time.Second, func() { dieOf(sig) })
}

// fatalSignal returns the signal the shell is dying of, or 0.
func (s *Shell) fatalSignal() syscall.Signal {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.fatal
}

// dieOf ends nosh by sig with the default action, so that its parent sees
// it killed by that signal, as bash does.
func dieOf(sig syscall.Signal) {
	signal.Reset(sig)
	setDefaultAction(sig)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(100 * time.Millisecond)
	os.Exit(128 + int(sig))
}

// handled returns how many deliveries of sig the shell has acted on.
func (s *Shell) handled(sig syscall.Signal) int {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.handled == nil {
		return 0
	}
	return st.handled[sig]
}

// catches reports whether the shell handles sig itself right now.
func (s *Shell) catches(sig syscall.Signal) bool {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.watch[sig] != nil
}

// awaitDelivery waits (briefly) until the shell's handler has acted on
// sig more than before times: a signal the shell sends itself is then
// acted on before the next command, as in bash, where it is delivered at
// once. A signal the shell dies of never returns here.
func (s *Shell) awaitDelivery(sig syscall.Signal, before int) {
	deadline := time.Now().Add(2 * time.Second)
	for s.handled(sig) <= before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
}

// trapArrived returns a channel closed when the next trapped signal
// arrives, and the last signal that did.
func (s *Shell) trapArrived() <-chan struct{} {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	return st.arrived
}

func (s *Shell) lastTrapped() syscall.Signal {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.last
}

// takePendingTraps returns the actions of the trapped signals that
// arrived since the last call, in signal order, and forgets them.
func (s *Shell) takePendingTraps() []string {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	st.hasPending.Store(false)
	var sigs []syscall.Signal
	for sig := range st.pending {
		sigs = append(sigs, sig)
	}
	sort.Slice(sigs, func(a, b int) bool { return sigs[a] < sigs[b] })
	var out []string
	for _, sig := range sigs {
		if action := st.traps[sig]; action != "" {
			out = append(out, action)
		}
		delete(st.pending, sig)
	}
	return out
}
