package shell

import (
	"os"
	"os/signal"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"nosh/shell/jobs"
)

// sigState is how the shell handles each signal: trapped, ignored,
// caught for job control, or left to its default action.
//
// Signals are caught with signal.Notify on one channel per signal, so
// that one can be released (signal.Stop) without touching the others or
// other packages' channels. signal.Ignore is only used for a trap with an empty action:
// ignored signals stay ignored in every child, which is exactly what
// POSIX and bash do for that trap, and exactly what must not happen to
// the signals job control catches (design notes §1.5).
type sigState struct {
	mu       sync.Mutex
	traps    map[syscall.Signal]string // action; "" ignores the signal
	watch    map[syscall.Signal]chan os.Signal
	ignored  map[syscall.Signal]bool // signal.Ignore called by us
	inherit  map[syscall.Signal]bool // ignored when the shell started
	pending  map[syscall.Signal]bool
	received map[syscall.Signal]int
	handled  map[syscall.Signal]int
	arrived  chan struct{} // closed and replaced when a trapped signal arrives
	last     syscall.Signal
	released map[syscall.Signal]sigaction // Go's action, while SIG_DFL (or SIG_IGN for SIGQUIT) stands in
	fatal    syscall.Signal               // a signal the shell is dying of
	// parentIgn returns the parent's ignored signals (bit sig-1), read
	// once (readParentSoon may have started the reading).
	parentIgn func() uint64
	exitTrap  bool // the main shell has an EXIT trap

	hasPending atomic.Bool
	inTrap     atomic.Bool
}

func (st *sigState) init() {
	if st.traps == nil {
		st.traps = map[syscall.Signal]string{}
		st.watch = map[syscall.Signal]chan os.Signal{}
		st.ignored = map[syscall.Signal]bool{}
		// Sized for the signals updateSignals looks at, so that filling
		// them at start-up does not grow them.
		st.inherit = make(map[syscall.Signal]bool, 32)
		st.pending = map[syscall.Signal]bool{}
		st.received = map[syscall.Signal]int{}
		st.handled = map[syscall.Signal]int{}
		st.released = make(map[syscall.Signal]sigaction, 16)
		st.arrived = make(chan struct{})
	}
}

// jobControlSignals are caught by an interactive shell with job control:
// Ctrl+C, Ctrl+\ and Ctrl+Z must reach the job, not the shell, and the
// shell must not stop when it touches the terminal from the background.
var jobControlSignals = []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU}

// interactiveSignals are caught by any interactive shell, as bash does:
// SIGINT interrupts the running statement, SIGTERM and SIGQUIT are
// ignored, SIGHUP ends the shell and its jobs cleanly.
var interactiveSignals = []syscall.Signal{syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM, syscall.SIGHUP}

// exitTrapSignals are caught by a non-interactive shell that has an EXIT
// trap, so that the trap runs before the shell dies of them (bash does).
var exitTrapSignals = []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGPIPE, syscall.SIGTERM}

// deathSignals end a process by default, but the Go runtime catches them
// and does nothing (SIGUSR1, SIGALRM…) or dumps its goroutines (SIGABRT,
// SIGSYS) unless the program asks for them. Untrapped, nosh gives them
// back to the kernel's default action, so that the shell dies of them
// as a shell does; a script with an EXIT trap catches them to run the
// trap first. Releasing costs one system call where signal.Notify costs
// a round trip to the runtime's signal thread: 11 of those were a
// sixth of `nosh -c true`.
var deathSignals = []syscall.Signal{syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGALRM, syscall.SIGVTALRM,
	syscall.SIGXCPU, syscall.SIGXFSZ, syscall.SIGIO, syscall.SIGPWR, syscall.SIGSTKFLT, syscall.SIGSYS, syscall.SIGABRT}

// uncatchable cannot be caught or ignored; Go must not be asked to.
func uncatchable(sig syscall.Signal) bool {
	return sig == syscall.SIGKILL || sig == syscall.SIGSTOP
}

