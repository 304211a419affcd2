package shell

import (
	"context"
	"strings"
	"testing"
)

// TestTrapURGWarns: a trap on SIGURG would also run on the Go runtime's
// own preemption signals, so setting one says so; resetting it, or
// ignoring the signal, does not.
func TestTrapURGWarns(t *testing.T) {
	for _, tc := range []struct {
		src  string
		warn bool
	}{
		{"trap 'echo x' URG", true},
		{"trap 'echo x' SIGURG", true},
		{"trap - URG", false},
		{"trap '' URG", false},
		{"trap 'echo x' USR1", false},
	} {
		s, out := newTestShell(t, t.TempDir())
		s.RunString(context.Background(), tc.src, "t")
		got := out.String()
		if strings.Contains(got, "URG: warning") != tc.warn || strings.Count(got, "\n") > 1 {
			t.Errorf("%s: output %q, want warning %v", tc.src, got, tc.warn)
		}
	}
}
