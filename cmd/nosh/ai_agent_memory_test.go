package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nosh/ai/fakellm"
)

// TestAgentCannotExhaustTheShell: an agent's command runs its shell code
// inside nosh, so a bomb of background subshells (goroutines, not
// processes) or a loop doubling a string would take the login shell's
// memory until the kernel killed it. The memory fuse stops each such
// command (under YOLO, where nothing else stands in the way), says so to
// the user and the model, and the run and the shell go on.
func TestAgentCannotExhaustTheShell(t *testing.T) {
	for _, bomb := range []string{
		`x=a; while :; do x=$x$x; done`,
		`h(){ "$1" "$1" & "$1" "$1" & wait; }; h h`,
	} {
		t.Run(bomb, func(t *testing.T) {
			if raceDetector && strings.Contains(bomb, "&") {
				t.Skip("the race detector allows a process 8128 goroutines")
			}
			home := t.TempDir()
			writeConfig(t, home, "[permissions]\nyolo = true\n[ai]\ncommand_timeout = 120\ntimeout = 300\n")
			srv := fakellm.New(t,
				fakellm.ToolCalls(runCall("m1", bomb), runCall("m2", `echo still-here`)),
				fakellm.Text("all-finished"),
			)
			s := startPty(t, aiEnv(srv, home))
			s.Expect("YOLO")
			s.ExpectPrompt()
			s.Line("?? use up the shell")
			s.Expect("all-finished")
			s.ExpectPrompt()
			s.Line("echo alive-$((6*7))")
			s.Expect("alive-42")
			if len(srv.Requests()) < 2 {
				t.Fatalf("the run ended early:\n%s", s.Output())
			}
			res := toolResultsOf(t, srv.Requests()[1])
			if !strings.Contains(res["m1"], "made nosh itself grow") {
				t.Errorf("not stopped by the fuse: %q", res["m1"])
			}
			if !strings.Contains(res["m2"], "still-here") {
				t.Errorf("the next command did not run: %q", res["m2"])
			}
		})
	}
}

// TestAgentBackgroundShellEndsWithTheRun: a background subshell of an
// agent's command is shell code running inside nosh, not a program the
// run's end stops: it must end with the run rather than spin (or grow, or
// ask questions) in the user's shell afterwards.
func TestAgentBackgroundShellEndsWithTheRun(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[permissions]\nyolo = true\n")
	ws := filepath.Join(home, "proj")
	os.MkdirAll(ws, 0o755)
	srv := fakellm.New(t,
		fakellm.ToolCalls(runCall("b1", `{ while :; do echo x >> ticks; done; } >/dev/null 2>&1 & echo started`)),
		fakellm.Text("done"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.Expect("YOLO")
	s.ExpectPrompt()
	s.Line("cd " + ws)
	s.ExpectPrompt()
	s.Line("?? leave a loop behind")
	s.Expect("done")
	s.ExpectPrompt()
	read := func() int64 {
		fi, err := os.Stat(filepath.Join(ws, "ticks"))
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	deadline := time.Now().Add(20 * time.Second)
	for prev := read(); ; prev = read() {
		if time.Now().After(deadline) {
			t.Fatalf("the agent's background loop still runs after the run: ticks has %d bytes", prev)
		}
		time.Sleep(300 * time.Millisecond)
		if now := read(); now == prev && now > 0 {
			break
		}
	}
	s.Line("echo alive-$((6*7))")
	s.Expect("alive-42")
}
