package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// What programs started from a subshell inherit.
//
// A program starts with the signals its shell ignores ignored, and every
// other signal at its default. The Go runtime gives a child SIG_IGN only
// for a signal it does not handle itself: signal.Ignore'd ones, and
// SIGHUP or SIGINT ignored since start-up. A subshell that ignores a
// signal the process catches (trap '' TERM inside ( … ) while the main
// shell traps or defaults it), or resets one the process ignores, cannot
// have the runtime start its programs that way. Those programs then start
// through a launcher: nosh itself, re-executed with sigLauncherFlag, sets
// each signal to SIG_IGN or SIG_DFL and executes the program in the same
// process (so PIDs, process groups and the terminal are as without it).
// Changing the process's own dispositions for the length of a fork would
// instead leave the main shell and its background jobs deaf, or killable,
// meanwhile. The launcher costs one more exec, and only when the subshell's
// dispositions differ from the process's.
//
// A Go program cannot see which signals it started with ignored (the
// runtime installs its handler over SIG_IGN for all but SIGHUP and
// SIGINT), and nosh is often the program: the launcher, and exec in the
// main shell, also tell a nosh child its ignored signals in the
// environment variable sigHintEnv, as "PID:MASK" (PID the parent's, or
// the process's own after exec, so that a grandchild started by another
// program does not trust it). nosh takes it out of its environment as it
// starts (Launch).

const (
	// sigLauncherFlag starts nosh as the launcher:
	// nosh --nosh-signals MASK PATH ARGV0 ARGS...
	sigLauncherFlag = "--nosh-signals"
	// sigHintEnv tells a nosh child the signals it starts with ignored.
	sigHintEnv = "NOSH_IGNORED_SIGNALS"
)

// sigHint is the mask of ignored signals a parent nosh passed in the
// environment, when it is to be trusted.
var sigHint struct {
	mask uint64
	ok   bool
}

// Launch is called first in nosh's main: when args ask for the signal
// launcher it sets the dispositions and executes the program, never
// returning; otherwise it takes the ignored-signals hint a parent nosh
// left in the environment, and returns.
func Launch(args []string) {
	if len(args) >= 5 && args[1] == sigLauncherFlag {
		runSignalLauncher(args)
	}
	v, ok := os.LookupEnv(sigHintEnv)
	if !ok {
		return
	}
	os.Unsetenv(sigHintEnv)
	pidText, maskText, _ := strings.Cut(v, ":")
	pid, err1 := strconv.Atoi(pidText)
	mask, err2 := strconv.ParseUint(maskText, 16, 64)
	if err1 == nil && err2 == nil && (pid == os.Getppid() || pid == os.Getpid()) {
		sigHint.mask, sigHint.ok = mask, true
	}
}

// runSignalLauncher sets every catchable signal to SIG_IGN (bit sig-1 of
// the mask) or SIG_DFL and executes the program.
func runSignalLauncher(args []string) {
	mask, err := strconv.ParseUint(args[2], 16, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "nosh: %s: bad signal mask %q\n", sigLauncherFlag, args[2])
		os.Exit(2)
	}
	for sig := syscall.Signal(1); sig <= 64; sig++ {
		if !launcherSets(sig) {
			continue
		}
		if mask&(1<<(sig-1)) != 0 {
			setIgnoreAction(sig)
		} else {
			setDefaultAction(sig)
		}
	}
	path, argv := args[3], args[4:]
	err = syscall.Exec(path, argv, os.Environ())
	if errors.Is(err, syscall.ENOEXEC) {
		// A script without a #! line runs in a new nosh, as POSIX asks.
		err = syscall.Exec(selfPath(), append([]string{"nosh", path}, argv[1:]...), os.Environ())
	}
	status := 126
	if errors.Is(err, syscall.ENOENT) {
		status = 127
	}
	fmt.Fprintf(os.Stderr, "nosh: %s: %s\n", argv[0], describeErrno(err))
	os.Exit(status)
}

// launcherSets reports whether the launcher sets sig: every signal but
// the uncatchable ones and the two the C library keeps for itself.
func launcherSets(sig syscall.Signal) bool {
	return !uncatchable(sig) && sig != 32 && sig != 33
}

