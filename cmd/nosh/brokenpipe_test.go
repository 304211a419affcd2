package main

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"testing"
	"time"
)

// In-process pipeline stages stop as a process does when their reader has
// gone: status 141, no message, the rest of the stage not run; compared
// with bash.
func TestBrokenPipeStopsInProcessStages(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	tests := []string{
		`while :; do echo y; done | head -2; echo "${PIPESTATUS[@]}"`,
		`f() { while :; do printf 'z\n'; done; }; f | head -1; echo "${PIPESTATUS[@]}"`,
		`( while :; do echo s; done ) | head -1; echo "${PIPESTATUS[@]}"`,
		`{ echo a; sleep 0.2; echo b; echo never >&2; } | true; echo "${PIPESTATUS[@]}"`,
		`while :; do echo y; done | while read l; do echo got $l; break; done; echo "${PIPESTATUS[@]}"`,
		`while :; do echo y; done | head -1 | cat; echo "${PIPESTATUS[@]}"`,
		`for i in 1 2 3; do seq 100000; done | head -1; echo "${PIPESTATUS[@]}"`,
		`{ while :; do echo y; done | head -1; echo inner $?; } | cat`,
		`set -o pipefail; while :; do echo y; done | head -1; echo $?`,
		`while :; do echo y; done | head -1 & wait $!; echo waited`,
	}
	for _, src := range tests {
		t.Run(src, func(t *testing.T) {
			t.Parallel()
			want, wantErr := runWithin(t, "bash", "-c", src)
			exe := noshCommand(t, "-c", src)
			got, gotErr := runWithin(t, exe.Path, exe.Args[1:]...)
			if got != want || gotErr != wantErr {
				t.Errorf("nosh: stdout %q stderr %q\nbash: stdout %q stderr %q", got, gotErr, want, wantErr)
			}
		})
	}
}

// runWithin runs a program as nosh (NOSH_TEST_AS_NOSH is in the
// environment) or bash, failing the test if it does not finish.
func runWithin(t *testing.T, name string, args ...string) (stdout, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(noshCommand(t).Env, "LC_ALL=C.UTF-8")
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s did not finish: stdout %q", name, out.String())
	}
	return out.String(), errb.String()
}

// history | head stops history quietly.
func TestHistoryIntoHead(t *testing.T) {
	t.Parallel()
	var in bytes.Buffer
	for i := range 3000 {
		fmt.Fprintf(&in, ": line %d of history, to fill the pipe\n", i)
	}
	in.WriteString("history | head -2; echo \"${PIPESTATUS[@]}\"\n")
	out, errs, _ := runInteractive(t, "", in.String())
	if errs != "" || out != "    1  : line 0 of history, to fill the pipe\n    2  : line 1 of history, to fill the pipe\n141 0\n" {
		t.Errorf("history | head -2: stdout %q, stderr %q", out, errs)
	}
}
