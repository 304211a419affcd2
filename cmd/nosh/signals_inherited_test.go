package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// A signal ignored when a non-interactive shell starts stays ignored, for
// the shell and the programs it starts, and a trap cannot catch it
// (POSIX; bash and dash do the same). The Go runtime hides the
// disposition nosh started with for signals other than SIGHUP and SIGINT;
// nosh reads it from the shell that started it. Each case runs nosh from
// sh after `trap "" SIG`, as a script or a test suite would.
func TestSignalsIgnoredOnEntry(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, sig, script, want string }{
		{"the shell", "TERM", `kill -s TERM $$; echo alive`, "alive\n"},
		{"a death signal", "USR1", `kill -s USR1 $$; echo alive`, "alive\n"},
		{"SIGQUIT", "QUIT", `kill -s QUIT $$; echo alive`, "alive\n"},
		{"a trap cannot catch it", "USR2", `trap 'echo trapped' USR2; kill -s USR2 $$; echo alive`, "alive\n"},
		{"nor reset it", "TERM", `trap - TERM; kill -s TERM $$; echo alive`, "alive\n"},
		{"children inherit it", "USR1", `sh -c 'kill -s USR1 $$; echo child alive'`, "child alive\n"},
		{"a subshell too", "TERM", `(kill -s TERM $$; echo alive)`, "alive\n"},
		// After a first statement that needs no disposition, as before it.
		{"after true", "TERM", `true; kill -s TERM $$; echo alive`, "alive\n"},
		{"after :, a death signal", "USR1", `: x; kill -s USR1 $$; echo alive`, "alive\n"},
		{"after false, SIGQUIT", "QUIT", `false; kill -s QUIT $$; echo alive`, "alive\n"},
		{"after true, children", "USR1", `true; sh -c 'kill -s USR1 $$; echo child alive'`, "child alive\n"},
		// After statements of builtins, which a script runs before its
		// signal set-up (signalFreeStatement): the set-up comes before
		// kill, before a program, and before a loop.
		{"after builtins", "TERM", `x=1; f() { :; }; [ -d / ] && export Y=2; cd /; kill -s TERM $$; echo alive`, "alive\n"},
		{"after builtins, a death signal", "USR1", `set -u; x=$((1+2)); kill -s USR1 $$; echo alive`, "alive\n"},
		{"after builtins, SIGQUIT", "QUIT", `x=1; printf ''; kill -s QUIT $$; echo alive`, "alive\n"},
		{"after builtins, children", "USR1", `x=1; echo -n; sh -c 'kill -s USR1 $$; echo child alive'`, "child alive\n"},
		{"after builtins, a trap", "USR2", `x=1; trap 'echo trapped' USR2; kill -s USR2 $$; echo alive`, "alive\n"},
		{"in a loop of builtins", "TERM", `x=1; while :; do kill -s TERM $$; break; done; echo alive`, "alive\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			// sh forks nosh (a command follows), so that nosh's parent
			// is the shell that ignores the signal.
			cmd := exec.Command("sh", "-c", `trap '' `+tc.sig+`; "$NOSH" -c "$SCRIPT"; echo "status $?"`)
			cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1", "NOSH="+exe, "SCRIPT="+tc.script)
			var out, errb bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errb
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v (stderr %q)", err, errb.String())
			}
			if want := tc.want + "status 0\n"; out.String() != want {
				t.Errorf("stdout %q, want %q (stderr %q)", out.String(), want, errb.String())
			}
		})
	}
}

