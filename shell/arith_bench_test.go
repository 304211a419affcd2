package shell

import (
	"context"
	"io"
	"os"
	"testing"

	"nosh/config/dialect"
)

// BenchmarkArithLoop runs the loops whose arithmetic nosh evaluates itself.
func BenchmarkArithLoop(b *testing.B) {
	for _, bc := range []struct{ name, src string }{
		{"while", `i=0; while [ $i -lt 1000 ]; do i=$((i+1)); done`},
		{"for", `for ((i=0; i<1000; i++)); do :; done`},
	} {
		b.Run(bc.name, func(b *testing.B) {
			sh, err := New(Config{Dialect: dialect.Bash, Name: "nosh", Stdout: io.Discard, Stderr: io.Discard, Env: os.Environ()})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				sh.RunString(context.Background(), bc.src, "bench")
			}
		})
	}
}
