package perms

import (
	"testing"

	"mvdan.cc/sh/v3/expand"
)

// AgentCorpusCase is a case of testdata/corpus.tsv judged as an agent
// command, for corpus_agent_test.go (package perms_test, which may
// import the gate).
type AgentCorpusCase struct {
	Line         int
	Want         Verdict
	Command, Dir string
	Policy       *Policy
	Allow, Deny  []string
}

// AgentCorpus returns the corpus's agent cases, each with its policy.
func AgentCorpus(t testing.TB) []AgentCorpusCase {
	var out []AgentCorpusCase
	for _, c := range loadCorpus(t, "testdata/corpus.tsv") {
		if !c.agent {
			continue
		}
		dir, home := c.dir, c.home
		p, err := NewPolicy(Options{Allow: c.allow, Deny: c.deny, Env: func() (expand.Environ, string) { return testEnvAt(dir, home) }})
		if err != nil {
			t.Errorf("corpus.tsv:%d: rules: %v", c.line, err)
			continue
		}
		out = append(out, AgentCorpusCase{Line: c.line, Want: c.want, Command: c.command, Dir: dir, Policy: p, Allow: c.allow, Deny: c.deny})
	}
	return out
}
