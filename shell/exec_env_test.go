package shell

import (
	"context"
	"testing"
)

// TestPrivateVarsStayInside checks that nosh's private variables (names
// with a NUL byte, which the rewrite and the call handler keep) never
// reach a program's environment, even under set -a: after a pipeline
// (which resets one) every program failed to start with "environment
// variable contains NUL".
func TestPrivateVarsStayInside(t *testing.T) {
	dir := t.TempDir()
	s, buf := newTestShell(t, dir)
	// Programs write to files, not to buf: the shell's test output is
	// not shared safely between programs' copying goroutines.
	s.RunString(context.Background(), `set -a; s=abc; x=${s#a}; true | true; /bin/true && echo started "${s%c}"; env > env.txt && grep -c '^x=bc$' env.txt > n.txt; read n < n.txt; echo $n`, "t")
	if got, want := buf.String(), "started ab\n1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
