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
