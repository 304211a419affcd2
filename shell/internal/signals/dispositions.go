package signals

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

// Dispositions is how the shell handles each signal: trapped, ignored,
// caught for job control, or left to its default action. The core fills
// in the exported fields before first use; the rest is the zero value.
//
// Signals are caught with signal.Notify on one channel per signal, so
// that one can be released (signal.Stop) without touching the others or
// other packages' channels. signal.Ignore is only used for a trap with an empty action:
// ignored signals stay ignored in every child, which is exactly what
// POSIX and bash do for that trap, and exactly what must not happen to
// the signals job control catches (design notes §1.5).
type Dispositions struct {
	// Interactive says the shell is interactive (bash's dispositions
	// for an interactive shell).
	Interactive bool
	// JobControl reports whether the shell has job control now.
	JobControl func() bool
	// Interrupt is Ctrl+C reaching an interactive shell itself.
	Interrupt func()
	// Hangup ends an interactive shell whose terminal hung up; it does
	// not return.
	Hangup func()
	// Dying abandons the running statement of a script that got a fatal
	// signal while it has an EXIT trap (see Fatal).
	Dying func()

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
	// parentIgn returns the parent's ignored signals (bit sig-1), read
	// once (readParentSoon may have started the reading).
	parentIgn func() uint64
	exitTrap  bool // the main shell has an EXIT trap

	// Dispatch, when set, is offered every delivery first: it reports
	// whether a subshell took the signal (subshells.go).
	Dispatch func(sig syscall.Signal) bool
	// forced counts, by signal, the subshells that need it caught.
	forced    map[syscall.Signal]int
	anyForced atomic.Int32

	hasPending atomic.Bool
	inTrap     atomic.Bool
	// fatal is a signal the shell is dying of. Every top-level statement
	// reads it as it ends, and without the lock: CatchSoon's set-up holds
	// the lock through a round trip to the runtime per signal, and the
	// statement reading init.sh waited for all of it (about 350 µs before
	// the first prompt; README, Performance, part P).
	fatal atomic.Int32

	once  sync.Once     // dispositions set at the first statement
	setup chan struct{} // closed when CatchSoon's set-up is done
	// beginSetup starts CatchSoon's set-up, once (BeginSetup, Settle).
	beginSetup func()
}

func (st *Dispositions) init() {
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

// Update brings every signal's disposition in line with the traps and
// the shell's mode.
func (st *Dispositions) Update() {
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
		st.noteInheritedLocked(sig)
		if sig == syscall.SIGQUIT && st.ignoreQuitLocked() {
			continue
		}
		st.applySignalLocked(sig)
	}
}

// CatchSoon is the interactive shell's signal set-up, off the
// path to the first prompt: catching a signal is a round trip to the
// runtime's signal goroutine and a goroutine of nosh's, which a prompt
// need not wait for. Until they are caught, the signals an interactive
// shell catches are ignored (one rt_sigaction each, undone as each is
// caught, as for the released fatal signals), so that a Ctrl+C or Ctrl+Z
// typed at once does nothing rather than end or stop the shell. The
// set-up itself begins when the first prompt is on the screen
// (BeginSetup) or when a statement needs it (Settle), whichever comes
// first: begun at once, its round trips (600-900 µs, a dozen futex
// wake-ups of the runtime's signal thread) ran beside the startup files
// and the editor's construction and competed with them for the two
// cores (README, Performance, part P).
func (st *Dispositions) CatchSoon() {
	st.mu.Lock()
	st.init()
	for _, list := range [][]syscall.Signal{interactiveSignals, jobControlSignals} {
		for _, sig := range list {
			st.noteInheritedLocked(sig)
			if _, done := st.released[sig]; done || st.watch[sig] != nil || st.ignored[sig] {
				continue
			}
			st.released[sig] = setIgnoreAction(sig)
		}
	}
	st.mu.Unlock()
	done := make(chan struct{})
	st.setup = done
	st.beginSetup = sync.OnceFunc(func() {
		go func() {
			defer close(done)
			st.Update()
		}()
	})
}

// BeginSetup starts CatchSoon's set-up if it has not begun; the REPL calls
// it once its first prompt is on the screen.
func (st *Dispositions) BeginSetup() {
	if st.beginSetup != nil {
		st.beginSetup()
	}
}

