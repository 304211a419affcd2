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
	s, buf := newTestShell(t, t.TempDir())
	s.RunString(context.Background(), `set -a; s=abc; x=${s#a}; true | true; /bin/echo "${s%c}" $x; env | grep -c '^x=bc$'`, "t")
	if got, want := buf.String(), "ab bc\n1\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
