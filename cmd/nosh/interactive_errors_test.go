package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// runInteractive runs nosh -i with rc as its startup file (none when
// empty) and input as what the user types, and returns standard output,
// standard error and the exit status. The "exit" an interactive shell
// prints as it leaves (at the end of its input, or on exit) is left out
// of standard error.
func runInteractive(t *testing.T, rc, input string) (stdout, stderr string, status int) {
	t.Helper()
	home := t.TempDir()
	args := []string{"-i", "--norc"}
	if rc != "" {
		path := filepath.Join(home, "init.sh")
		if err := os.WriteFile(path, []byte(rc), 0o644); err != nil {
			t.Fatal(err)
		}
		args = []string{"-i", "--rcfile", path}
	}
	cmd := noshCommand(t, args...)
	cmd.Env = append(cmd.Env, homeEnv(home)...)
	cmd.Env = append(cmd.Env, "PS1=", "PS2=")
	cmd.Dir = home
	cmd.Stdin = strings.NewReader(input)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if cmd.ProcessState == nil {
		t.Fatalf("running nosh: %v", err)
	}
	return out.String(), strings.TrimSuffix(errb.String(), "exit\n"), cmd.ProcessState.ExitCode()
}

// An interactive shell survives its errors as bash does: the error's
// line is abandoned (the rest of the line does not run, nor does the
// EXIT trap), and the next line runs.
func TestInteractiveErrorsAbandonTheLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, input string
		out         string // standard output
		errs        int    // lines on standard error
	}{
		{"unset ${x:?}", "echo ${x:?unset}; echo same\necho next $?\n", "next 1\n", 1},
		{"unset ${x:?} assigned", "x=${y:?}; echo same\necho next $?\n", "next 1\n", 1},
		{"unset ${x?} in a case word", "case ${y?} in *) echo same; esac\necho next $?\n", "next 1\n", 1},
		{"set -u", "set -u; echo $NOPE; echo same\necho next $?\n", "next 1\n", 1},
		{"set -u in a function", "set -u; f() { echo $NOPE; echo in; }; f; echo same\necho next\n", "next\n", 1},
		{"set -u in a loop", "set -u; for i in 1 2; do echo $NOPE; done; echo same\necho next\n", "next\n", 1},
		{"bad indirection", "echo ${!x}; echo same\necho next $?\n", "next 1\n", 1},
		{"arithmetic", "echo $((1/0)); echo same\necho next $?\n", "next 1\n", 1},
		{"read-only", "readonly r=1; r=2; echo same\necho next $? $r\n", "next 1 1\n", 1},
		{"read-only among others", "readonly r=1; a=1 r=2 b=3\necho next $a$b\n", "next 1\n", 1},
		{"redirection target", "echo hi > ${x:?}; echo same\necho next\n", "next\n", 1},
		// bash goes on with the line after a failed exec.
		{"exec", "exec /no/such/prog; echo same $?\necho next\n", "same 127\nnext\n", 1},
		{"exec by name", "exec no-such-prog-xyz\necho next $?\n", "next 127\n", 1},
		{"syntax error", "echo (\necho next $?\n", "next 2\n", 1},
		{"set -u in a subshell", "set -u; (echo $NOPE); echo same $?\necho next\n", "same 1\nnext\n", 1},
		{"EXIT trap only on exit", "trap 'echo bye' EXIT; echo ${x:?}\necho next\nexit 3\n", "next\nbye\n", 1},
		{"exit still exits", "echo before; exit 4; echo same\necho never\n", "before\n", 0},
		// As in bash, set -e ends an interactive shell, after its trap.
		{"set -e", "trap 'echo bye' EXIT; set -e; false; echo same\necho never\n", "bye\n", 0},
		{"set -e and an error", "trap 'echo bye' EXIT; set -e; echo ${x:?}\necho never\n", "bye\n", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errs, _ := runInteractive(t, "", tc.input)
			if out != tc.out {
				t.Errorf("stdout %q, want %q (stderr %q)", out, tc.out, errs)
			}
			if n := strings.Count(strings.TrimSpace(errs), "\n") + 1; errs == "" && tc.errs != 0 || errs != "" && n != tc.errs {
				t.Errorf("stderr has %d lines, want %d:\n%s", n, tc.errs, errs)
			}
			if tc.errs > 0 && !strings.HasPrefix(errs, "nosh: ") {
				t.Errorf("the error does not start with the shell's name: %q", errs)
			}
		})
	}
}

func TestInteractiveExitStatus(t *testing.T) {
	t.Parallel()
	if _, _, st := runInteractive(t, "", "echo ${x:?}\n"); st != 1 {
		t.Errorf("end of input after an error: status %d, want 1 (the last status)", st)
	}
	if _, _, st := runInteractive(t, "", "exit 7\n"); st != 7 {
		t.Errorf("exit 7: status %d", st)
	}
}

