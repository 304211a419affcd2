package perms

import (
	"strings"
	"testing"

	"nosh/perms/analysis"
)

// benchCommand is a compound command of about 1 KB, the kind an AI
// proposes: pipelines, loops, substitutions, redirections to /dev/null.
var benchCommand = strings.Repeat(`for f in $(find . -name '*.go' -type f 2>/dev/null | sort | head -n 20); do `+
	`if [ -f "$f" ]; then wc -l "$f" | awk '{print $1}' >&2; else echo "missing: $f" 1>&2; fi; done; `+
	`du -sh ./* 2>/dev/null | sort -hr | head -10 || true; git log --oneline -n 5 | grep -v WIP; `, 4)

func BenchmarkCheck(b *testing.B) {
	p, err := NewPolicy(Options{
		Allow: []string{"find", "sort", "head", "wc", "awk", "du", "git log", "grep"},
		Env:   testEnv,
	})
	if err != nil {
		b.Fatal(err)
	}
	if d := p.Check(benchCommand); d.Verdict != Allow {
		b.Fatalf("benchmark command is not allowed:\n%s", d.Explain())
	}
	b.SetBytes(int64(len(benchCommand)))
	b.ReportAllocs()
	for b.Loop() {
		p.Check(benchCommand)
	}
}

// BenchmarkParseOnly is the floor under BenchmarkCheck: parsing
// benchCommand with the shell's parser, and nothing else.
func BenchmarkParseOnly(b *testing.B) {
	env, _ := testEnv()
	a := analysis.NewAnalyzer(0, env, nil, nil)
	b.SetBytes(int64(len(benchCommand)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := a.Parse(benchCommand); err != nil {
			b.Fatal(err)
		}
	}
}
