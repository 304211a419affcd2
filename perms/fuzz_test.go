package perms

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/config/dialect"
	"nosh/perms/analysis"
)

// FuzzCheck proves that analysis never panics, never answers allow when
// it recorded a risky construct or input that does not parse, reports
// every simple command the parser sees, and removes quotes exactly as
// the shell's expander does.
func FuzzCheck(f *testing.F) {
	for _, c := range loadCorpus(f, "testdata/corpus.tsv") {
		f.Add(c.command)
	}
	p, err := NewPolicy(Options{
		Allow: []string{"ls", "echo", "cat", "rm", "git", "sh", "bash", "curl", "grep", "sort", "xargs", "find", "awk", "sed"},
		Deny:  []string{"git push"},
		Env:   testEnv,
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d := p.Check(src)
		if d.Verdict == Allow && len(d.Findings) > 0 {
			t.Fatalf("%q: allowed with findings:\n%s", src, d.Explain())
		}
		file, err := dialect.Bash.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			if d.Verdict == Allow {
				t.Fatalf("%q does not parse (%v) but is allowed", src, err)
			}
			return
		}
		seen := make(map[Pos]bool)
		for _, u := range d.Units {
			seen[u.Pos] = true
		}
		syntax.Walk(file, func(n syntax.Node) bool {
			call, ok := n.(*syntax.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			p := call.Args[0].Pos()
			if !seen[Pos{Line: int(p.Line()), Col: int(p.Col())}] {
				t.Fatalf("%q: no unit for the command at %s", src, p)
			}
			for _, w := range call.Args {
				v, ok := analysis.StaticWord(w)
				if !ok {
					continue
				}
				got, err := expand.Fields(&expand.Config{}, w)
				if err != nil || len(got) != 1 || got[0] != v {
					t.Fatalf("%q: word %q: static value %q, expander gives %q (%v)", src, v, v, got, err)
				}
			}
			return true
		})
		// The run-time view must not panic on any argv either.
		argv := strings.Fields(src)
		if len(argv) > 0 {
			rd := p.CheckArgv(argv, nil, "")
			if rd.Verdict == Allow && len(rd.Findings) > 0 {
				t.Fatalf("%q: run-time check allowed with findings", argv)
			}
		}
	})
}
