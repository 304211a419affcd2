package shell

import (
	"context"
	"io"
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

// TestSignalSetUpDeferredOnlyInMemory: the set-up waits past a first
// `true` only when the rest of the source cannot block its reading: a -c
// string, not a pipe or standard input, where the next line may come
// much later.
func TestSignalSetUpDeferredOnlyInMemory(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name string
		run  func(s *Shell)
		want bool // set up after the run
	}{
		{"-c true", func(s *Shell) { s.RunString(ctx, "true", "-c") }, false},
		{"-c of trivial statements", func(s *Shell) { s.RunString(ctx, "true; :\nfalse", "-c") }, false},
		{"-c with a command after", func(s *Shell) { s.RunString(ctx, "true; echo x", "-c") }, true},
		{"a stream", func(s *Shell) { s.RunReader(ctx, struct{ io.Reader }{strings.NewReader("true\n")}, "stdin") }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := newTestShell(t, t.TempDir())
			tc.run(s)
			if got := s.signalsSetUp.Load(); got != tc.want {
				t.Errorf("signals set up: %v, want %v", got, tc.want)
			}
		})
	}
}
