package perms

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// corpusCase is one line of testdata/corpus.tsv.
type corpusCase struct {
	line        int
	want        Verdict
	allow, deny []string
	command     string
	dir         string // where the command starts: see #@dir
}

func loadCorpus(t testing.TB, path string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []corpusCase
	dir := defaultCorpusDir
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if d, ok := strings.CutPrefix(line, "#@dir"); ok {
			// "#@dir PATH" starts the following cases in PATH, "#@dir"
			// alone goes back to the default.
			dir = strings.TrimSpace(d)
			if dir == "" {
				dir = defaultCorpusDir
			}
			continue
		}
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.SplitN(line, "\t", 4)
		if len(fields) != 4 {
			t.Fatalf("%s:%d: want 4 tab-separated fields, got %d", path, n, len(fields))
		}
		c := corpusCase{line: n, allow: rules(fields[1]), deny: rules(fields[2]),
			command: strings.ReplaceAll(strings.ReplaceAll(fields[3], "⏎", "\n"), "⇥", "\t"), dir: dir}
		switch fields[0] {
		case "allow":
			c.want = Allow
		case "ask":
			c.want = Ask
		case "deny":
			c.want = Deny
		default:
			t.Fatalf("%s:%d: unknown verdict %q", path, n, fields[0])
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

func rules(field string) []string {
	if field == "-" || field == "" {
		return nil
	}
	return strings.Split(field, ",")
}

// defaultCorpusDir is where corpus commands start unless #@dir says.
const defaultCorpusDir = "/nonexistent/work"

// testEnv is a fixed environment, so that the corpus does not depend on
// the machine: HOME is /home/user.
func testEnv() (expand.Environ, string) { return testEnvIn(defaultCorpusDir) }

// testEnvIn is testEnv starting in dir.
func testEnvIn(dir string) (expand.Environ, string) {
	return expand.ListEnviron("HOME=/home/user", "PATH=/usr/bin:/bin", "USER=user", "SHELL=/bin/bash", "PWD="+dir), dir
}

func TestCorpus(t *testing.T) {
	cases := loadCorpus(t, "testdata/corpus.tsv")
	if len(cases) < 150 {
		t.Fatalf("corpus has %d cases, want at least 150", len(cases))
	}
	counts := map[Verdict]int{}
	for _, c := range cases {
		counts[c.want]++
		dir := c.dir
		p, err := NewPolicy(Options{Allow: c.allow, Deny: c.deny, Env: func() (expand.Environ, string) { return testEnvIn(dir) }})
		if err != nil {
			t.Errorf("corpus.tsv:%d: rules: %v", c.line, err)
			continue
		}
		d := p.Check(c.command)
		if d.Verdict != c.want {
			t.Errorf("corpus.tsv:%d: %q with allow=%q deny=%q: got %s, want %s\n%s",
				c.line, c.command, c.allow, c.deny, d.Verdict, c.want, indent(d.Explain()))
		}
		// The invariant the fuzz target also checks: nothing risky or
		// unparsed is ever allowed.
		if d.Verdict == Allow && len(d.Findings) > 0 {
			t.Errorf("corpus.tsv:%d: allowed with findings", c.line)
		}
	}
	t.Logf("%d cases: %d allow, %d ask, %d deny", len(cases), counts[Allow], counts[Ask], counts[Deny])
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n\t")
}
