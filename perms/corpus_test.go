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
	home        string // $HOME: see #@home
	// agent says the command is judged as an agent (??) command: in the
	// sandbox of a run started in dir (see #@agent and corpus_agent_test.go).
	agent bool
	// inShell says the command is judged as a `?` translation, which runs
	// in the user's shell itself (Policy.CheckInShell; see #@inshell).
	inShell bool
}

func loadCorpus(t testing.TB, path string) []corpusCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []corpusCase
	dir, home, agent, inShell := defaultCorpusDir, defaultCorpusHome, false, false
	defs := map[string][]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if h, ok := strings.CutPrefix(line, "#@home"); ok {
			// "#@home PATH" sets $HOME for the cases after it, "#@home"
			// alone goes back to the default.
			if home = strings.TrimSpace(h); home == "" {
				home = defaultCorpusHome
			}
			continue
		}
		if a, ok := strings.CutPrefix(line, "#@agent"); ok {
			// "#@agent" judges the cases after it as agent commands,
			// "#@agent off" as ordinary ones again.
			agent = strings.TrimSpace(a) != "off"
			continue
		}
		if a, ok := strings.CutPrefix(line, "#@inshell"); ok {
			// "#@inshell" judges the cases after it as `?` translations,
			// run in the user's shell, "#@inshell off" as before.
			inShell = strings.TrimSpace(a) != "off"
			continue
		}
		if d, ok := strings.CutPrefix(line, "#@def "); ok {
			// "#@def NAME rule,rule,…" names a list of rules that the
			// rules fields after it may use as one word.
			name, list, _ := strings.Cut(strings.TrimSpace(d), " ")
			defs[name] = rules(list, nil)
			continue
		}
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
		c := corpusCase{line: n, allow: rules(fields[1], defs), deny: rules(fields[2], defs),
			command: strings.ReplaceAll(strings.ReplaceAll(fields[3], "⏎", "\n"), "⇥", "\t"), dir: dir, home: home, agent: agent, inShell: inShell}
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

func rules(field string, defs map[string][]string) []string {
	if field == "-" || field == "" {
		return nil
	}
	var out []string
	for _, r := range strings.Split(field, ",") {
		if d, ok := defs[r]; ok {
			out = append(out, d...)
			continue
		}
		out = append(out, r)
	}
	return out
}

// defaultCorpusDir is where corpus commands start unless #@dir says, and
// defaultCorpusHome $HOME unless #@home says.
const (
	defaultCorpusDir  = "/nonexistent/work"
	defaultCorpusHome = "/home/user"
)

// testEnv is a fixed environment, so that the corpus does not depend on
// the machine: HOME is /home/user.
func testEnv() (expand.Environ, string) { return testEnvIn(defaultCorpusDir) }

// testEnvIn is testEnv starting in dir.
func testEnvIn(dir string) (expand.Environ, string) { return testEnvAt(dir, defaultCorpusHome) }

// testEnvAt is testEnv starting in dir with $HOME home.
func testEnvAt(dir, home string) (expand.Environ, string) {
	return expand.ListEnviron("HOME="+home, "PATH=/usr/bin:/bin", "USER=user", "SHELL=/bin/bash", "PWD="+dir), dir
}

func TestCorpus(t *testing.T) {
	cases := loadCorpus(t, "testdata/corpus.tsv")
	if len(cases) < 150 {
		t.Fatalf("corpus has %d cases, want at least 150", len(cases))
	}
	counts := map[Verdict]int{}
	agent := 0
	for _, c := range cases {
		if c.agent {
			agent++ // corpus_agent_test.go
			continue
		}
		counts[c.want]++
		dir, home := c.dir, c.home
		p, err := NewPolicy(Options{Allow: c.allow, Deny: c.deny, Env: func() (expand.Environ, string) { return testEnvAt(dir, home) }})
		if err != nil {
			t.Errorf("corpus.tsv:%d: rules: %v", c.line, err)
			continue
		}
		d := p.Check(c.command)
		if c.inShell {
			d = p.CheckInShell(c.command)
		}
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
	t.Logf("%d cases: %d allow, %d ask, %d deny; %d agent cases", len(cases)-agent, counts[Allow], counts[Ask], counts[Deny], agent)
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n\t")
}
