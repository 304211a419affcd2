package shell

import (
	"context"
	"path/filepath"
	"testing"
)

// BenchmarkSourceInit sources the example init.sh, as an interactive
// shell's start does (SourceFile), in one shell again and again: the
// per-statement cost of a startup file in the engine and its handlers.
// What the first statement of a session pays once is bench/ptybench's
// (with its init.sh row).
func BenchmarkSourceInit(b *testing.B) {
	path, err := filepath.Abs("../examples/init.sh")
	if err != nil {
		b.Fatal(err)
	}
	s, buf := newTestShell(b, b.TempDir())
	ctx := context.Background()
	for b.Loop() {
		buf.Reset()
		if exited, st := s.SourceFile(ctx, path, false); exited || st != 0 {
			b.Fatalf("init.sh: exited %v, status %d: %s", exited, st, buf.String())
		}
	}
}