// updateSignals brings every signal's disposition in line with the traps
// and the shell's mode.
func (s *Shell) updateSignals() {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	st.init()
	// The signals to look at, as a bit set in signal order (Linux numbers
	// them below 65): cheaper than a map at every start-up.
	var set [2]uint64
	add := func(sig syscall.Signal) {
		if sig > 0 && sig < 128 {
			set[sig/64] |= 1 << (sig % 64)
		}
	}
	for sig := range st.traps {
		add(sig)
	}
	for sig := range st.watch {
		add(sig)
	}
	for sig := range st.ignored {
		add(sig)
	}
	for _, list := range [][]syscall.Signal{jobControlSignals, interactiveSignals, exitTrapSignals, deathSignals} {
		for _, sig := range list {
			add(sig)
		}
	}
	for sig := syscall.Signal(1); sig < 128; sig++ {
		if set[sig/64]&(1<<(sig%64)) == 0 {
			continue
		}
		s.noteInheritedLocked(sig)
		if sig == syscall.SIGQUIT && s.ignoreQuitLocked() {
			continue
		}
		s.applySignalLocked(sig)
	}
}

// catchSignalsSoon is the interactive shell's signal set-up, off the
// path to the first prompt: catching a signal is a round trip to the
// runtime's signal goroutine and a goroutine of nosh's, which a prompt
// need not wait for. Until they are caught, the signals an interactive
// shell catches are ignored (one rt_sigaction each, undone as each is
// caught, as for the released fatal signals), so that a Ctrl+C or Ctrl+Z
// typed at once does nothing rather than end or stop the shell. The first
// statement waits for the set-up.
func (s *Shell) catchSignalsSoon() {
	st := &s.job.sig
	st.mu.Lock()
	st.init()
	for _, list := range [][]syscall.Signal{interactiveSignals, jobControlSignals} {
		for _, sig := range list {
			s.noteInheritedLocked(sig)
			if _, done := st.released[sig]; done || st.watch[sig] != nil || st.ignored[sig] {
				continue
			}
			st.released[sig] = setIgnoreAction(sig)
		}
	}
	st.mu.Unlock()
	done := make(chan struct{})
	s.job.sigSetup = done
	go func() {
		defer close(done)
		s.updateSignals()
	}()
}

// ignoreQuitLocked gives a non-interactive shell with no trap for
// SIGQUIT bash's behaviour — the shell ignores it, its children do not —
// with one system call: SIG_IGN set under the Go runtime, which still
// counts the signal as its own and so resets it to the default in every
// child it starts. Catching it with signal.Notify instead would cost a
// round trip to the runtime's signal goroutine and a thread to run it.
// A trap set later puts the runtime's handler back first (see the
// released map).
func (s *Shell) ignoreQuitLocked() bool {
	st := &s.job.sig
	if s.Interactive || st.inherit[syscall.SIGQUIT] || st.watch[syscall.SIGQUIT] != nil {
		return false
	}
	if _, done := st.released[syscall.SIGQUIT]; done {
		return true
	}
	if _, trapped := st.traps[syscall.SIGQUIT]; trapped {
		return false
	}
	st.released[syscall.SIGQUIT] = setIgnoreAction(syscall.SIGQUIT)
	return true
}

// wantsLocked says what the shell wants done with sig.
func (s *Shell) wantsLocked(sig syscall.Signal) (catch, ignore bool) {
	st := &s.job.sig
	if s.caughtForFrames(sig) {
		// A running subshell has its own disposition for it.
		return true, false
	}
	if action, ok := st.traps[sig]; ok {
		return action != "", action == ""
	}
	if s.Interactive && contains(interactiveSignals, sig) {
		return true, false
	}
	if s.job.term != nil && contains(jobControlSignals, sig) {
		return true, false
	}
	if !s.Interactive {
		// bash ignores SIGQUIT in every shell; catching it (rather than
		// ignoring it) keeps the default for the shell's children.
		if sig == syscall.SIGQUIT {
			return true, false
		}
		if st.exitTrap && (contains(exitTrapSignals, sig) || contains(deathSignals, sig)) {
			return true, false
		}
	}
	return false, false
}