// Settle waits for CatchSoon's set-up, if any (beginning it first), and
// sets every signal's disposition the first time it is called: each
// top-level statement calls it before it runs.
func (st *Dispositions) Settle() {
	if st.setup != nil {
		st.beginSetup()
		<-st.setup
	}
	st.once.Do(st.Update)
}

// ignoreQuitLocked gives a non-interactive shell with no trap for
// SIGQUIT bash's behaviour — the shell ignores it, its children do not —
// with one system call: SIG_IGN set under the Go runtime, which still
// counts the signal as its own and so resets it to the default in every
// child it starts. Catching it with signal.Notify instead would cost a
// round trip to the runtime's signal goroutine and a thread to run it.
// A trap set later puts the runtime's handler back first (see the
// released map).
func (st *Dispositions) ignoreQuitLocked() bool {
	if st.Interactive || st.inherit[syscall.SIGQUIT] || st.watch[syscall.SIGQUIT] != nil {
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
func (st *Dispositions) wantsLocked(sig syscall.Signal) (catch, ignore bool) {
	if st.forced[sig] > 0 {
		// A running subshell has its own disposition for it (Force).
		return true, false
	}
	if action, ok := st.traps[sig]; ok {
		return action != "", action == ""
	}
	if st.Interactive && contains(interactiveSignals, sig) {
		return true, false
	}
	if st.JobControl() && contains(jobControlSignals, sig) {
		return true, false
	}
	if !st.Interactive {
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

func (st *Dispositions) applySignalLocked(sig syscall.Signal) {
	if uncatchable(sig) {
		return
	}
	if st.inherit[sig] && !st.Interactive {
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
	catch, ignore := st.wantsLocked(sig)
	if ignore && runtimeSignal(sig) {
		catch, ignore = true, false
	}
	if ignore {
		st.unwatchLocked(sig)
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
		st.unwatchLocked(sig)
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
				if m, ok := v.(flushMark); ok {
					m.wg.Done() // see Flush
					continue
				}
				st.deliver(sig)
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

func (st *Dispositions) unwatchLocked(sig syscall.Signal) {
	if ch := st.watch[sig]; ch != nil {
		signal.Stop(ch)
		close(ch)
		delete(st.watch, sig)
	}
}

// noteInherited records, before the shell first touches sig, whether it
// was ignored when the shell started.
func (st *Dispositions) noteInheritedLocked(sig syscall.Signal) {
	if _, seen := st.inherit[sig]; !seen {
		st.inherit[sig] = signal.Ignored(sig) && !st.ignored[sig] && !everIgnored[sig].Load() || st.parentIgnores(sig)
	}
}

// parentIgnores reports whether sig was ignored when the shell started,
// where signal.Ignored cannot tell: the Go runtime installs its handler
// over the disposition nosh started with for every signal but SIGHUP and
// SIGINT, and keeps the old one to itself.
//
//   - A parent nosh says which it gave ignored (launcher.go).
//   - SIGCONT, SIGTSTP, SIGTTIN and SIGTTOU the runtime leaves alone until
//     a program asks for them: the kernel still holds the disposition nosh
//     started with.
//   - For the others, the parent's own ignored signals (read once from
//     /proc) are a guess: a shell's `trap "" SIG` or a nohup-like tool
//     leaves the signal ignored across fork and exec, and so does an
//     interactive bash with the signals it was itself started with
//     ignored.
//   - But SIGQUIT and SIGTERM only when nosh runs in its parent's process
//     group. A job-control shell, tmux, a terminal emulator or sshd
//     ignore those for themselves and put them back to the default in the
//     programs they start, each in a process group (or session) of its
//     own: believing them made every program of a script run from an
//     interactive shell, and every background job of nosh in tmux, start
//     with them ignored (`kill` could not end the programs of a script).
//   - Never for SIGPIPE and SIGXFSZ, which programs that ignore them
//     (Python, tmux) put back to the default in the programs they start,
//     nor for the runtime's signals but SIGURG (whose default is to
//     ignore it: a trap on it then stays a no-op, as POSIX has it).
func (st *Dispositions) parentIgnores(sig syscall.Signal) bool {
	if ignored, known := hintedIgnore(sig); known {
		return ignored
	}
	switch {
	case stopSignal(sig) || sig == syscall.SIGCONT:
		return !everIgnored[sig].Load() && !st.ignored[sig] && currentAction(sig)[0] == 1 // SIG_IGN
	case sig == syscall.SIGPIPE || sig == syscall.SIGXFSZ || runtimeSignal(sig) && sig != syscall.SIGURG || sig < 1 || sig > 64:
		return false
	case (sig == syscall.SIGQUIT || sig == syscall.SIGTERM) && !inParentGroup():
		return false
	}
	if st.parentIgn == nil {
		st.parentIgn = sync.OnceValue(parentSigIgn)
	}
	return st.parentIgn()&(1<<(sig-1)) != 0
}

// ReadParentSoon starts reading the parent's ignored signals on another
// goroutine. An interactive shell asks for them on its way to the first
// prompt (catchSignalsSoon), and reading /proc costs 25 µs or more: started
// as the shell is made, the reading is done by then. It must be called
// before the shell is used from other goroutines.
func (st *Dispositions) ReadParentSoon() {
	if st.parentIgn == nil {
		st.parentIgn = sync.OnceValue(parentSigIgn)
		go st.parentIgn()
	}
}

func parentSigIgn() uint64 { return procSigIgn(os.Getppid()) }

// inParentGroup reports whether nosh runs in its parent's process group.
func inParentGroup() bool {
	pg, err := syscall.Getpgid(os.Getppid())
	return err == nil && pg == syscall.Getpgrp()
}

// procSigIgn reads the mask of signals process pid ignores; 0 when it
// cannot be read. It reads /proc/PID/status with plain system calls:
// os.ReadFile cost 80 µs (an os.File registers with the runtime's poller,
// and the file was read in small chunks), this 25 µs, on the path of
// every `nosh -c`. (/proc/PID/stat is shorter, but its sigignore field
// leaves out the signals from 32 on.)
func procSigIgn(pid int) uint64 {
	fd, err := syscall.Open("/proc/"+strconv.Itoa(pid)+"/status", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	buf := make([]byte, 4096)
	n := 0
	for n < len(buf) {
		m, err := syscall.Read(fd, buf[n:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			break
		}
		n += m
	}
	syscall.Close(fd)
	return statusSigIgn(string(buf[:n]))
}

// statusSigIgn returns the SigIgn mask of a /proc/PID/status text.
func statusSigIgn(status string) uint64 {
	_, rest, ok := strings.Cut(status, "\nSigIgn:")
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

// SetTrap sets (or, with reset, removes) the trap for sig: action runs
// when it arrives ("" ignores it).
func (st *Dispositions) SetTrap(sig syscall.Signal, action string, reset bool) {
	st.mu.Lock()
	st.init()
	st.noteInheritedLocked(sig)
	if st.Interactive {
		// An interactive shell may trap or reset a signal ignored on
		// entry; from then on its subshells do not inherit it ignored.
		st.inherit[sig] = false
	}
	if reset {
		delete(st.traps, sig)
	} else {
		st.traps[sig] = action
	}
	st.applySignalLocked(sig)
	st.mu.Unlock()
}

// SetExitTrapped records whether the main shell has an EXIT trap.
func (st *Dispositions) SetExitTrapped(on bool) {
	st.mu.Lock()
	st.init()
	if st.exitTrap == on {
		st.mu.Unlock()
		return
	}
	st.exitTrap = on
	for _, list := range [][]syscall.Signal{exitTrapSignals, deathSignals} {
		for _, sig := range list {
			st.noteInheritedLocked(sig)
			st.applySignalLocked(sig)
		}
	}
	st.mu.Unlock()
}

// Traps returns the signal traps, by signal number.
func (st *Dispositions) Traps() []Trap {
	st.mu.Lock()
	defer st.mu.Unlock()
	var out []Trap
	for sig, action := range st.traps {
		out = append(out, Trap{sig, action})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Sig < out[b].Sig })
	return out
}

// Trap is one signal's trap.
type Trap struct {
	Sig    syscall.Signal
	Action string
}

// Name is how trap and kill -l list sig: SIGINT.
func Name(sig syscall.Signal) string { return "SIG" + jobs.SignalName(sig) }
