package shell

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestTwoShells: two shells in one process keep their own state: the
// `hash` table and its hit counts, exec's descriptors, aliases and traps.
func TestTwoShells(t *testing.T) {
	dir := t.TempDir()
	a, outA := newTestShell(t, dir)
	b, outB := newTestShell(t, dir)
	ctx := context.Background()
	run := func(s *Shell, src string) {
		t.Helper()
		s.RunString(ctx, src, "t")
	}
	run(a, "hash sh; sh -c :; sh -c :; exec 3>a.out; alias ll='ls -l'")
	run(b, "hash sh; sh -c :; echo hi >&3; alias ll")
	if got := outB.String(); !strings.Contains(got, "3") || strings.Contains(got, "ls -l") {
		t.Errorf("shell b sees shell a's descriptor 3 or alias: %q", got)
	}
	outA.Reset()
	run(a, "hash; echo to3 >&3")
	if got := outA.String(); !strings.HasPrefix(got, "hits\tcommand\n   2\t") {
		t.Errorf("shell a's hash counts changed with shell b's: %q", got)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "a.out")); string(data) != "to3\n" {
		t.Errorf("a.out = %q", data)
	}
	run(a, "trap 'echo a-exit' EXIT")
	if st, exit := b.RunString(ctx, "(exit 4)", "t"); exit || st != 4 {
		t.Errorf("b: (exit 4) = %v %d", exit, st)
	}
	outB.Reset()
	b.Exit(ctx, 0)
	if strings.Contains(outB.String(), "a-exit") {
		t.Errorf("shell b ran shell a's EXIT trap: %q", outB.String())
	}
}

// TestStashBounded: the pieces the rewrite keeps for statements go with
// the statements, so eval in a long loop does not grow the shell's stash.
func TestStashBounded(t *testing.T) {
	s, buf := newTestShell(t, t.TempDir())
	ctx := context.Background()
	s.RunString(ctx, `i=0; while [ $i -lt 10000 ]; do eval 'x=$(echo $((i+1))) | cat'; i=$((i+1)); done; echo $i`, "t")
	if got := buf.String(); got != "10000\n" {
		t.Fatalf("loop: %q", got)
	}
	size := s.eng.StashSize
	// Cleanups run on their own goroutine after a collection: look again
	// until the table is small, for as long as a loaded machine needs.
	deadline := time.Now().Add(30 * time.Second)
	for size() > 1000 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	if n := size(); n > 1000 {
		t.Errorf("stash holds %d entries after 10000 evals", n)
	}
}
