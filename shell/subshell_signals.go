package shell

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"syscall"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/guard"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/signals"
	"nosh/shell/jobs"
)

// Subshell signal contexts.
//
// A subshell in nosh is not a process: ( … ), $( … ) and { … } & run in
// a copy of the runner inside the shell's own process. In sh, a subshell
// has signal dispositions of its own: it resets caught traps to the
// default on entry, keeps ignored signals ignored, may set traps of its
// own, dies of a signal its parent traps, and passes its ignored signals
// on to the programs it starts. nosh emulates that with a sigFrame per
// running subshell, found through the context its commands run with:
//
//   - trap in a subshell sets the frame's table, not the shell's;
//   - a signal arriving at the process while foreground subshells run is
//     dispatched by the innermost one's table: its trap runs in it (before
//     its next command), ignored does nothing, and a default that ends a
//     process ends the subshell alone, with status 128+N, as the parent
//     of a killed child sees it. The process catches a signal for as long
//     as a running frame's disposition for it differs from the main
//     shell's (frameCatch), and only then;
//   - a background job's body ({ … } &) has a frame too, for its traps and
//     for what its programs inherit, but signals from outside go to the
//     foreground (the main shell, or a subshell it is running), as they do
//     to bash's main process while it waits: Ctrl+C and `kill <shell's
//     pid>` are for the shell; `kill $!` and `kill %1` reach the job;
//   - `kill … $$` from inside a subshell is for the main shell: bash's
//     subshell signals its parent, which acts on it once the subshell it
//     waits for is done (subshell_signals_kill.go);
//   - programs started from a frame get the frame's ignored signals, and
//     only those, through a launcher when the process's own dispositions
//     differ (subshell_signals_exec.go).

// sigFrameKey keys the innermost *sigFrame in the context of the commands
// a subshell runs.
type sigFrameKey struct{}

// errSubshellSignal is the cause a frame's context is cancelled with when
// a signal ends the subshell: its programs are left alone, as a process
// that dies leaves its children.
var errSubshellSignal = errors.New("subshell killed by a signal")

// sigFrame is the signal state of one running in-process subshell.
type sigFrame struct {
	parent *sigFrame // nil: the main shell's
	r      *interp.Runner
	bg     bool // a background job's body, or inside one
	cancel context.CancelCauseFunc

	mu       sync.Mutex
	traps    map[syscall.Signal]string // action; "" ignores; absent: default
	catching map[syscall.Signal]bool   // counted in frameSignals.catch
	pending  map[syscall.Signal]bool
	killed   syscall.Signal
	// forMain are signals `kill $$` sent from inside, for the main shell
	// once the outermost foreground frame ends.
	forMain []syscall.Signal

	hasPending atomic.Bool
	inTrap     atomic.Bool
}

// frameSignals is the shell's registry of running frames. (Which signals
// the process catches for them is counted by the dispositions: Force.)
type frameSignals struct {
	mu     sync.Mutex
	active []*sigFrame // foreground frames, in the order they started
	// byJob maps a background *jobs.Job to its body's *sigFrame.
	byJob sync.Map
}

// frameOf returns the innermost subshell frame of ctx, or nil in the main
// shell.
func frameOf(ctx context.Context) *sigFrame {
	f, _ := ctx.Value(sigFrameKey{}).(*sigFrame)
	return f
}

// enterFrame starts the signal context of a subshell that runs in r: the
// returned context carries it, and leaveFrame must be called when the
// subshell is done.
func (s *Shell) enterFrame(ctx context.Context, r *interp.Runner, bg bool) (context.Context, *sigFrame) {
	parent := frameOf(ctx)
	f := &sigFrame{parent: parent, r: r, bg: bg || parent != nil && parent.bg}
	// Ignored signals stay ignored; caught ones are reset to the default.
	if parent != nil {
		parent.mu.Lock()
		for sig, action := range parent.traps {
			if action == "" {
				f.setTrapLocked(sig, "")
			}
		}
		parent.mu.Unlock()
	} else {
		for _, sig := range s.job.sig.SubshellIgnores() {
			f.setTrapLocked(sig, "")
		}
	}
	if bg && s.jobTTY() < 0 {
		// POSIX: without job control, an asynchronous list ignores
		// SIGINT and SIGQUIT, and so do its programs (its own traps may
		// still catch them). bash's simple `cmd &` does the same; its
		// compound lists leave them at the default for their programs.
		f.setTrapLocked(syscall.SIGINT, "")
		f.setTrapLocked(syscall.SIGQUIT, "")
	}
	ctx, f.cancel = context.WithCancelCause(ctx)
	ctx = context.WithValue(ctx, sigFrameKey{}, f)
	// An AI command's guard may want to know that what runs here
	// assigns only the subshell's variables.
	if env := interpunsafe.WriteEnv(r); env != nil && *env != nil {
		ctx = guard.EnterSubshell(ctx, *env)
	}
	fs := &s.job.frames
	if !f.bg {
		fs.mu.Lock()
		fs.active = append(fs.active, f)
		fs.mu.Unlock()
	}
	return ctx, f
}

