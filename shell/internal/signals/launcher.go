package signals

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// The launcher: what a program started from a subshell inherits.
//
// A program starts with the signals its shell ignores ignored, and every
// other signal at its default. The Go runtime gives a child SIG_IGN only
// for a signal it does not handle itself: signal.Ignore'd ones, and
// SIGHUP or SIGINT ignored since start-up. A subshell (which in nosh runs
// in the shell's process) that ignores a signal the process catches, or
// resets one the process ignores, cannot have the runtime start its
// programs that way. Those programs start through the launcher instead:
// nosh itself, re-executed with LauncherFlag, sets each signal to SIG_IGN
// or SIG_DFL and executes the program in the same process (so PIDs,
// process groups and the terminal are as without it). Changing the
// process's own dispositions for the length of a fork would instead
// leave the main shell and its background jobs deaf, or killable,
// meanwhile. The launcher costs one more exec, and only when the
// dispositions differ.
//
// A Go program cannot see which signals it started with ignored (the
// runtime installs its handler over SIG_IGN for all but SIGHUP and
// SIGINT), and nosh is often the program: when it is (the program is
// nosh's own file), the shell tells it its ignored signals in the
// environment variable HintEnv, as "PID:MASK" (PID the parent's, or the
// process's own after exec, so that a grandchild started by another
// program does not trust it). nosh takes it out of its environment as it
// starts; no other program is given it.

const (
	// LauncherFlag starts nosh as the launcher:
	// nosh --nosh-signals MASK PATH ARGV0 ARGS...
	LauncherFlag = "--nosh-signals"
	// HintEnv tells a nosh child the signals it starts with ignored.
	HintEnv = "NOSH_IGNORED_SIGNALS"
)

// hint is the mask of ignored signals a parent nosh passed in the
// environment, when it is to be trusted.
var hint struct {
	mask uint64
	ok   bool
}

// Launch is called first in nosh's main: when args ask for the launcher
// it sets the dispositions and executes the program, never returning;
// otherwise it takes the hint a parent nosh left in the environment, and
// returns. self returns nosh's own path, for a script without #!.
func Launch(args []string, self func() string) {
	if len(args) >= 5 && args[1] == LauncherFlag {
		runLauncher(args, self)
	}
	v, ok := os.LookupEnv(HintEnv)
	if !ok {
		return
	}
	os.Unsetenv(HintEnv)
	pidText, maskText, _ := strings.Cut(v, ":")
	pid, err1 := strconv.Atoi(pidText)
	mask, err2 := strconv.ParseUint(maskText, 16, 64)
	if err1 == nil && err2 == nil && (pid == os.Getppid() || pid == os.Getpid()) {
		hint.mask, hint.ok = mask, true
	}
}

// runLauncher sets every catchable signal to SIG_IGN (bit sig-1 of the
// mask) or SIG_DFL and executes the program.
func runLauncher(args []string, self func() string) {
	mask, err := strconv.ParseUint(args[2], 16, 64)
	if err != nil {
		fmt.Fprintf(os.Stderr, "nosh: %s: bad signal mask %q\n", LauncherFlag, args[2])
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
		err = syscall.Exec(self(), append([]string{"nosh", path}, argv[1:]...), os.Environ())
	}
	status := 126
	if errors.Is(err, syscall.ENOENT) {
		status = 127
	}
	fmt.Fprintf(os.Stderr, "nosh: %s: %v\n", argv[0], err)
	os.Exit(status)
}

// launcherSets reports whether the launcher sets sig: every signal but
// the uncatchable ones and the two the C library keeps for itself.
func launcherSets(sig syscall.Signal) bool {
	return !uncatchable(sig) && sig != 32 && sig != 33
}

// LauncherArgs returns how to start path with argv through the launcher
// (nosh at self) so that it starts with mask ignored.
func LauncherArgs(self, path string, argv []string, mask uint64) (string, []string) {
	return self, append([]string{self, LauncherFlag, strconv.FormatUint(mask, 16), path}, argv...)
}

// HintFor is the HintEnv entry telling a nosh started by process pid (or
// executed in its place) that it starts with mask ignored.
func HintFor(pid int, mask uint64) string {
	return HintEnv + "=" + strconv.Itoa(pid) + ":" + strconv.FormatUint(mask, 16)
}

// hintedIgnore reports what a parent nosh said of sig, if it said.
func hintedIgnore(sig syscall.Signal) (ignored, known bool) {
	if !hint.ok || sig < 1 || sig > 64 {
		return false, false
	}
	return hint.mask&(1<<(sig-1)) != 0, true
}
