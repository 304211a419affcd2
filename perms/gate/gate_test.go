package gate

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/perms"
)

// harness is a runner with the gate installed, in a temporary directory
// that is also $HOME.
type harness struct {
	t      *testing.T
	dir    string
	policy *perms.Policy
	gate   *Gate
	runner *interp.Runner
	stdout bytes.Buffer
	stderr bytes.Buffer

	mu    sync.Mutex
	asked []string
}

func newHarness(t *testing.T, allow, deny []string, answer perms.Answer) *harness {
	t.Helper()
	h := &harness{t: t, dir: t.TempDir()}
	env := expand.ListEnviron(append(os.Environ(), "HOME="+h.dir)...)
	var err error
	h.policy, err = perms.NewPolicy(perms.Options{Allow: allow, Deny: deny,
		Env: func() (expand.Environ, string) { return env, h.dir }})
	if err != nil {
		t.Fatal(err)
	}
	var ask AskFunc
	if answer != 0 {
		ask = func(d perms.Decision) perms.Answer {
			h.mu.Lock()
			h.asked = append(h.asked, d.Command)
			h.mu.Unlock()
			return answer
		}
	}
	h.gate = New(h.policy, nil, ask, nil)
	opts := append([]interp.RunnerOption{
		interp.Env(env), interp.Dir(h.dir), interp.StdIO(nil, &h.stdout, &h.stderr),
	}, h.gate.RunnerOptions()...)
	h.runner, err = interp.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// approveOnce checks src statically, answers Once, and runs it under
// that approval, as the shell does for an AI command. It returns the
// error of the last statement.
func (h *harness) approveOnce(src string) error {
	h.t.Helper()
	d := h.policy.Check(src)
	if d.Verdict == perms.Deny {
		h.t.Fatalf("%q is denied statically:\n%s", src, d.Explain())
	}
	return h.run(h.gate.WithApproval(context.Background(), d.Approval(h.dir)), src)
}

func (h *harness) run(ctx context.Context, src string) error {
	h.t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
	if err != nil {
		h.t.Fatal(err)
	}
	for _, st := range f.Stmts {
		err = h.runner.Run(ctx, st)
		var es interp.ExitStatus
		if err != nil && !errors.As(err, &es) {
			h.t.Fatalf("%q: runner halted: %v", src, err)
		}
	}
	return err
}

func (h *harness) exists(name string) bool {
	_, err := os.Stat(filepath.Join(h.dir, name))
	return err == nil
}

func (h *harness) touch(name string) {
	h.t.Helper()
	if err := os.WriteFile(filepath.Join(h.dir, name), nil, 0o644); err != nil {
		h.t.Fatal(err)
	}
}

func status(err error) int {
	var es interp.ExitStatus
	if errors.As(err, &es) {
		return int(es)
	}
	if err != nil {
		return -1
	}
	return 0
}

func TestGateStopsComputedCommand(t *testing.T) {
	h := newHarness(t, nil, nil, 0)
	h.touch("x")
	err := h.approveOnce("c=r; c=${c}m; $c -rf x")
	if !h.exists("x") {
		t.Fatal("rm ran: the gate let a computed command through")
	}
	if status(err) != 126 || !strings.Contains(h.stderr.String(), "nosh: refused: rm -rf x: no allow rule") {
		t.Errorf("status %d, stderr %q", status(err), h.stderr.String())
	}
}

func TestGateStopsEval(t *testing.T) {
	h := newHarness(t, nil, nil, 0)
	h.approveOnce(`eval "$( (printf 'touch %s' evaled) )"`)
	if h.exists("evaled") {
		t.Fatal("touch inside eval ran")
	}
	if !strings.Contains(h.stderr.String(), "refused: touch evaled: no allow rule") {
		t.Errorf("stderr %q", h.stderr.String())
	}
}

func TestGateRunsApproved(t *testing.T) {
	h := newHarness(t, []string{"ls"}, nil, 0)
	if err := h.approveOnce("touch made; echo done; ls >/dev/null"); err != nil {
		t.Fatalf("approved command failed: %v\n%s", err, h.stderr.String())
	}
	if !h.exists("made") || h.stdout.String() != "done\n" {
		t.Errorf("approved command did not run: stdout %q stderr %q", h.stdout.String(), h.stderr.String())
	}
	// A loop over computed arguments matches the approved unit.
	h.touch("a.go")
	h.touch("b.go")
	if err := h.approveOnce(`for f in *.go; do cp "$f" "$f.bak"; done`); err != nil {
		t.Fatalf("loop: %v\n%s", err, h.stderr.String())
	}
	if !h.exists("a.go.bak") || !h.exists("b.go.bak") {
		t.Error("approved loop did not run")
	}
}

func TestGateWrites(t *testing.T) {
	h := newHarness(t, nil, nil, 0)
	if err := h.approveOnce("echo hi > approved.txt"); err != nil || !h.exists("approved.txt") {
		t.Fatalf("approved write failed: %v %s", err, h.stderr.String())
	}
	err := h.approveOnce(`w=hidden.txt; eval "echo hi > \$w"`)
	if h.exists("hidden.txt") {
		t.Fatal("unapproved write happened")
	}
	if status(err) != 1 || !strings.Contains(h.stderr.String(), "not allowed by nosh permissions") {
		t.Errorf("status %d stderr %q", status(err), h.stderr.String())
	}
	if err := h.approveOnce(`echo hi > /dev/null`); err != nil {
		t.Errorf("write to /dev/null refused: %v", err)
	}
}

func TestGateVariables(t *testing.T) {
	h := newHarness(t, []string{"ls"}, nil, 0)
	// An announced change is approved with the command.
	if err := h.approveOnce(`PATH="$PATH:/nonexistent"; ls >/dev/null`); err != nil {
		t.Fatalf("announced PATH change refused: %v\n%s", err, h.stderr.String())
	}
	// One hidden in eval is not. (v='PATH=…'; eval "$v" would not hide
	// it: the analysis resolves $v and shows the change before approval.)
	h.stderr.Reset()
	h.approveOnce(`v=$( (printf 'PATH=/tmp/evil:$PATH') ); eval "$v"; ls`)
	if !strings.Contains(h.stderr.String(), "refused: ls") || !strings.Contains(h.stderr.String(), "PATH") {
		t.Errorf("hidden PATH change not caught: %q", h.stderr.String())
	}
}

func TestGateAsks(t *testing.T) {
	h := newHarness(t, nil, []string{"git push"}, perms.Once)
	h.approveOnce(`eval "$( (printf 'touch %s' asked) )"`)
	if !h.exists("asked") || len(h.asked) != 1 || h.asked[0] != "touch asked" {
		t.Errorf("Once answer: exists=%v asked=%q", h.exists("asked"), h.asked)
	}
	// A loop asks once per distinct command.
	h.asked = nil
	h.approveOnce(`for i in 1 2 3; do eval "$( (printf 'touch %s' again) )"; done`)
	if len(h.asked) != 1 {
		t.Errorf("asked %d times for the same command", len(h.asked))
	}
	// Deny is final: never asked.
	h.asked = nil
	err := h.approveOnce(`eval "$( (printf 'git push') )"`)
	if len(h.asked) != 0 || status(err) != 126 {
		t.Errorf("denied command: asked %q, status %d", h.asked, status(err))
	}

	r := newHarness(t, nil, nil, perms.Refuse)
	r.approveOnce(`eval "$( (printf 'touch %s' refused) )"`)
	if r.exists("refused") || len(r.asked) != 1 {
		t.Errorf("Refuse answer: exists=%v asked=%q", r.exists("refused"), r.asked)
	}

	s := newHarness(t, nil, nil, perms.Session)
	s.approveOnce(`eval "$( (printf 'touch %s' sess) )"`)
	if !s.exists("sess") || !strings.Contains(strings.Join(s.policy.SessionRules(), ","), "touch") {
		t.Errorf("Session answer: exists=%v rules=%q", s.exists("sess"), s.policy.SessionRules())
	}
}

func TestGateCatastropheAtRunTime(t *testing.T) {
	h := newHarness(t, []string{"rm"}, nil, perms.Once)
	h.touch("precious")
	// rm is allowed, but not of $HOME; the gate sees the expanded path.
	err := h.approveOnce(`d=$HOME; eval "$( (printf 'rm -rf %s' "$d") )"`)
	if !h.exists("precious") {
		t.Fatal("rm -rf $HOME ran")
	}
	if len(h.asked) != 0 || status(err) != 126 || !strings.Contains(h.stderr.String(), "recursive rm") {
		t.Errorf("asked %q, status %d, stderr %q", h.asked, status(err), h.stderr.String())
	}
}

func TestGateFunctionsAndShells(t *testing.T) {
	h := newHarness(t, nil, nil, 0)
	if err := h.approveOnce("f() { touch fn; }; f"); err != nil || !h.exists("fn") {
		t.Fatalf("approved function: %v %s", err, h.stderr.String())
	}
	h.approveOnce(`s="touch viabash"; bash -c "$s"`)
	if h.exists("viabash") {
		t.Fatal("bash -c with computed code ran an unapproved command")
	}
	if err := h.approveOnce(`bash -c 'touch static'`); err != nil || !h.exists("static") {
		t.Errorf("approved bash -c: %v %s", err, h.stderr.String())
	}
	// A name approved as a function does not approve a program of that
	// name when no function exists.
	h.stderr.Reset()
	h.approveOnce("if false; then g() { :; }; fi; g")
	if !strings.Contains(h.stderr.String(), "refused: g") {
		t.Errorf("external g not refused: %q", h.stderr.String())
	}
}

func TestGateScopes(t *testing.T) {
	h := newHarness(t, []string{"ls"}, nil, 0)
	if err := h.run(Bypass(context.Background()), "touch bypassed"); err != nil || !h.exists("bypassed") {
		t.Errorf("bypass: %v", err)
	}
	// The default scope has no approval: only rules apply.
	if err := h.run(context.Background(), "ls >/dev/null"); err != nil {
		t.Errorf("allowed by rule: %v %s", err, h.stderr.String())
	}
	h.run(context.Background(), "touch nope")
	if h.exists("nope") {
		t.Error("default scope ran an unapproved command")
	}
}

// TestGateTranslationChangesTheShell: a `?` translation runs in the
// user's shell, so a change to the shell itself hidden from the approved
// command (inside an approved eval) is asked about as it happens: a
// builtin that assigns, sets an option or a trap at its own call, a
// plain assignment at the next command. The user's own variables and an
// announced change pass.
func TestGateTranslationChangesTheShell(t *testing.T) {
	var h *harness
	// Each case in a fresh shell: the harness's policy reads the
	// variables the runner started with, not those a case changed.
	approve := func(src string) error {
		t.Helper()
		h = newHarness(t, []string{"ls", "true"}, nil, perms.Refuse)
		d := h.policy.CheckInShell(src)
		if d.Verdict == perms.Deny {
			t.Fatalf("%q is denied statically:\n%s", src, d.Explain())
		}
		return h.run(h.gate.WithShellApproval(context.Background(), d.Approval(h.dir)), src)
	}
	for _, src := range []string{
		`eval "$( (printf 'read HISTSIZE <<< 0') )"`,
		`eval "$( (printf 'printf -v HISTFILE /dev/null') )"`,
		`eval "$( (printf 'set +o history') )"`,
		`eval "$( (printf 'trap "" INT') )"`,
		`eval "$( (printf 'HISTFILESIZE=0') )"; true`,
		`eval "$( (printf 'XDG_STATE_HOME=/tmp') )"; ls >/dev/null`,
	} {
		approve(src)
		if len(h.asked) == 0 {
			t.Errorf("%q: the hidden change to the shell was not asked about", src)
		}
	}
	for _, src := range []string{
		`eval "$( (printf 'n=5') )"; true`,
		`HISTSIZE=7; true`,
		`cd /; true`,
	} {
		if err := approve(src); err != nil || len(h.asked) != 0 {
			t.Errorf("%q: asked %q, error %v", src, h.asked, err)
		}
	}
	// The agent's scope (WithApproval) does not judge its subshell's
	// variables this way.
	h = newHarness(t, []string{"ls", "true"}, nil, perms.Refuse)
	h.approveOnce(`eval "$( (printf 'read HISTSIZE <<< 0') )"`)
	if len(h.asked) != 0 {
		t.Errorf("an ordinary scope asked about the shell's variables: %q", h.asked)
	}
}
