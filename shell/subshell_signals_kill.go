package shell

import (
	"context"
	"os"
	"syscall"

	"nosh/shell/internal/signals"
	"nosh/shell/jobs"
)

// kill $$ from inside a subshell.
//
// In sh, $$ in a subshell is the main shell's process, which waits for
// the subshell: a signal sent to it is acted on by the main shell, once
// the subshell is done (a trap then runs, a default ends the shell). The
// subshell itself goes on. nosh's kill knows when that happens, since
// its subshells share the process: the signal is kept for the main
// shell until the outermost foreground subshell ends. From a background
// job's body, whose parent is not waiting for it, it reaches the main
// shell at once.

// killFromFrame handles kill -SIG $$ run inside a subshell.
func (s *Shell) killFromFrame(ctx context.Context, sig syscall.Signal) {
	f := frameOf(ctx)
	for f != nil && f.parent != nil && !f.bg {
		f = f.parent
	}
	if f == nil || f.bg {
		s.signalMain([]syscall.Signal{sig})
		return
	}
	f.mu.Lock()
	f.forMain = append(f.forMain, sig)
	f.mu.Unlock()
}

// signalMain acts on sigs as the main shell, now.
func (s *Shell) signalMain(sigs []syscall.Signal) {
	st := &s.job.sig
	for _, sig := range sigs {
		catchable := sig != syscall.SIGKILL && sig != syscall.SIGSTOP
		if s.ignoresSignal(sig) {
			continue
		}
		if catchable && st.Catches(sig) {
			// What the handler does with a delivery, here and now, so
			// that a trap is pending before the next command.
			st.DeliverMain(sig)
			continue
		}
		if signals.EndsByDefault(sig) && !signals.StopsByDefault(sig) {
			signals.TakeSignal(sig)
			continue
		}
		syscall.Kill(os.Getpid(), sig)
	}
}

// noteJobFrame records the frame of background job j's body, which kill
// %N and kill $! reach, until the body ends.
func (s *Shell) noteJobFrame(j *jobs.Job, ctx context.Context) {
	f := frameOf(ctx)
	if f == nil {
		return
	}
	s.job.frames.byJob.Store(j, f)
	context.AfterFunc(ctx, func() { s.job.frames.byJob.Delete(j) })
}

// signalJobFrame gives sig to background job j's body when the body has a
// trap for it or ignores it, as bash's subshell process would, and
// reports whether it did. Without one, kill signals the whole job.
func (s *Shell) signalJobFrame(j *jobs.Job, sig syscall.Signal) bool {
	v, ok := s.job.frames.byJob.Load(j)
	if !ok || sig == 0 || sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		return false
	}
	f := v.(*sigFrame)
	f.mu.Lock()
	defer f.mu.Unlock()
	action, set := f.traps[sig]
	if !set {
		return false
	}
	if action != "" {
		if f.pending == nil {
			f.pending = map[syscall.Signal]bool{}
		}
		f.pending[sig] = true
		f.hasPending.Store(true)
	}
	return true
}

// ignoresSignal reports whether the main shell ignores sig: a trap with
// an empty action, or ignored since a non-interactive shell started.
func (s *Shell) ignoresSignal(sig syscall.Signal) bool {
	if sig == syscall.SIGKILL || sig == syscall.SIGSTOP {
		return false
	}
	if action, set := s.job.sig.Trap(sig); set {
		return action == ""
	}
	return !s.Interactive && s.job.sig.InheritedIgnore(sig)
}
