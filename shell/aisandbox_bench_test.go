package shell

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
)

// benchAgentCommands are typical investigations: one program, and three
// in a pipeline.
var benchAgentCommands = map[string]string{
	"one":      "ls -la /usr/bin",
	"pipeline": "ls -la /usr/bin | sort -k5 -n | tail -3",
}

// BenchmarkAgentSandbox measures what the sandbox adds to one agent
// command: the same command, through the same gate, run plainly and
// sandboxed (each program started by this binary as its launcher, as
// nosh does), alternating, so that both see the same machine load. It
// reports the time of each and the difference in milliseconds. The
// launcher is bin/nosh when it was built (make bench builds it), else
// this test binary, whose start-up is slower than nosh's.
func BenchmarkAgentSandbox(b *testing.B) {
	if _, err := sandbox.Available(); err != nil {
		b.Skip(err)
	}
	if p, err := filepath.Abs("../bin/nosh"); err == nil {
		if _, err := os.Stat(p); err == nil {
			sandbox.Launcher = p
			defer func() { sandbox.Launcher = sandbox.SelfPath }()
			b.Logf("launcher: %s", p)
		}
	}
	for _, name := range []string{"one", "pipeline"} {
		b.Run(name, func(b *testing.B) { benchAgentSandbox(b, benchAgentCommands[name]) })
	}
}

func benchAgentSandbox(b *testing.B, benchAgentCommand string) {
	dir := b.TempDir()
	var out bytes.Buffer
	sh, err := New(Config{Name: "nosh", Stdout: &out, Stderr: &out, Dir: dir,
		Env: []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}})
	if err != nil {
		b.Fatal(err)
	}
	sh.RunString(context.Background(), ":", "bench") // fills the runner's variables
	policy, err := perms.NewPolicy(perms.Options{Allow: []string{"ls", "sort", "tail"},
		Env: func() (expand.Environ, string) { return varsEnviron{sh.Runner}, dir }})
	if err != nil {
		b.Fatal(err)
	}
	g := gate.New(policy, nil, nil, &out)
	approval := policy.Check(benchAgentCommand).Approval(dir)
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: dir, Access: sandbox.All}, {Path: "/dev/null", Access: sandbox.Write}}}
	f, err := syntax.NewParser().Parse(strings.NewReader(benchAgentCommand), "")
	if err != nil {
		b.Fatal(err)
	}
	run := func(sandboxed bool) time.Duration {
		r := sh.Runner.Subshell()
		ctx := withAgentCommand(withAI(context.Background(), g, approval))
		if sandboxed {
			ctx = withAgentCommand(withAgentSandbox(context.Background(), g, approval, box, true))
		}
		out.Reset()
		start := time.Now()
		if err := r.Run(ctx, f.Stmts[0]); err != nil {
			b.Fatalf("sandboxed=%v: %v\n%s", sandboxed, err, out.String())
		}
		return time.Since(start)
	}
	run(false)
	run(true)
	var plain, boxed time.Duration
	n := 0
	for b.Loop() {
		plain += run(false)
		boxed += run(true)
		n++
	}
	b.ReportMetric(float64(plain.Microseconds())/float64(n)/1000, "plain-ms/cmd")
	b.ReportMetric(float64(boxed.Microseconds())/float64(n)/1000, "sandboxed-ms/cmd")
	b.ReportMetric(float64((boxed-plain).Microseconds())/float64(n)/1000, "added-ms/cmd")
}