// TestSignalsNotIgnoredUnderJobControl: an interactive bash ignores
// SIGQUIT, SIGTERM, SIGTSTP, SIGTTIN and SIGTTOU for itself and puts
// them back to the default in each job, which it starts in a process
// group of its own (tmux, terminal emulators and sshd do likewise with a
// session). nosh took its parent's ignored signals for its own, so the
// programs of every script run from an interactive bash, and every
// background job of an interactive nosh in tmux, started with them
// ignored: a background vim read the terminal, got EIO and exited
// instead of stopping, and `kill` could not end a script's programs.
// Each case runs under an interactive bash on a terminal, as a user
// would, and compares with what bash gives its own programs.
func TestSignalsNotIgnoredUnderJobControl(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	term := screentest.StartShell(t, screentest.Bash(), screentest.Options{
		Env: []string{"NOSH=" + exe, "NOSH_TEST_AS_NOSH=1"},
	})
	term.WaitPrompt()
	// show runs line, which prints "LABEL SigIgn: MASK", and returns MASK.
	show := func(label, line string) string {
		t.Helper()
		term.Type(line + "\r")
		var mask string
		term.WaitFor(label, func(s screentest.Screen) bool {
			for _, r := range s.Rows {
				if strings.HasPrefix(r, label+" SigIgn:") {
					mask = strings.TrimSpace(strings.TrimPrefix(r, label+" SigIgn:"))
					return s.AtPrompt("$ ")
				}
			}
			return false
		})
		return mask
	}
	expect := func(label, got, want string) {
		t.Helper()
		if got != want {
			t.Errorf("%s: the program started with %s ignored, where bash's started with %s:\n%s", label, got, want, term.Screen().Framed())
		}
	}
	// What bash itself gives a program is the reference (the test's own
	// environment may ignore a signal or two, which every shell passes
	// on); an asynchronous command of a script (no job control) has
	// SIGINT and SIGQUIT ignored besides, in bash as in POSIX.
	bash := show("bash", `sed -n 's/^SigIgn:/bash SigIgn:/p' /proc/self/status`)
	expect("script", show("script", `"$NOSH" -c "sed -n 's/^SigIgn:/script SigIgn:/p' /proc/self/status"`), bash)
	bashBackground := show("bash-background", `bash -c "sed -n 's/^SigIgn:/bash-background SigIgn:/p' /proc/self/status & wait"`)
	expect("background", show("background", `"$NOSH" -c "sed -n 's/^SigIgn:/background SigIgn:/p' /proc/self/status & wait"`), bashBackground)
	expect("subshell", show("subshell", `"$NOSH" -c "(sed -n 's/^SigIgn:/subshell SigIgn:/p' /proc/self/status)"`), bash)

	// An interactive nosh started from it (as from tmux): a background
	// job's program, as bash's own `cmd &` at its prompt.
	bashJob := show("bash-job", `sed -n 's/^SigIgn:/bash-job SigIgn:/p' /proc/self/status & wait`)
	term.Type(`"$NOSH" --norc` + "\r")
	term.WaitFor("nosh's prompt", func(s screentest.Screen) bool {
		return s.AtPrompt("$ ") && s.Row > 0 && strings.Contains(s.Rows[s.Row-1], "--norc")
	})
	// Where nosh differs on purpose (README): an interactive nosh gives its
	// jobs SIGINT at the default even when it started with it ignored
	// (as a test run from a background job does).
	if m, err := strconv.ParseUint(bashJob, 16, 64); err == nil {
		bashJob = fmt.Sprintf("%016x", m&^(1<<(syscall.SIGINT-1)))
	}
	expect("nosh-job", show("nosh-job", `sed -n 's/^SigIgn:/nosh-job SigIgn:/p' /proc/self/status & wait`), bashJob)
	term.Type("exit\r")
	term.WaitFor("bash's prompt again", func(s screentest.Screen) bool {
		return s.AtPrompt("$ ") && s.Row > 0 && strings.Contains(s.Rows[s.Row-1], "exit")
	})

	// SIGTERM ends a script's program, and the script itself.
	term.Type(`"$NOSH" -c 'sleep 30 & kill -s TERM $!; wait $!; echo "status $?"'` + "\r")
	term.WaitFor("the program killed by SIGTERM", func(s screentest.Screen) bool {
		return s.Contains("status 143") && s.AtPrompt("$ ")
	})
}

// TestJobsStopWhenStartedWithStopSignalsIgnored: tmux starts a pane's
// program with SIGTTIN and SIGTTOU ignored. An interactive nosh with job
// control gave its background jobs those as it got them, so `vim &` read
// the terminal, got EIO and exited ("Vim: Error reading input"), and
// `cat &` likewise, where bash's jobs stop (bash sets SIGTSTP, SIGTTIN
// and SIGTTOU to the default in every job). nosh here is started as tmux
// starts it: by sh, after `trap "" TTIN TTOU`, with exec.
func TestJobsStopWhenStartedWithStopSignalsIgnored(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	asTmux := screentest.Shell{Name: "nosh", KeepsRowBelowInput: true, Spec: func(home, rc string, env []string) screentest.Spec {
		return screentest.Spec{Name: "nosh", Path: "/bin/sh",
			Args: []string{"sh", "-c", `trap '' TTIN TTOU; exec "$NOSH" --norc`},
			Env:  append(env, "NOSH="+exe, "NOSH_TEST_AS_NOSH=1"), Dir: home}
	}}
	term := screentest.StartShell(t, asTmux, screentest.Options{})
	term.WaitPrompt()
	term.Type(`sed -n 's/^SigIgn:/job SigIgn:/p' /proc/self/status & wait` + "\r")
	s := term.WaitFor("the job's ignored signals", func(s screentest.Screen) bool {
		return s.Contains("job SigIgn:") && s.AtPrompt("$ ")
	})
	for _, r := range s.Rows {
		if !strings.HasPrefix(r, "job SigIgn:") {
			continue
		}
		mask, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(r, "job SigIgn:")), 16, 64)
		const stops = 1<<(syscall.SIGTSTP-1) | 1<<(syscall.SIGTTIN-1) | 1<<(syscall.SIGTTOU-1)
		if err != nil || mask&stops != 0 {
			t.Errorf("a background job's program started with stop signals ignored:\n%s", s.Framed())
		}
	}
	term.Run("cat &")
	for i := 0; ; i++ {
		s := term.Run("jobs -l")
		if s.Contains("Stopped (tty input)") {
			break
		}
		if s.Contains("Done") || s.Contains("Exit") || i == 1000 {
			t.Fatalf("cat & did not stop on reading the terminal:\n%s", s.Framed())
		}
	}
	term.Type("kill -s KILL %1\r")
}
