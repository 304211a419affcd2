package signals

import (
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// What the core's emulation of subshell signal contexts (the core's
// subshell_signals.go) needs of the process's dispositions: the main
// shell's trap for a signal, catching a signal for as long as a subshell
// needs it, what a program started now inherits, and settling deliveries
// still in flight.

// Trap returns the main shell's trap for sig: its action ("" ignores),
// and whether there is one.
func (st *Dispositions) Trap(sig syscall.Signal) (action string, set bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	action, set = st.traps[sig]
	return action, set
}

// InheritedIgnore reports whether sig was ignored when the shell started.
func (st *Dispositions) InheritedIgnore(sig syscall.Signal) bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	st.noteInheritedLocked(sig)
	return st.inherit[sig]
}

// SubshellIgnores lists the signals a subshell starts with ignored: the
// main shell's empty traps, and the signals known to have been ignored
// when the shell started (an interactive shell that trapped or reset one
// since no longer counts it: SetTrap). Nil when there are none: a
// subshell starts with it, so it allocates nothing then.
//
// A shell with job control gives its jobs SIGTSTP, SIGTTIN and SIGTTOU at
// their default however it started, as bash does (tmux starts a pane's
// program with SIGTTIN and SIGTTOU ignored): a background vim must stop
// when it reads the terminal, not read EIO and exit. And an interactive
// shell gives its subshells SIGINT at the default even when it started
// with it ignored, as its main shell's programs get it: nosh runs a
// subshell's programs (those of a command substitution too) as jobs of
// their own, which Ctrl+C reaches and the shell does not, so with SIGINT
// ignored nothing would stop the line. (bash gives its programs SIGINT
// ignored then, but gets Ctrl+C itself and abandons the line once they
// end.)
func (st *Dispositions) SubshellIgnores() []syscall.Signal {
	jobControl := st.Interactive && st.JobControl != nil && st.JobControl()
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []syscall.Signal
	for sig, action := range st.traps {
		if action == "" {
			out = append(out, sig)
		}
	}
	for sig, yes := range st.inherit {
		if yes && !(jobControl && stopSignal(sig)) && !(st.Interactive && sig == syscall.SIGINT) {
			out = append(out, sig)
		}
	}
	return out
}

// stopSignal reports whether sig is one of the terminal's stop signals.
func stopSignal(sig syscall.Signal) bool {
	return sig == syscall.SIGTSTP || sig == syscall.SIGTTIN || sig == syscall.SIGTTOU
}

// Force adds delta to the count of subshells that need sig caught, and
// catches it (or gives it back its own disposition) when the count
// leaves (or reaches) zero. Deliveries go to Dispatch first.
func (st *Dispositions) Force(sig syscall.Signal, delta int) {
	if uncatchable(sig) {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	if st.forced == nil {
		st.forced = map[syscall.Signal]int{}
	}
	before := st.forced[sig]
	after := before + delta
	if after <= 0 {
		delete(st.forced, sig)
	} else {
		st.forced[sig] = after
	}
	if (before > 0) == (after > 0) {
		return
	}
	st.anyForced.Add(int32(delta))
	st.noteInheritedLocked(sig)
	st.applySignalLocked(sig)
}

// Forced reports whether any signal is caught for subshells alone.
func (st *Dispositions) Forced() bool { return st.anyForced.Load() > 0 }

// CatchesAny reports whether the process catches any signal now (a trap,
// an interactive shell's own, or one caught for a subshell).
func (st *Dispositions) CatchesAny() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	return len(st.watch) > 0
}

// Trapping reports whether the main shell has a trap that catches a signal
// (not one that ignores it).
func (st *Dispositions) Trapping() bool {
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, action := range st.traps {
		if action != "" {
			return true
		}
	}
	return false
}

// ChildMask returns the signals a program started now must start with
// ignored (bit sig-1), and whether the process's dispositions would give
// it something else. traps is the table of the subshell starting it
// (action "" ignores); nil means the main shell's.
func (st *Dispositions) ChildMask(traps map[syscall.Signal]string) (mask uint64, differs bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	if traps == nil {
		traps = st.traps
	}
	// The signals whose disposition anyone set: the others are at their
	// default both in the process and in the subshell.
	candidates := map[syscall.Signal]bool{}
	for _, m := range []map[syscall.Signal]string{traps, st.traps} {
		for sig := range m {
			candidates[sig] = true
		}
	}
	for _, m := range []map[syscall.Signal]bool{st.inherit, st.ignored} {
		for sig := range m {
			candidates[sig] = true
		}
	}
	for sig := range candidates {
		if sig < 1 || sig > 64 || !launcherSets(sig) {
			continue
		}
		action, set := traps[sig]
		want := set && action == "" || !st.Interactive && st.inherit[sig]
		if want {
			mask |= 1 << (sig - 1)
		}
		_, parked := st.released[sig]
		if want != passesIgnore(sig, parked) && !ignoredByDefault(sig) {
			differs = true
		}
	}
	if differs {
		// The launcher sets every signal: the ones nobody set keep what
		// the process passes on (a signal ignored since nosh started
		// that the runtime left alone, as a real-time one an interactive
		// bash was itself started with ignored).
		for sig := syscall.Signal(1); sig <= 64; sig++ {
			if candidates[sig] || !launcherSets(sig) {
				continue
			}
			if _, parked := st.released[sig]; passesIgnore(sig, parked) {
				mask |= 1 << (sig - 1)
			}
		}
	}
	return mask, differs
}