func contains(list []syscall.Signal, sig syscall.Signal) bool {
	for _, x := range list {
		if x == sig {
			return true
		}
	}
	return false
}

func (s *Shell) applySignalLocked(sig syscall.Signal) {
	st := &s.job.sig
	if uncatchable(sig) {
		return
	}
	if st.inherit[sig] && !s.Interactive {
		// POSIX: a signal ignored on entry to a non-interactive shell
		// stays ignored, for its children too. The Go runtime put its
		// own handler in place of SIG_IGN (all but SIGHUP and SIGINT):
		// ignore it again.
		if !runtimeSignal(sig) && !signal.Ignored(sig) {
			ignoreSignal(sig)
			st.ignored[sig] = true
		}
		return
	}
	catch, ignore := s.wantsLocked(sig)
	if ignore && runtimeSignal(sig) {
		catch, ignore = true, false
	}
	if ignore {
		s.unwatchLocked(sig)
		// signal.Ignore replaces the released default and takes the
		// runtime's bookkeeping back with it.
		delete(st.released, sig)
		if !st.ignored[sig] {
			ignoreSignal(sig)
			st.ignored[sig] = true
		}
		return
	}
	if st.ignored[sig] {
		unignore(sig)
		delete(st.ignored, sig)
	}
	if !catch {
		s.unwatchLocked(sig)
		if contains(deathSignals, sig) {
			if _, done := st.released[sig]; !done {
				st.released[sig] = setDefaultAction(sig)
			}
		} else if act, ok := st.released[sig]; ok {
			// Parked by catchSignalsSoon, and not caught after all (job
			// control could not start): the runtime's handler again.
			restoreAction(sig, act)
			delete(st.released, sig)
		}
		return
	}
	if act, ok := st.released[sig]; ok {
		// Go's handler is still registered for sig in the runtime, so
		// signal.Notify will not install it again: put it back first.
		// What was saved is no handler when another shell in this
		// process released the signal first (tests run many): then
		// signal.Ignore makes the runtime forget its registration, and
		// Notify installs the handler afresh.
		if act[0] <= 1 { // SIG_DFL or SIG_IGN
			ignoreSignal(sig)
		} else {
			restoreAction(sig, act)
		}
		delete(st.released, sig)
	}
	if st.watch[sig] == nil {
		ch := make(chan os.Signal, 16)
		st.watch[sig] = ch
		signal.Notify(ch, sig)
		go func() {
			for v := range ch {
				if m, ok := v.(settleMark); ok {
					m.wg.Done() // see settleSignals
					continue
				}
				s.onSignal(sig)
			}
		}()
	}
}

// unignore undoes signal.Ignore. signal.Reset alone leaves SIG_IGN in
// place for the signals the Go runtime handles itself (HUP, INT, TERM…),
// and children would keep inheriting it; with no Go handler left for the
// signal, setting SIG_DFL is what the runtime itself would have found at
// start-up.
func unignore(sig syscall.Signal) {
	signal.Reset(sig)
	setDefaultAction(sig)
}

// runtimeSignals are never ignored: the Go runtime needs them (SIGURG
// preempts goroutines, SIGCHLD ignored would reap children before
// exec.Cmd.Wait), or they are faults. A trap with an empty action catches and drops them.
func runtimeSignal(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGURG, syscall.SIGCHLD, syscall.SIGPROF, syscall.SIGSEGV, syscall.SIGBUS,
		syscall.SIGFPE, syscall.SIGILL, syscall.SIGTRAP:
		return true
	}
	return false
}

func (s *Shell) unwatchLocked(sig syscall.Signal) {
	st := &s.job.sig
	if ch := st.watch[sig]; ch != nil {
		signal.Stop(ch)
		close(ch)
		delete(st.watch, sig)
	}
}

