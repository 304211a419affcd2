package shell

import (
	"context"
	"testing"
)

// BenchmarkLoops times the three loop scripts of bench/run.sh inside one
// shell, so that a profile shows what each statement costs the interpreter
// and nosh's handlers around it (go test -bench Loops -cpuprofile/-memprofile).
func BenchmarkLoops(b *testing.B) {
	scripts := []struct{ name, src string }{
		{"arith", `i=0; while [ $i -lt 1000 ]; do i=$((i+1)); done`},
		{"string", `s=abcdefghij; i=0; while [ $i -lt 1000 ]; do x=${s#abc}; y=${s%hij}; z=${#s}; w=${s:-d}; i=$((i+1)); done`},
		{"func", `f() { r=$1; }; i=0; while [ $i -lt 1000 ]; do f $i; i=$((i+1)); done`},
	}
	for _, sc := range scripts {
		b.Run(sc.name, func(b *testing.B) {
			s, _ := newTestShell(b, b.TempDir())
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				s.RunString(ctx, sc.src, "b")
			}
		})
	}
}
