package shell

import (
	"context"
	"os"
	"sync"
	"syscall"

	"nosh/shell/internal/signals"
)

// What programs started from a subshell inherit: its ignored signals, and
// only those. When the process's own dispositions would give a program
// something else, it starts through nosh's launcher (package signals,
// launcher.go), which sets them and executes the program in the same
// process.

// Launch is called first in nosh's main: when args ask for the signal
// launcher it sets the signals and executes the program, never
// returning; otherwise it takes the ignored-signals hint a parent nosh
// left in the environment, and returns.
func Launch(args []string) { signals.Launch(args, selfPath) }

// launchWithSignals returns how to start path with argv from ctx so that
// it inherits the subshell's ignored signals: through the launcher, with
// the hint for a nosh child in env, when the process's dispositions would
// not do; unchanged otherwise.
//
// A program started from the main shell, with nothing caught for a
// subshell, starts directly; when the process ignores a signal that a Go
// program cannot see it started with ignored, the hint is added all the
// same, for a nosh child.
func (s *Shell) launchWithSignals(ctx context.Context, path string, argv, env []string) (string, []string, []string) {
	if frameOf(ctx) == nil && !s.job.sig.Forced() {
		if mask := s.job.sig.HiddenIgnores(); mask != 0 && isNosh(path) {
			env = append(env, signals.HintFor(os.Getpid(), mask))
		}
		return path, argv, env
	}
	mask, differs := s.childIgnoreMask(ctx)
	if mask&^hintless != 0 && isNosh(path) {
		env = append(env, signals.HintFor(os.Getpid(), mask))
	}
	if !differs {
		return path, argv, env
	}
	path, argv = signals.LauncherArgs(selfPath(), path, argv, mask)
	return path, argv, env
}

// isNosh reports whether path is this very program: the only one the
// ignored-signals hint is for, so that no other program finds it in its
// environment.
func isNosh(path string) bool {
	self := selfInfo()
	if self == nil {
		return false
	}
	fi, err := os.Stat(path)
	return err == nil && os.SameFile(fi, self)
}

var selfInfo = sync.OnceValue(func() os.FileInfo {
	fi, err := os.Stat(selfPath())
	if err != nil {
		return nil
	}
	return fi
})

// hintless are the signals a Go program sees as ignored at start by
// itself.
const hintless = 1<<(syscall.SIGHUP-1) | 1<<(syscall.SIGINT-1)

// childIgnoreMask returns the signals a program started from ctx must
// start with ignored (bit sig-1), and whether the process's dispositions
// would give it something else.
func (s *Shell) childIgnoreMask(ctx context.Context) (mask uint64, differs bool) {
	f := frameOf(ctx)
	if f == nil {
		if !s.job.sig.Forced() {
			return 0, false
		}
		// The main shell's own ignored signals may be caught for a
		// subshell running at the same time.
		return s.job.sig.ChildMask(nil)
	}
	f.mu.Lock()
	traps := make(map[syscall.Signal]string, len(f.traps))
	for sig, action := range f.traps {
		traps[sig] = action
	}
	f.mu.Unlock()
	return s.job.sig.ChildMask(traps)
}

// execHint is the environment entry for exec of path in the main shell,
// which replaces the process with these ignored signals: a nosh put in
// its place finds out what it started with from it. It is empty when
// nothing but SIGHUP and SIGINT, which the Go runtime shows as they are,
// is ignored, or when path is not nosh.
func (s *Shell) execHint(ctx context.Context, path string) string {
	if !isNosh(path) {
		return ""
	}
	mask, _ := s.childIgnoreMask(ctx)
	if frameOf(ctx) == nil && !s.job.sig.Forced() {
		mask = s.job.sig.ProcessMask()
	}
	if mask&^hintless == 0 {
		return ""
	}
	return signals.HintFor(os.Getpid(), mask)
}

// settleSignals waits until signals that reached the process before now
// have been acted on, when that matters: a program that signalled its
// parent and exited must find the signal acted on before the next
// command, as in a one-threaded shell (signals.Dispositions.Flush). That
// is in a foreground subshell when the process catches any signal, and
// in the main shell when it has a trap.
func (s *Shell) settleSignals(ctx context.Context) {
	switch f := frameOf(ctx); {
	case f == nil && s.job.sig.Trapping(),
		f != nil && !f.bg && s.job.sig.CatchesAny():
		s.job.sig.Flush()
	}
}