// noteInherited records, before the shell first touches sig, whether it
// was ignored when the shell started.
func (s *Shell) noteInheritedLocked(sig syscall.Signal) {
	st := &s.job.sig
	if _, seen := st.inherit[sig]; !seen {
		st.inherit[sig] = signal.Ignored(sig) && !st.ignored[sig] && !everIgnored[sig].Load() || st.parentIgnores(sig)
	}
}

// parentIgnores reports whether the shell's parent ignores sig, read once
// (from /proc) when the shell first looks. The Go runtime hides the
// disposition nosh started with for every signal but SIGHUP and SIGINT,
// and a signal its parent ignores was almost always ignored in nosh too:
// a shell's trap ” and nohup-like tools leave it ignored across fork and
// exec. Not for SIGPIPE and SIGXFSZ, which programs that ignore them
// (Python, tmux) put back to the default in the programs they start.
func (st *sigState) parentIgnores(sig syscall.Signal) bool {
	if ignored, known := hintedIgnore(sig); known {
		// A nosh parent said (subshell_signals_exec.go).
		return ignored
	}
	if sig == syscall.SIGPIPE || sig == syscall.SIGXFSZ || runtimeSignal(sig) || sig < 1 || sig > 64 {
		return false
	}
	if st.parentIgn == nil {
		st.parentIgn = sync.OnceValue(parentSigIgn)
	}
	return st.parentIgn()&(1<<(sig-1)) != 0
}

// readParentSoon starts reading the parent's ignored signals on another
// goroutine. An interactive shell asks for them on its way to the first
// prompt (catchSignalsSoon), and reading /proc costs 50-150 µs: started
// as the shell is made, the reading is done by then. It must be called
// before the shell is used from other goroutines.
func (st *sigState) readParentSoon() {
	if st.parentIgn == nil {
		st.parentIgn = sync.OnceValue(parentSigIgn)
		go st.parentIgn()
	}
}

func parentSigIgn() uint64 { return procSigIgn(os.Getppid()) }

// procSigIgn reads the mask of signals process pid ignores; 0 when it
// cannot be read.
func procSigIgn(pid int) uint64 {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	_, rest, ok := strings.Cut(string(data), "\nSigIgn:")
	if !ok {
		return 0
	}
	field, _, _ := strings.Cut(rest, "\n")
	mask, err := strconv.ParseUint(strings.TrimSpace(field), 16, 64)
	if err != nil {
		return 0
	}
	return mask
}

// setSignalTrap sets (or, with reset, removes) the trap for sig.
func (s *Shell) setSignalTrap(sig syscall.Signal, action string, reset bool) {
	st := &s.job.sig
	st.mu.Lock()
	st.init()
	s.noteInheritedLocked(sig)
	if reset {
		delete(st.traps, sig)
	} else {
		st.traps[sig] = action
	}
	s.applySignalLocked(sig)
	st.mu.Unlock()
}

// setExitTrapped records whether the main shell has an EXIT trap.
func (s *Shell) setExitTrapped(on bool) {
	st := &s.job.sig
	st.mu.Lock()
	st.init()
	if st.exitTrap == on {
		st.mu.Unlock()
		return
	}
	st.exitTrap = on
	for _, list := range [][]syscall.Signal{exitTrapSignals, deathSignals} {
		for _, sig := range list {
			s.noteInheritedLocked(sig)
			s.applySignalLocked(sig)
		}
	}
	st.mu.Unlock()
}

// signalTraps returns the signal traps, by signal number.
func (s *Shell) signalTraps() []signalTrap {
	st := &s.job.sig
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []signalTrap
	for sig, action := range st.traps {
		out = append(out, signalTrap{sig, action})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].sig < out[b].sig })
	return out
}

type signalTrap struct {
	sig    syscall.Signal
	action string
}

// signalName is how trap lists sig.
func signalName(sig syscall.Signal) string { return "SIG" + jobs.SignalName(sig) }

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
