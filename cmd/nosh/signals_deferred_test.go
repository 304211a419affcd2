package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A script or -c string runs its first statements of builtins before the
// shell's signal set-up (shell.signalFreeStatement), which then comes
// before the first statement that can start a program, wait, or depends
// on a trap. Each case compares nosh with bash, as a script file and as a
// -c string: what it prints and how it ends (status, or the signal it
// died of) must be the same.
func TestSignalsAfterBuiltins(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, script string }{
		{"a trap on INT, kill -INT $$", "x=1; export Y=2\ntrap 'echo caught' INT\nkill -INT $$\necho after"},
		{"kill -INT $$, no trap", "x=1\necho before\nkill -INT $$\necho after"},
		{"SIGQUIT is ignored", "x=1; f() { :; }\nkill -QUIT $$\necho alive"},
		{"a death signal kills", "x=1; [ -d / ] && y=2\nkill -USR1 $$\necho alive"},
		{"a death signal from a function", "f() { kill -USR2 $$; }\nx=1\nf\necho alive"},
		{"SIGQUIT from a program", "x=1\nsh -c 'kill -QUIT $PPID'\necho alive"},
		{"SIGTERM from a program", "x=1\nsh -c 'kill -TERM $PPID'\necho alive"},
		{"after a loop of builtins", "i=0\nwhile [ $i -lt 3 ]; do i=$((i+1)); done\nkill -QUIT $$\necho alive $i"},
		{"the EXIT trap", "x=1\ntrap 'echo bye' EXIT\necho hi"},
		{"the EXIT trap on a signal", "x=1\ntrap 'echo bye' EXIT\nkill -TERM $$\necho alive"},
		{"$0", "x=1\necho \"$0\""},
		{"$0 after a program", "x=1\n/bin/true\necho \"$0\""},
		{"exit status", "x=1\n(exit 3)\necho $?\nexit 4"},
		{"an error stops nothing", "x=1\ncd /nonexistent-dir 2>/dev/null\necho $?"},
	}
	dir := t.TempDir()
	for i, tc := range tests {
		file := filepath.Join(dir, fmt.Sprintf("script%d.sh", i))
		if err := os.WriteFile(file, []byte(tc.script+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, args := range [][]string{{file}, {"-c", tc.script, "arg0"}} {
				want := runEnded(t, "bash", args)
				got := runEnded(t, exe, args)
				if got != want {
					t.Errorf("nosh %q:\n%s\nbash:\n%s", args, got, want)
				}
			}
		})
	}
}

// runEnded runs a shell with args and says what it printed and how it
// ended.
func runEnded(t *testing.T, shell string, args []string) string {
	t.Helper()
	cmd := exec.Command(shell, args...)
	cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1")
	var out bytes.Buffer
	cmd.Stdout = &out
	err := cmd.Run()
	return out.String() + endOf(t, cmd, err)
}

// endOf describes how a finished command ended: its status or its signal.
func endOf(t *testing.T, cmd *exec.Cmd, err error) string {
	t.Helper()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	ws := cmd.ProcessState.Sys().(syscall.WaitStatus)
	if ws.Signaled() {
		return "killed by " + ws.Signal().String()
	}
	return fmt.Sprintf("status %d", ws.ExitStatus())
}

// Ctrl+C at a script's program: the terminal sends SIGINT to the
// foreground process group, the script's shell and its program. The
// program dies of it and so does the shell after it, unless it traps
// SIGINT, when it runs the trap and goes on (bash). The script's first
// statements are builtins, which run before the shell's signal set-up.
// The group is made here, as a job-control shell makes one.
func TestScriptProgramInterrupted(t *testing.T) {
	t.Parallel()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, script string }{
		{"no trap", "x=1; export Y=2\nsh -c 'echo ready; exec sleep 60'\necho after"},
		{"a trap", "x=1\ntrap 'echo trapped' INT\nsh -c 'echo ready; exec sleep 60'\necho after"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			want := interruptAtProgram(t, "bash", tc.script)
			got := interruptAtProgram(t, exe, tc.script)
			if got != want {
				t.Errorf("nosh:\n%s\nbash:\n%s", got, want)
			}
		})
	}
}

// interruptAtProgram runs script with shell in a process group of its
// own, sends the group SIGINT once the script's program says it runs, and
// says what the shell printed and how it ended.
func interruptAtProgram(t *testing.T, shell, script string) string {
	t.Helper()
	cmd := exec.Command(shell, "-c", script)
	cmd.Env = append(os.Environ(), "NOSH_TEST_AS_NOSH=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	timer := time.AfterFunc(60*time.Second, func() { syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
	defer timer.Stop()
	var out strings.Builder
	go func() {
		defer close(done)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			out.WriteString(sc.Text() + "\n")
			if sc.Text() == "ready" {
				syscall.Kill(-cmd.Process.Pid, syscall.SIGINT)
			}
		}
	}()
	<-done
	err = cmd.Wait()
	return out.String() + endOf(t, cmd, err)
}

// An interactive shell's signal set-up (signals.CatchSoon) is put off
// until the first prompt is on the screen, or a statement needs it: it
// must then begin by itself, with nothing typed. Until it is done the
// signals are ignored; after it, the shell catches SIGHUP and SIGTERM (a
// hangup ends it, SIGTERM does not, as in bash).
func TestSignalSetupBeginsAtFirstPrompt(t *testing.T) {
	s := startPty(t, nil, "-i")
	s.ExpectPrompt()
	pid := s.cmd.Process.Pid
	want := uint64(1)<<(syscall.SIGHUP-1) | uint64(1)<<(syscall.SIGTERM-1)
	deadline := time.Now().Add(ptyTimeout)
	for caught := procSigMask(t, pid, "SigCgt:"); caught&want != want; caught = procSigMask(t, pid, "SigCgt:") {
		if time.Now().After(deadline) {
			t.Fatalf("at the first prompt the shell catches %#x of SIGHUP and SIGTERM (%#x): the set-up never began", caught&want, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGTERM)
	s.Line("echo still-here")
	s.Expect("still-here")
	s.ExpectPrompt()
	syscall.Kill(pid, syscall.SIGHUP)
	waitGone(t, pid)
}

// procSigMask reads a signal mask line of /proc/PID/status (SigCgt:,
// SigIgn:).
func procSigMask(t *testing.T, pid int, key string) uint64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, key); ok {
			var m uint64
			fmt.Sscanf(strings.TrimSpace(v), "%x", &m)
			return m
		}
	}
	return 0
}
