package main

import (
	"strings"
	"testing"
)

// A construct the interpreter cannot handle (it panics on an assignment
// inside an array subscript that is itself being assigned) fails its
// statement with one line on standard error; the script goes on, and an
// interactive shell keeps its prompt.
func TestInterpreterPanicFailsTheStatement(t *testing.T) {
	t.Parallel()
	script := "a[a[0]=1]=X\necho \"st=$?\"\necho after\n"
	for _, args := range [][]string{{"-c", script}, {"-i", "--norc"}} {
		stdin := ""
		if args[0] == "-i" {
			stdin = script
		}
		out, errs, st := runNosh(t, stdin, args...)
		if out != "st=1\nafter\n" || st != 0 {
			t.Errorf("nosh %s: stdout %q, status %d; want st=1, after, 0 (stderr %q)", args[0], out, st, errs)
		}
		if strings.Count(errs, "nosh: internal error") != 1 || strings.Contains(errs, "goroutine") {
			t.Errorf("nosh %s: stderr %q, want one line of nosh's", args[0], errs)
		}
	}
}

// The same panic in every other runner nosh starts: a subshell, a command
// substitution, a pipeline stage, a process substitution, a background
// job, a signal trap. Each fails with one line; nosh never crashes.
func TestInterpreterPanicInEveryRunner(t *testing.T) {
	t.Parallel()
	const bad = "a[a[0]=1]=X"
	tests := []struct{ name, script, out string }{
		{"subshell", "(" + bad + "); echo \"st=$?\"", "st=1\n"},
		{"command substitution", "x=$(" + bad + "); echo \"st=$?\"", "st=1\n"},
		{"pipeline stage", bad + " | cat; echo \"st=${PIPESTATUS[*]}\"", "st=1 0\n"},
		{"last pipeline stage", "echo | " + bad + "; echo \"st=$?\"", "st=1\n"},
		{"process substitution", "cat <(" + bad + "; echo body); echo \"st=$?\"", "st=0\n"},
		{"background job", "{ " + bad + "; } & wait $!; echo \"st=$?\"", "st=1\n"},
		{"signal trap", "trap '" + bad + "' USR1; kill -USR1 $$; echo \"st=$?\"", "st=0\n"},
		{"exit trap", "trap '" + bad + "' EXIT; echo st", "st\nafter\n"},
	}
	for _, tc := range tests {
		out, errs, st := runNosh(t, "", "-c", tc.script+"\necho after")
		if tc.name == "exit trap" {
			if out != tc.out || strings.Count(errs, "nosh: internal error") != 1 {
				t.Errorf("%s: stdout %q, status %d, stderr %q", tc.name, out, st, errs)
			}
			continue
		}
		if out != tc.out+"after\n" || st != 0 {
			t.Errorf("%s: stdout %q, status %d; want %q, 0 (stderr %q)", tc.name, out, st, tc.out+"after\n", errs)
		}
		if strings.Count(errs, "nosh: internal error") != 1 || strings.Contains(errs, "goroutine") {
			t.Errorf("%s: stderr %q, want one line of nosh's", tc.name, errs)
		}
	}
}
