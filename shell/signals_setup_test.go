package shell

import (
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestSignalFree pins down which statements may run before the signal
// set-up (setUpSignals): only ones that start nothing, cannot block and
// end at once.
func TestSignalFree(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"true", true},
		{"false", true},
		{":", true},
		{": a 'b' c", false}, // a quoted word is not a plain literal
		{": a b", true},
		{"true >/dev/null", false},
		{"x=1 true", false},
		{"! true", false},
		{"true &", false},
		{"true $x", false},
		{"true $(sleep 1)", false},
		{"echo hi", false},
		{"kill -TERM $$", false},
		{"trap '' TERM", false},
		{"sleep 1", false},
		{"exec true", false},
		{"true; true", true}, // each statement is asked on its own
		{"while :; do :; done", false},
		{"{ true; }", false},
		{"(true)", false},
		{"true | true", false},
		{"true && true", false},
		{"f() { :; }", false},
		{"x=1", false},
	}
	for _, tc := range tests {
		t.Run(tc.src, func(t *testing.T) {
			s, _ := newTestShell(t, t.TempDir())
			f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.signalFree(f.Stmts[0]); got != tc.want {
				t.Errorf("signalFree(%q) = %v, want %v", tc.src, got, tc.want)
			}
		})
	}
}

// TestSignalFreeNotFunctionOrXtrace: a function named true, or xtrace
// (whose trace line could block on a full pipe), makes `true` need the
// set-up.
func TestSignalFreeNotFunctionOrXtrace(t *testing.T) {
	st := func(src string) *syntax.Stmt {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		return f.Stmts[0]
	}
	s, _ := newTestShell(t, t.TempDir())
	ctx := context.Background()
	if _, status := s.RunStmt(ctx, st("true() { sleep 0; }")); status != 0 {
		t.Fatalf("defining the function: status %d", status)
	}
	if s.signalFree(st("true")) {
		t.Error("signalFree(true) with a function true defined")
	}
	s, _ = newTestShell(t, t.TempDir())
	if _, status := s.RunStmt(ctx, st("set -x")); status != 0 {
		t.Fatalf("set -x: status %d", status)
	}
	if s.signalFree(st("true")) {
		t.Error("signalFree(true) with xtrace on")
	}
}