// leaveFrame ends f: it stops receiving signals, gives up the signals it
// had the process catch, and hands the main shell what `kill $$` sent it.
// It returns the signal that ended the subshell, or 0.
func (s *Shell) leaveFrame(f *sigFrame) syscall.Signal {
	fs := &s.job.frames
	fs.mu.Lock()
	if i := slices.Index(fs.active, f); i >= 0 {
		fs.active = slices.Delete(fs.active, i, i+1)
	}
	fs.mu.Unlock()
	f.mu.Lock()
	var release []syscall.Signal
	for sig := range f.catching {
		release = append(release, sig)
	}
	f.catching = nil
	killed, forMain := f.killed, f.forMain
	f.forMain = nil
	f.mu.Unlock()
	for _, sig := range release {
		s.job.sig.Force(sig, -1)
	}
	f.cancel(nil)
	if len(forMain) > 0 {
		s.signalMain(forMain)
	}
	return killed
}

// setTrapLocked records action ("" ignores) for sig in f.
func (f *sigFrame) setTrapLocked(sig syscall.Signal, action string) {
	if f.traps == nil {
		f.traps = map[syscall.Signal]string{}
	}
	f.traps[sig] = action
}

// setFrameTrap is trap run in a subshell: it sets (or, with reset,
// removes) the subshell's own trap for sig. A signal ignored when a
// non-interactive shell started stays ignored, as in the main shell.
func (s *Shell) setFrameTrap(ctx context.Context, r *interp.Runner, sig syscall.Signal, action string, reset bool) {
	f := frameOf(ctx)
	if f == nil || f.r != r || sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		// A pipeline's stage, say, which has no frame of its own.
		return
	}
	if !s.Interactive && s.job.sig.InheritedIgnore(sig) {
		return
	}
	f.mu.Lock()
	if reset {
		delete(f.traps, sig)
	} else {
		f.setTrapLocked(sig, action)
	}
	// Once caught for the frame, a signal stays caught until it ends, so
	// that `trap - SIG` after a trap ends the subshell alone, not the
	// process.
	add := !f.bg && !f.catching[sig] && s.frameNeedsCatch(f, sig)
	if add {
		if f.catching == nil {
			f.catching = map[syscall.Signal]bool{}
		}
		f.catching[sig] = true
	}
	f.mu.Unlock()
	if add {
		s.job.sig.Force(sig, 1)
	}
}

// frameNeedsCatch reports whether the process must catch sig for f to see
// it: f's disposition differs from what the main shell does with it
// unaided. A default in both ends the process, which is what ending the
// subshell and then its parent would look like in the suite of cases the
// main shell cannot tell apart; a trap in the main shell is caught anyway.
func (s *Shell) frameNeedsCatch(f *sigFrame, sig syscall.Signal) bool {
	action, set := f.traps[sig]
	mainAction, mainSet := s.job.sig.Trap(sig)
	switch {
	case mainSet && mainAction != "":
		return false // caught already
	case mainSet: // the main shell ignores it
		return !set || action != ""
	default:
		return set
	}
}

// dispatchToFrame hands a signal that reached the process to the
// innermost foreground subshell, and reports whether one took it. With
// none running, a signal caught only for frames that have just ended is
// dropped when the main shell ignores it.
func (s *Shell) dispatchToFrame(sig syscall.Signal) bool {
	fs := &s.job.frames
	fs.mu.Lock()
	var f *sigFrame
	if n := len(fs.active); n > 0 {
		f = fs.active[n-1]
	}
	fs.mu.Unlock()
	if f == nil {
		action, set := s.job.sig.Trap(sig)
		return set && action == ""
	}
	f.mu.Lock()
	action, set := f.traps[sig]
	switch {
	case set && action != "":
		if f.pending == nil {
			f.pending = map[syscall.Signal]bool{}
		}
		f.pending[sig] = true
		f.hasPending.Store(true)
		f.mu.Unlock()
		return true
	case set:
		f.mu.Unlock()
		return true
	}
	f.mu.Unlock()
	if signals.EndsByDefault(sig) && !signals.StopsByDefault(sig) {
		f.kill(sig)
	}
	if s.Interactive && sig == syscall.SIGINT {
		// And the whole line, as in bash, whose interactive main shell
		// stops the line when a job dies of SIGINT (Ctrl+C reaches
		// both).
		return false
	}
	return true
}

