package complete

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// benchPath makes 3 000 executables in three PATH directories.
func benchPath(b *testing.B) string {
	root := b.TempDir()
	var dirs []string
	for d := range 3 {
		dir := filepath.Join(root, fmt.Sprint("bin", d))
		if err := os.Mkdir(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for i := range 1000 {
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("cmd%d%03d", d, i)), nil, 0o755); err != nil {
				b.Fatal(err)
			}
		}
		dirs = append(dirs, dir)
	}
	return strings.Join(dirs, ":")
}

func benchmarkCommands(b *testing.B, line string, want int) {
	c, env := testCompleter(b)
	env.vars["PATH"] = benchPath(b)
	if n := len(c.Complete(line, len(line)).Candidates); n != want {
		b.Fatalf("%d candidates, want %d", n, want)
	}
	b.ReportAllocs()
	for b.Loop() {
		c.Complete(line, len(line))
	}
}

// BenchmarkCommandNameAll completes a command name that all 3 000 PATH
// entries match (the budget is 10 ms).
func BenchmarkCommandNameAll(b *testing.B) { benchmarkCommands(b, "cm", 3000) }

// BenchmarkCommandNameSome completes a command name that 10 of them match.
func BenchmarkCommandNameSome(b *testing.B) { benchmarkCommands(b, "ls | cmd101", 10) }

// BenchmarkReadlineAll is BenchmarkCommandNameAll through the readline
// adapter, as the shell calls it.
func BenchmarkReadlineAll(b *testing.B) {
	c, env := testCompleter(b)
	env.vars["PATH"] = benchPath(b)
	line := []rune("cm")
	b.ReportAllocs()
	for b.Loop() {
		c.Readline(line, len(line))
	}
}