// Startup files go on after an error, line by line, as bash's do; nosh
// reaches its prompt even where bash would exit (a failed exec, set -e),
// unless the file runs exit.
func TestStartupFileErrors(t *testing.T) {
	t.Parallel()
	rc := strings.Join([]string{
		"echo one",
		"set -u",
		"echo $NOPE; echo same-line",
		"echo two",
		"echo ${x:?bad}",
		"echo three $?",
		"f() { echo $NOPE2; echo in-f; }",
		"f; echo after-f",
		"echo four",
		"exec /no/such/prog",
		"echo five",
		"readonly r=1",
		"r=2",
		"echo six",
		"set -e",
		"false; echo same-line",
		"echo seven",
		"set +e +u",
		"",
	}, "\n")
	out, errs, status := runInteractive(t, rc, "echo prompt $?\n")
	if want := "one\ntwo\nthree 1\nfour\nfive\nsix\nseven\nprompt 0\n"; out != want {
		t.Errorf("stdout:\n%s\nwant:\n%s\nstderr:\n%s", out, want, errs)
	}
	if status != 0 {
		t.Errorf("status %d", status)
	}
	for _, want := range []string{"NOPE: unbound variable", "x: bad", "NOPE2: unbound variable",
		"/no/such/prog: No such file or directory", "r: readonly variable", "set -e: a command failed"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}

	// exit does end the shell, before its prompt.
	out, _, status = runInteractive(t, "echo one\nexit 3\necho two\n", "echo prompt\n")
	if out != "one\n" || status != 3 {
		t.Errorf("exit in the startup file: stdout %q, status %d", out, status)
	}
	// An error in a file the startup file sources abandons that file and
	// the line that sourced it; the startup file goes on.
	home := t.TempDir()
	inner := filepath.Join(home, "inner.sh")
	os.WriteFile(inner, []byte("echo inner-one\necho ${x:?}\necho inner-two\n"), 0o644)
	out, _, _ = runInteractive(t, ". "+inner+"; echo same\necho outer\n", "echo prompt\n")
	if want := "inner-one\nouter\nprompt\n"; out != want {
		t.Errorf("nested source: stdout %q, want %q", out, want)
	}
}

// In a script, an error that abandons a line does not run the EXIT trap;
// the shell's real exit does, once, whatever ends it. As bash.
func TestScriptExitTrapRunsOnce(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	tests := []string{
		"trap 'echo T $?' EXIT\necho $((1/0))\necho after\n",
		"trap 'echo T $?' EXIT\nset -e\nfalse\necho never\n",
		"trap 'echo T $?' EXIT\nset -u\necho $nope\necho never\n",
		"trap 'echo T $?; exit 9' EXIT\necho ${x:?}\necho never\n",
		"trap 'echo T $?' EXIT\nexit 4\n",
		"trap 'echo T $?' EXIT\nf() { exit 5; }\nf\n",
		"trap 'echo T $?' EXIT\n(exit 3)\necho sub $?\n",
		"trap 'echo T $?' EXIT\necho end\n",
	}
	for _, src := range tests {
		t.Run(strings.ReplaceAll(src, "\n", ";"), func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "s.sh")
			if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			want, _ := runWithin(t, "bash", path)
			exe := noshCommand(t, path)
			got, _ := runWithin(t, exe.Path, exe.Args[1:]...)
			if got != want {
				t.Errorf("nosh printed %q, bash %q", got, want)
			}
		})
	}
}

// A startup file's statements run while the interactive shell's signal
// set-up finishes beside them (they do not wait for it): a program the
// file starts, a trap it sets and a signal it sends must see the set-up
// done all the same. The program starts with the signals ignored that one
// started at the prompt does.
func TestStartupFileSignals(t *testing.T) {
	t.Parallel()
	rc := strings.Join([]string{
		"alias ll='ls -l'",
		"f() { :; }",
		"[ -d / ] && x=1",
		"grep '^SigIgn' /proc/self/status",
		"trap 'echo caught-usr1' USR1",
		"kill -USR1 $$",
		"echo after-kill",
		"",
	}, "\n")
	out, errs, status := runInteractive(t, rc, "grep '^SigIgn' /proc/self/status\n")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var ign []string
	for _, l := range lines {
		if strings.HasPrefix(l, "SigIgn") {
			ign = append(ign, l)
		}
	}
	if len(ign) != 2 || ign[0] != ign[1] {
		t.Errorf("ignored signals of a program from the startup file and from the prompt differ: %q\nstdout:\n%s\nstderr:\n%s", ign, out, errs)
	}
	for _, want := range []string{"caught-usr1", "after-kill"} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s\nstderr:\n%s", want, out, errs)
		}
	}
	if status != 0 {
		t.Errorf("status %d; stderr:\n%s", status, errs)
	}
}