// kill ends the subshell as the default action of sig would end its
// process.
func (f *sigFrame) kill(sig syscall.Signal) {
	f.mu.Lock()
	if f.killed == 0 {
		f.killed = sig
	}
	f.mu.Unlock()
	f.cancel(errSubshellSignal)
}

// builtinFrameTrapsName runs a subshell's pending traps, then its
// arguments as a command.
const builtinFrameTrapsName = "\x00subtraps"

// frameTrapsDue returns the frame of ctx if it runs in r and has pending
// traps that can run now.
func frameTrapsDue(ctx context.Context, r *interp.Runner) *sigFrame {
	f := frameOf(ctx)
	if f == nil || f.r != r || !f.hasPending.Load() || f.inTrap.Load() {
		return nil
	}
	return f
}

func builtinFrameTraps(ctx context.Context, c *call) error {
	f := frameOf(ctx)
	if c.R == nil || f == nil || f.r != c.R {
		return errKeepStatus
	}
	if c.sh().runFrameTraps(ctx, f) || len(c.Args) == 0 {
		return errKeepStatus
	}
	interpunsafe.Call(c.R, ctx, interp.HandlerCtx(ctx).Pos, c.Args)
	return errKeepStatus
}

// runFrameTraps runs f's pending traps in its runner, each with $? as it
// was before it and restored after it, and reports whether one ran exit
// (or return), which ends the subshell.
func (s *Shell) runFrameTraps(ctx context.Context, f *sigFrame) (ended bool) {
	if !f.inTrap.CompareAndSwap(false, true) {
		return false
	}
	defer f.inTrap.Store(false)
	f.mu.Lock()
	var sigs []syscall.Signal
	for sig := range f.pending {
		sigs = append(sigs, sig)
	}
	sort.Slice(sigs, func(a, b int) bool { return sigs[a] < sigs[b] })
	var actions []string
	for _, sig := range sigs {
		if action := f.traps[sig]; action != "" {
			actions = append(actions, action)
		}
	}
	f.pending = nil
	f.hasPending.Store(false)
	f.mu.Unlock()
	return s.runTrapActions(ctx, f.r, actions)
}

// EnterSubshell gives a foreground subshell ( … ) or $( … ) that runs in
// r its signal context: the context to run its body with, and the frame
// whose Done ends it.
func (s *Shell) EnterSubshell(ctx context.Context, r *interp.Runner) (context.Context, *SubshellSignals) {
	ctx, f := s.enterFrame(ctx, r, false)
	return ctx, &SubshellSignals{s, f}
}

// SubshellSignals is a running subshell's signal context, for the code
// that runs the subshell.
type SubshellSignals struct {
	s *Shell
	f *sigFrame
}

// Done ends the subshell's signal context and turns the body's status
// into the subshell's: 128+N when signal N ended it, which report (when
// not nil) then tells, as bash reports a foreground subshell killed by a
// signal (but SIGINT and SIGPIPE).
func (ss *SubshellSignals) Done(st interpunsafe.Status, report io.Writer) interpunsafe.Status {
	killed := ss.s.leaveFrame(ss.f)
	if killed == 0 {
		return st
	}
	if report != nil && killed != syscall.SIGINT && killed != syscall.SIGPIPE {
		fmt.Fprintln(report, jobs.DescribeSignal(killed))
	}
	return interpunsafe.Status{Code: uint8(128 + int(killed))}
}

// SubshellBodyEnded is called when the statements of a subshell running
// in r are done, before its EXIT trap: it runs the traps of signals that
// came during its last command, and reports whether a signal ended the
// subshell (then no EXIT trap runs, as for a process killed by one).
func (s *Shell) SubshellBodyEnded(ctx context.Context, r *interp.Runner) (killed bool) {
	f := frameOf(ctx)
	if f == nil || f.r != r {
		return false
	}
	if errors.Is(context.Cause(ctx), errSubshellSignal) {
		return true
	}
	if frameTrapsDue(ctx, r) != nil {
		s.runFrameTraps(ctx, f)
	}
	return false
}
