package shell

import (
	"bytes"
	"context"
	"nosh/shell/internal/varlist"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/perms"
	"nosh/perms/gate"
	"nosh/perms/sandbox"
	"nosh/shell/assistant"
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
// reports the median time of each and of their difference, in
// milliseconds. The launcher is bin/nosh-sandbox when it was built (make
// bench builds it), else bin/nosh, else this test binary, whose start-up
// is slower than nosh's; $NOSH_BENCH_LAUNCHER names another.
func BenchmarkAgentSandbox(b *testing.B) {
	if _, err := sandbox.Available(); err != nil {
		b.Skip(err)
	}
	if p, err := filepath.Abs(launcherForBench()); err == nil {
		if _, err := os.Stat(p); err == nil {
			sandbox.Launcher = p
			defer func() { sandbox.Launcher = "" }()
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
		Env: func() (expand.Environ, string) { return varlist.Settled{R: sh.Runner}, dir }})
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
		ctx := WithGuard(g.WithApproval(context.Background(), approval), assistant.NewGuard(g, true))
		if sandboxed {
			ctx = WithGuard(g.WithSandbox(context.Background(), approval, box, true), assistant.NewGuard(g, true))
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
	// Medians of the pairs taken side by side: the shared machine's
	// load comes and goes by more than what is measured.
	var plain, boxed, added []float64
	for b.Loop() {
		p := run(false)
		x := run(true)
		plain, boxed, added = append(plain, ms(p)), append(boxed, ms(x)), append(added, ms(x-p))
	}
	b.ReportMetric(median(plain), "plain-ms/cmd")
	b.ReportMetric(median(boxed), "sandboxed-ms/cmd")
	b.ReportMetric(median(added), "added-ms/cmd")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

func launcherForBench() string {
	if p := os.Getenv("NOSH_BENCH_LAUNCHER"); p != "" {
		return p
	}
	if _, err := os.Stat("../bin/" + sandbox.LauncherName); err == nil {
		return "../bin/" + sandbox.LauncherName
	}
	return "../bin/nosh"
}