// ProcessMask returns the signals a program the main shell starts (or
// executes in its place) now gets ignored.
func (st *Dispositions) ProcessMask() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	var mask uint64
	for sig := syscall.Signal(1); sig <= 64; sig++ {
		_, parked := st.released[sig]
		if launcherSets(sig) && passesIgnore(sig, parked) {
			mask |= 1 << (sig - 1)
		}
	}
	return mask
}

// HiddenIgnores returns the signals the main shell's programs get
// ignored that a Go program (nosh) cannot see as ignored when it starts:
// all but SIGHUP and SIGINT, which the runtime leaves as they are. It
// reads the shell's own records, not the kernel's, so it is cheap enough
// for every program started.
func (st *Dispositions) HiddenIgnores() uint64 {
	st.mu.Lock()
	defer st.mu.Unlock()
	var mask uint64
	for sig := range st.ignored {
		if sig > 0 && sig <= 64 {
			mask |= 1 << (sig - 1)
		}
	}
	if !st.Interactive {
		for sig, yes := range st.inherit {
			if yes && sig > 0 && sig <= 64 {
				mask |= 1 << (sig - 1)
			}
		}
	}
	return mask &^ (1<<(syscall.SIGHUP-1) | 1<<(syscall.SIGINT-1))
}

// passesIgnore reports whether a program the process starts now gets sig
// ignored: its action is SIG_IGN and the Go runtime does not count it as
// its own (parked: SIG_IGN set under the runtime's registration, which a
// child gets reset to the default).
func passesIgnore(sig syscall.Signal, parked bool) bool {
	return !parked && currentAction(sig)[0] == 1 // SIG_IGN
}

// everIgnored marks the signals this process passed to signal.Ignore:
// for them signal.Ignored no longer tells what the process started with,
// since the runtime keeps saying so after signal.Reset. (Only a process
// with more than one shell, as tests are, asks after that.)
var everIgnored [65]atomic.Bool

// ignoreSignal is signal.Ignore, noted in everIgnored.
func ignoreSignal(sig syscall.Signal) {
	if sig > 0 && int(sig) < len(everIgnored) {
		everIgnored[sig].Store(true)
	}
	signal.Ignore(sig)
}

// Settling deliveries.
//
// A program that signals its parent and exits (sh -c 'kill $PPID' in a
// subshell) has its signal queued in the kernel before its exit. In a
// one-threaded shell the signal is acted on before the shell sees the
// exit; in nosh it travels through the Go runtime's queue, os/signal's
// goroutine and the handler goroutine, and may still be on its way when
// the subshell runs its next command, or ends, and then lands in the
// wrong context. Flush sends the process a marker signal, which the
// runtime queues after any signal it took before (it serves what is
// pending in signal order, and the marker is the highest that nosh does
// not trap for itself), and once the marker is through, a mark down each
// handler channel: when every mark is consumed, every signal that came
// before has been acted on.

// flushSignal is the marker.
const flushSignal = syscall.Signal(63) // SIGRTMAX-1

// flushMark goes down a handler channel; the handler goroutine calls
// wg.Done on it.
type flushMark struct{ wg *sync.WaitGroup }

func (flushMark) String() string { return "flush mark" }
func (flushMark) Signal()        {}

var flushChan = sync.OnceValue(func() chan os.Signal {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, flushSignal)
	return ch
})

// Flush waits (up to two seconds) until the signals that reached the
// process before the call have been delivered. It does nothing when a
// script traps the marker signal itself.
func (st *Dispositions) Flush() {
	if _, set := st.Trap(flushSignal); set {
		return
	}
	ch := flushChan()
	select {
	case <-ch:
	default:
	}
	if syscall.Kill(os.Getpid(), flushSignal) != nil {
		return
	}
	timeout := time.NewTimer(2 * time.Second)
	defer timeout.Stop()
	select {
	case <-ch:
	case <-timeout.C:
		return
	}
	var wg sync.WaitGroup
	st.mu.Lock()
	for _, w := range st.watch {
		wg.Add(1)
		select {
		case w <- flushMark{&wg}:
		default:
			wg.Done() // full: a handler is far behind; do not wait on it
		}
	}
	st.mu.Unlock()
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-timeout.C:
	}
}

// ignoredByDefault reports whether sig's default action is to ignore it:
// a program started with it at the default or ignored behaves the same
// (only a nosh child, told by the hint, may tell them apart).
func ignoredByDefault(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGCHLD, syscall.SIGURG, syscall.SIGWINCH:
		return true
	}
	return false
}