// childIgnoreMask returns the signals a program started from ctx must
// start with ignored (bit sig-1), and whether the process's dispositions
// would give it something else.
func (s *Shell) childIgnoreMask(ctx context.Context) (mask uint64, differs bool) {
	f := frameOf(ctx)
	if f == nil && s.job.frames.forced.Load() == 0 {
		return 0, false
	}
	// The signals whose disposition anyone set: the others are at their
	// default both in the process and in the subshell.
	traps := map[syscall.Signal]string{}
	candidates := map[syscall.Signal]bool{}
	for _, t := range s.signalTraps() {
		candidates[t.sig] = true
		if f == nil {
			traps[t.sig] = t.action
		}
	}
	if f != nil {
		f.mu.Lock()
		for sig, action := range f.traps {
			traps[sig] = action
			candidates[sig] = true
		}
		f.mu.Unlock()
	}
	st := &s.job.sig
	st.mu.Lock()
	inherited := map[syscall.Signal]bool{}
	for sig, yes := range st.inherit {
		if yes && !s.Interactive {
			inherited[sig] = true
		}
		candidates[sig] = true
	}
	for sig := range st.ignored {
		candidates[sig] = true
	}
	parked := map[syscall.Signal]bool{}
	for sig := range st.released {
		parked[sig] = true
	}
	st.mu.Unlock()
	for sig := range candidates {
		if sig < 1 || sig > 64 || !launcherSets(sig) {
			continue
		}
		action, set := traps[sig]
		want := set && action == "" || inherited[sig]
		if want {
			mask |= 1 << (sig - 1)
		}
		if want != passesIgnore(sig, parked[sig]) {
			differs = true
		}
	}
	return mask, differs
}

// passesIgnore reports whether a program the process starts now gets sig
// ignored: its action is SIG_IGN and the Go runtime does not count it as
// its own (parked: nosh set SIG_IGN under the runtime's registration,
// which a child gets reset to the default).
func passesIgnore(sig syscall.Signal, parked bool) bool {
	return !parked && currentAction(sig)[0] == 1 // SIG_IGN
}

// launchWithSignals returns how to start path with argv from ctx so that
// it inherits the subshell's ignored signals: through the launcher, with
// the hint for a nosh child in env, when the process's dispositions would
// not do; unchanged otherwise.
func (s *Shell) launchWithSignals(ctx context.Context, path string, argv, env []string) (string, []string, []string) {
	mask, differs := s.childIgnoreMask(ctx)
	if !differs {
		return path, argv, env
	}
	self := selfPath()
	largv := append([]string{self, sigLauncherFlag, strconv.FormatUint(mask, 16), path}, argv...)
	return self, largv, append(env, sigHintFor(os.Getpid(), mask))
}

// sigHintFor is the sigHintEnv entry telling a nosh started by process pid
// that it starts with mask ignored.
func sigHintFor(pid int, mask uint64) string {
	return sigHintEnv + "=" + strconv.Itoa(pid) + ":" + strconv.FormatUint(mask, 16)
}

// execHint is the sigHintEnv entry for exec in the main shell, which
// replaces the process with mask ignored: a nosh put in its place finds
// out what it started with from it. It is empty when nothing but SIGHUP
// and SIGINT, which the Go runtime shows as they are, is ignored.
func (s *Shell) execHint(ctx context.Context) string {
	mask, _ := s.childIgnoreMask(ctx)
	if frameOf(ctx) == nil && s.job.frames.forced.Load() == 0 {
		st := &s.job.sig
		st.mu.Lock()
		for sig := syscall.Signal(1); sig <= 64; sig++ {
			_, parked := st.released[sig]
			if launcherSets(sig) && passesIgnore(sig, parked) {
				mask |= 1 << (sig - 1)
			}
		}
		st.mu.Unlock()
	}
	if mask&^(1<<(syscall.SIGHUP-1)|1<<(syscall.SIGINT-1)) == 0 {
		return ""
	}
	return sigHintFor(os.Getpid(), mask)
}

// hintedIgnore reports what a parent nosh said of sig, if it said.
func hintedIgnore(sig syscall.Signal) (ignored, known bool) {
	if !sigHint.ok || sig < 1 || sig > 64 {
		return false, false
	}
	return sigHint.mask&(1<<(sig-1)) != 0, true
}
