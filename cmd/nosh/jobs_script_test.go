package main

import (
	"bytes"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestScriptJobs runs background jobs, kill, wait and traps in a
// non-interactive nosh. Every expected output was checked against bash
// 5.2. Where a signal comes from another process, the sender waits long
// enough that the order is certain; no case sleeps to wait for nosh.
func TestScriptJobs(t *testing.T) {
	tests := []struct {
		name   string
		script string
		out    string
		status int
	}{
		{"kill and wait pid", `sleep 10 & pid=$!; kill $pid; wait $pid; echo $?`, "143\n", 0},
		{"wait for all", `sleep 0.2 & sleep 0.1 & wait; echo $?`, "0\n", 0},
		{"wait status", `(exit 3) & wait $!; echo $?; false & wait $!; echo $?`, "3\n1\n", 0},
		{"wait body status", `{ sleep 0.1; exit 7; } & wait $!; echo $?`, "7\n", 0},
		{"wait unknown pid", `wait 12345; echo $?`, "127\n", 0},
		{"wait -n", `sleep 0.1 & sleep 5 & wait -n; echo $?; kill %2; wait -n; echo $?; wait -n; echo $?`, "0\n143\n127\n", 0},
		{"kill -0", `sleep 5 & p=$!; kill -0 $p && echo alive; kill $p; wait $p; kill -0 $p 2>/dev/null || echo gone`, "alive\ngone\n", 0},
		{"kill -s and -SIG", `sleep 5 & p=$!; kill -s KILL $p; wait $p; echo $?; sleep 5 & kill -SIGTERM $!; wait $!; echo $?; sleep 5 & kill -9 $!; wait $!; echo $?`, "137\n143\n137\n", 0},
		{"kill jobspec", `sleep 5 & kill %1; wait %1; echo $?; sleep 5 & kill -9 %%; wait; echo $?`, "143\n0\n", 0},
		{"kill no such job", `kill %9; echo $?`, "1\n", 0},
		{"kill bad signal", `kill -s NOPE $$; echo $?`, "1\n", 0},
		{"kill -l", `kill -l 9 137 KILL SIGKILL; kill -l | head -n 1`, "KILL\nKILL\n9\n9\n 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n", 0},
		{"kill builtin loop", `while :; do :; done & p=$!; kill $p; wait $p; echo $?`, "143\n", 0},
		{"kill job before its program", `{ true; sleep 5; echo no; } & p=$!; kill $p; wait $p; echo $?`, "143\n", 0},
		{"bang in subshells", `sleep 0.1 & a=$!; (test "$!" = "$a" && echo same); b=$(echo $!); test "$b" = "$a" && echo same2`, "same\nsame2\n", 0},
		{"bang is a pid", `sleep 0.1 & test -d /proc/$! && echo proc; wait`, "proc\n", 0},
		{"jobs in a script", `sleep 0.3 & sleep 0.2 & jobs; jobs -p | wc -l; wait`,
			"[1]-  Running                 sleep 0.3 &\n[2]+  Running                 sleep 0.2 &\n2\n", 0},
		{"disown", `sleep 0.3 & disown; jobs; echo $?; sleep 5 & disown -h; jobs | wc -l; kill %1`, "0\n1\n", 0},
		{"trap self", `trap 'echo got' TERM; kill -TERM $$; echo after`, "got\nafter\n", 0},
		{"trap after child", `trap 'echo got' TERM; sh -c 'kill -TERM $PPID; sleep 0.3; echo child-done'; echo after`, "child-done\ngot\nafter\n", 0},
		{"trap order", `trap 'echo one' USR1; trap 'echo two' USR2; kill -USR2 $$; kill -USR1 $$; echo next`, "two\none\nnext\n", 0},
		{"trap in function", `f() { trap 'echo inf' HUP; kill -HUP $$; echo in-f; }; f`, "inf\nin-f\n", 0},
		{"trap exit status", `trap 'exit 5' TERM; kill -TERM $$; echo no`, "", 5},
		{"trap in loop", `trap 'echo in-loop; exit 3' USR1; i=0; while :; do i=$((i+1)); [ $i = 5 ] && kill -USR1 $$; :; done`, "in-loop\n", 3},
		{"trap keeps status", `trap 'false' USR1; true; kill -USR1 $$; echo $?`, "0\n", 0},
		{"wait interrupted", `trap 'echo usr1' USR1; sleep 5 & p=$!; sh -c 'sleep 0.3; kill -USR1 $PPID' & wait $p; echo $?; kill $p`, "usr1\n138\n", 0},
		{"trap list", `trap 'echo x' EXIT; trap "echo it's" USR1; trap '' INT; trap; trap -p USR1; trap - USR1 INT; trap`,
			"trap -- 'echo x' EXIT\ntrap -- '' SIGINT\ntrap -- 'echo it'\\''s' SIGUSR1\ntrap -- 'echo it'\\''s' SIGUSR1\ntrap -- 'echo x' EXIT\nx\n", 0},
		{"trap names", `trap 'echo a' sigterm 2 SIGQUIT; trap`, "trap -- 'echo a' SIGINT\ntrap -- 'echo a' SIGQUIT\ntrap -- 'echo a' SIGTERM\n", 0},
		{"trap numeric reset", `trap 'echo a' INT TERM; trap 2 15; trap`, "", 0},
		{"trap invalid", `trap 'echo x' NOSUCHSIG; echo $?`, "1\n", 0},
		{"trap -l", `trap -l | head -n 1`, " 1) SIGHUP\t 2) SIGINT\t 3) SIGQUIT\t 4) SIGILL\t 5) SIGTRAP\n", 0},
		{"ignored in children", `trap '' INT; sh -c 'kill -INT $$; echo survived'; trap - INT; sh -c 'kill -INT $$; echo no'; echo $?`, "survived\n130\n", 0},
		{"exit trap on signal", `trap 'echo bye $?' EXIT; kill -TERM $$; echo no`, "bye 0\n", 128 + 15},
		{"default signal", `kill -USR1 $$; echo no`, "", 128 + 10},
		{"exit trap on death signal", `trap 'echo bye' EXIT; kill -USR1 $$; echo no`, "bye\n", 128 + 10},
		{"exit trap removed", `trap 'echo bye' EXIT; trap - EXIT; kill -USR2 $$; echo no`, "", 128 + 12},
		{"death signal trapped then reset", `trap 'echo u' USR1; kill -USR1 $$; trap - USR1; kill -USR1 $$; echo no`, "u\n", 128 + 10},
		{"death signal ignored then trapped", `trap '' ALRM; kill -ALRM $$; trap 'echo a' ALRM; kill -ALRM $$; trap - ALRM; kill -ALRM $$; echo no`, "a\n", 128 + 14},
		{"abort", `kill -ABRT $$; echo no`, "", 128 + 6},
		{"quit ignored", `kill -QUIT $$; echo alive`, "alive\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			out, errOut, status := runNoshSignaled(t, "-c", tt.script)
			if out != tt.out || status != tt.status {
				t.Errorf("nosh -c %q:\ngot  (%q, %d)\nwant (%q, %d)\nstderr: %q", tt.script, out, status, tt.out, tt.status, errOut)
			}
		})
	}
}

// TestSyntheticPid checks the ID $! gives a job whose first command is a
// builtin: above any real PID, and good for kill and wait.
func TestSyntheticPid(t *testing.T) {
	out, errOut, _ := runNoshSignaled(t, "-c", `{ :; sleep 5; } & p=$!; echo $p; kill $p; wait $p; echo $?`)
	lines := strings.Fields(out)
	if len(lines) != 2 || lines[1] != "143" {
		t.Fatalf("got %q (stderr %q)", out, errOut)
	}
	if pid, err := strconv.Atoi(lines[0]); err != nil || pid <= 1<<22 {
		t.Errorf("synthetic $! = %q, want a number above 2^22", lines[0])
	}
}

// runNoshSignaled is runNosh (with no input) that reports a death by
// signal N as status 128+N, as a shell would.
func runNoshSignaled(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	cmd := noshCommand(t, args...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	status := 0
	if ee, ok := err.(*exec.ExitError); ok {
		status = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			status = 128 + int(ws.Signal())
		}
	} else if err != nil {
		t.Fatal(err)
	}
	return out.String(), errb.String(), status
}
