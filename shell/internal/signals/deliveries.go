package signals

import (
	"os"
	"os/signal"
	"sort"
	"syscall"
	"time"
)

// deliver handles one delivery of sig to the shell: a subshell running
// in the foreground may take it (Dispatch); for the main shell a trapped
// signal becomes pending, any other goes where the shell's mode says.
func (st *Dispositions) deliver(sig syscall.Signal) {
	if st.Dispatch != nil && st.Dispatch(sig) {
		st.mu.Lock()
		st.received[sig]++
		st.handled[sig]++
		st.mu.Unlock()
		return
	}
	st.deliverMain(sig)
}

// DeliverMain acts on a delivery of sig as the main shell's, now: what
// `kill $$` in a subshell does once the subshell is done.
func (st *Dispositions) DeliverMain(sig syscall.Signal) { st.deliverMain(sig) }

// deliverMain handles one delivery of sig to the main shell.
func (st *Dispositions) deliverMain(sig syscall.Signal) {
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
	jobControl := st.JobControl()
	switch {
	case st.Interactive && sig == syscall.SIGINT:
		st.Interrupt()
	case st.Interactive && sig == syscall.SIGHUP:
		st.Hangup()
	case st.Interactive && (sig == syscall.SIGTERM || sig == syscall.SIGQUIT),
		jobControl && contains(jobControlSignals, sig),
		sig == syscall.SIGQUIT:
		// Ignored, as bash does.
	case !st.Interactive && exitTrap && (contains(exitTrapSignals, sig) || contains(deathSignals, sig)):
		st.startDying(sig)
	case contains(deathSignals, sig) || contains(exitTrapSignals, sig):
		DieOf(sig)
	}
}

// startDying handles a fatal signal in a script with an EXIT trap: the
// shell's Dying hook abandons the running statement, and RunStmt runs the
// trap and then dies of the signal (see Fatal). If no statement picks it
// up soon (the shell is blocked reading its script), the shell dies
// without the trap.
func (st *Dispositions) startDying(sig syscall.Signal) {
	if !st.fatal.CompareAndSwap(0, int32(sig)) {
		return
	}
	st.Dying()
	time.AfterFunc(2*time.Second, func() { DieOf(sig) })
}

// Fatal returns the signal the shell is dying of, or 0.
func (st *Dispositions) Fatal() syscall.Signal {
	return syscall.Signal(st.fatal.Load())
}

// DieOf ends nosh by sig with the default action, so that its parent sees
// it killed by that signal, as bash does.
func DieOf(sig syscall.Signal) {
	signal.Reset(sig)
	setDefaultAction(sig)
	syscall.Kill(os.Getpid(), sig)
	time.Sleep(100 * time.Millisecond)
	os.Exit(128 + int(sig))
}

// Handled returns how many deliveries of sig the shell has acted on.
func (st *Dispositions) Handled(sig syscall.Signal) int {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.handled == nil {
		return 0
	}
	return st.handled[sig]
}

// Catches reports whether the shell handles sig itself right now.
func (st *Dispositions) Catches(sig syscall.Signal) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.watch[sig] != nil
}

// AwaitDelivery waits (briefly) until the shell's handler has acted on
// sig more than before times: a signal the shell sends itself is then
// acted on before the next command, as in bash, where it is delivered at
// once. A signal the shell dies of never returns here.
func (st *Dispositions) AwaitDelivery(sig syscall.Signal, before int) {
	deadline := time.Now().Add(2 * time.Second)
	for st.Handled(sig) <= before && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
}

// Arrived returns a channel closed when the next trapped signal arrives.
func (st *Dispositions) Arrived() <-chan struct{} {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	return st.arrived
}

// LastTrapped returns the last trapped signal that arrived.
func (st *Dispositions) LastTrapped() syscall.Signal {
	st.mu.Lock()
	defer st.mu.Unlock()
	return st.last
}

// TakePending returns the actions of the trapped signals that
// arrived since the last call, in signal order, and forgets them.
func (st *Dispositions) TakePending() []string {
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

// HasPending reports whether a trapped signal waits for its trap to run,
// and no trap is running: cheap enough for every command.
func (st *Dispositions) HasPending() bool { return st.hasPending.Load() && !st.inTrap.Load() }

// EnterTrap marks the traps running, and reports false when they already
// were (traps do not run inside traps); LeaveTrap undoes it.
func (st *Dispositions) EnterTrap() bool { return st.inTrap.CompareAndSwap(false, true) }

// LeaveTrap ends what EnterTrap began.
func (st *Dispositions) LeaveTrap() { st.inTrap.Store(false) }
