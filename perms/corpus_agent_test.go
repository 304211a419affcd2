package perms_test

import (
	"strings"
	"testing"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
)

// agentScratch stands for a run's scratch directory in the agent cases.
const agentScratch = "/tmp/nosh-agent-corpus"

// TestCorpusAgent judges the corpus's agent cases (#@agent) as the agent
// does a command it is asked for: with the scratch directory in its
// environment, redirections into the sandbox's places free, and every
// change outside those places asked about (gate.Outside), whatever the
// rules say.
func TestCorpusAgent(t *testing.T) {
	cases := perms.AgentCorpus(t)
	counts := map[perms.Verdict]int{}
	for _, c := range cases {
		counts[c.Want]++
		box := sandbox.Policy{Rules: []sandbox.Rule{{Path: c.Dir, Access: sandbox.All},
			{Path: agentScratch, Access: sandbox.All}, {Path: "/dev/null", Access: sandbox.Write}}}
		d := c.Policy.CheckConfined(c.Command, perms.Confined{
			Vars:     []string{"NOSH_SCRATCH=" + agentScratch, "TMPDIR=" + agentScratch},
			Writable: func(p string) bool { return box.Writable(p, sandbox.Write) },
		})
		d = d.WithFindings(gate.Outside(d.Targets, box)...)
		if d.Verdict != c.Want {
			t.Errorf("corpus.tsv:%d: %q with allow=%q deny=%q as an agent command: got %s, want %s\n\t%s",
				c.Line, c.Command, c.Allow, c.Deny, d.Verdict, c.Want, strings.ReplaceAll(strings.TrimSpace(d.Explain()), "\n", "\n\t"))
		}
		if d.Verdict == perms.Allow && len(d.Findings) > 0 {
			t.Errorf("corpus.tsv:%d: allowed with findings", c.Line)
		}
	}
	t.Logf("%d agent cases: %d allow, %d ask, %d deny", len(cases), counts[perms.Allow], counts[perms.Ask], counts[perms.Deny])
}
