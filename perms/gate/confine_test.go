package gate

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/perms"
	"nosh/perms/sandbox"
)

// homeHarness is a harness whose $HOME is dir/home/u, with the runner in
// the workspace dir/home/u/proj, nosh's configuration in
// $HOME/.config/nosh, and the given rules.
func homeHarness(t *testing.T, allow []string, answer perms.Answer) (h *harness, home, ws string) {
	t.Helper()
	h = newHarness(t, allow, nil, answer)
	home = filepath.Join(h.dir, "home", "u")
	ws = filepath.Join(home, "proj")
	for _, d := range []string{ws, filepath.Join(home, ".config", "nosh"), filepath.Join(h.dir, "home", "other")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env := expand.ListEnviron(append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home+"/.config")...)
	var err error
	h.policy, err = perms.NewPolicy(perms.Options{Allow: allow, Env: func() (expand.Environ, string) { return env, ws }})
	if err != nil {
		t.Fatal(err)
	}
	h.gate = New(h.policy, nil, h.gate.ask, nil)
	opts := append([]interp.RunnerOption{interp.Env(env), interp.Dir(ws), interp.StdIO(nil, &h.stdout, &h.stderr)},
		h.gate.RunnerOptions()...)
	if h.runner, err = interp.New(opts...); err != nil {
		t.Fatal(err)
	}
	return h, home, ws
}

// TestGateResolvesTargets: what a recursive delete, chmod -R, mv or find
// -delete names is judged from the directory it runs in, so a relative
// name for the home directory or its parent is denied whatever the rules
// say.
func TestGateResolvesTargets(t *testing.T) {
	for _, src := range []string{
		"cd ../.. && rm -rf *",
		"cd ../.. && rm -r -f u",
		"cd .. && chmod -R 000 .",
		"cd .. && chown -R nobody .",
		"cd /tmp/../${PWD#/} && cd .. && rm -rf .",
		"find .. -delete",
		"cd ../.. && mv u u.old",
		"d=..; rm -rf $d",
	} {
		t.Run(src, func(t *testing.T) {
			h, home, _ := homeHarness(t, []string{"rm", "cd", "chmod", "chown", "mv", "find"}, 0)
			marker := filepath.Join(home, "keep")
			os.WriteFile(marker, []byte("x"), 0o644)
			ctx := h.gate.WithApproval(context.Background(), nil)
			h.run(ctx, src)
			if _, err := os.Stat(marker); err != nil {
				t.Fatalf("the home directory was changed: %v\n%s", err, h.stderr.String())
			}
			if fi, _ := os.Stat(home); fi == nil || fi.Mode().Perm() == 0 {
				t.Fatalf("home lost its mode")
			}
			if !strings.Contains(h.stderr.String(), "refused") {
				t.Errorf("no refusal reported: %q", h.stderr.String())
			}
		})
	}
}

func TestGateConfinesRedirections(t *testing.T) {
	h, home, ws := homeHarness(t, []string{"echo", "cat"}, 0)
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}, {Path: "/dev/null", Access: sandbox.Write}}}
	// Approved as redirections, which the rules ask about, but only the
	// first is inside; nosh's own files are refused whatever is approved.
	src := "echo in > inside.txt; echo out > ../outside.txt; echo null > /dev/null"
	d := h.policy.Check(src)
	h.run(h.gate.WithSandbox(context.Background(), d.Approval(ws), box, false), src)
	cfg := `f=~/.config/nosh/config.toml; echo cfg > "$f"`
	d = h.policy.Check(cfg)
	if d.Verdict != perms.Deny {
		t.Errorf("%s: %s", cfg, d.Verdict)
	}
	h.run(h.gate.WithSandbox(context.Background(), nil, box, false), cfg)
	if b, _ := os.ReadFile(filepath.Join(ws, "inside.txt")); string(b) != "in\n" {
		t.Errorf("write inside the workspace: %q", b)
	}
	for _, p := range []string{filepath.Join(home, "outside.txt"), filepath.Join(home, ".config/nosh/config.toml")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if !strings.Contains(h.stderr.String(), "not allowed") {
		t.Errorf("refusals not reported: %s", h.stderr.String())
	}
}

// TestGateAsksForChangesOutside: chmod, which Landlock does not see, is
// held to the workspace by the gate: asked about when the rules allow
// it, and run only after a Once.
func TestGateAsksForChangesOutside(t *testing.T) {
	for _, answer := range []perms.Answer{perms.Refuse, perms.Once} {
		h, home, ws := homeHarness(t, []string{"chmod"}, answer)
		victim := filepath.Join(home, "notes")
		os.WriteFile(victim, nil, 0o644)
		os.WriteFile(filepath.Join(ws, "mine"), nil, 0o644)
		box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}}}
		ctx := h.gate.WithSandbox(context.Background(), nil, box, false)
		h.run(ctx, `chmod 600 mine; f=$HOME/notes; chmod 600 "$f"`)
		if fi, _ := os.Stat(filepath.Join(ws, "mine")); fi.Mode().Perm() != 0o600 {
			t.Errorf("chmod inside the workspace: %v", fi.Mode())
		}
		fi, _ := os.Stat(victim)
		if changed := fi.Mode().Perm() == 0o600; changed != (answer == perms.Once) {
			t.Errorf("answer %s: outside file mode %v", answer, fi.Mode())
		}
		if len(h.asked) != 1 || !strings.Contains(h.asked[0], "notes") {
			t.Errorf("asked %q", h.asked)
		}
	}
}

func TestOutsideAndGrants(t *testing.T) {
	dir := t.TempDir()
	ws := filepath.Join(dir, "ws")
	os.MkdirAll(filepath.Join(dir, "old"), 0o755)
	os.MkdirAll(ws, 0o755)
	os.WriteFile(filepath.Join(dir, "exists"), nil, 0o644)
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}}}
	targets := []perms.Target{
		{Text: "a", Path: filepath.Join(ws, "a"), Op: perms.WriteFile},
		{Text: "../exists", Path: filepath.Join(dir, "exists"), Op: perms.WriteFile},
		{Text: "../new", Path: filepath.Join(dir, "new"), Op: perms.WriteFile},
		{Text: "../old", Path: filepath.Join(dir, "old"), Op: perms.RemoveEntry, Recursive: true},
		{Text: "$x", Op: perms.WriteFile},
		{Text: "sub", Path: filepath.Join(ws, "sub"), Op: perms.CreateEntry},
	}
	out := Outside(targets, box)
	var keys []string
	for _, f := range out {
		keys = append(keys, f.Key)
	}
	want := []string{filepath.Join(dir, "exists"), filepath.Join(dir, "new"), filepath.Join(dir, "old")}
	if strings.Join(keys, " ") != strings.Join(want, " ") {
		t.Fatalf("Outside = %q, want %q", keys, want)
	}
	rules, described, err := Grants(targets[1:4])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err != nil {
		t.Errorf("the new file was not prepared: %v", err)
	}
	got := box.With(rules...)
	for _, c := range []struct {
		path string
		need sandbox.Access
		want bool
	}{
		{filepath.Join(dir, "exists"), sandbox.Write, true},
		{filepath.Join(dir, "new"), sandbox.Write, true},
		{filepath.Join(dir, "other"), sandbox.Write, false},
		{filepath.Join(dir, "old", "x"), sandbox.All, true},
		{filepath.Join(dir, "old"), sandbox.Remove, true},
	} {
		if got.Writable(c.path, c.need) != c.want {
			t.Errorf("after the grants, Writable(%s, %s) = %v; rules %v", c.path, c.need, !c.want, described)
		}
	}
}

// TestGateDaemonsAreOutside: a command that has a process outside the
// sandbox act for it (here tmux's server, which would run the command
// unconfined) is a change outside, refused unless approved, whatever
// the rules say.
func TestGateDaemonsAreOutside(t *testing.T) {
	h, _, ws := homeHarness(t, []string{"tmux", "systemd-run"}, perms.Refuse)
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}}}
	for _, src := range []string{"tmux new-window 'make test'", "systemd-run --user make"} {
		d := h.policy.Check(src)
		if out := Outside(d.Targets, box); len(out) != 1 {
			t.Errorf("%s: outside %v", src, out)
		}
		h.asked = nil
		h.run(h.gate.WithSandbox(context.Background(), nil, box, false), src)
		if len(h.asked) != 1 {
			t.Errorf("%s: asked %q", src, h.asked)
		}
	}
}

// TestGateFollowsLinks: a symbolic link in the workspace to the home
// directory is judged by where it leads, for a recursive delete and for
// chmod, which Landlock does not see.
func TestGateFollowsLinks(t *testing.T) {
	h, home, ws := homeHarness(t, []string{"rm", "chmod"}, perms.Refuse)
	os.Symlink(home, filepath.Join(ws, "h"))
	os.WriteFile(filepath.Join(home, "keep"), nil, 0o644)
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}}}
	h.run(h.gate.WithSandbox(context.Background(), nil, box, false), "chmod 700 h/; rm -rf h/")
	if fi, err := os.Stat(home); err != nil || fi.Mode().Perm() == 0o700 {
		t.Errorf("home changed through the link: %v %v", fi.Mode(), err)
	}
	if _, err := os.Stat(filepath.Join(home, "keep")); err != nil {
		t.Errorf("deleted through the link: %v", err)
	}
}

// TestGateRedirectionsFollowNoLinkOut: a redirection nosh opens itself is
// judged on the file it really names. A symbolic link in the workspace
// to a file outside, to nosh's own rules, to a directory outside (also
// entered with cd), a link that leads nowhere yet, a hard link and
// another terminal: all refused, even with every write approved; the
// same file through a link that stays inside is written.
func TestGateRedirectionsFollowNoLinkOut(t *testing.T) {
	h, home, ws := homeHarness(t, []string{"echo", "cd"}, perms.Refuse)
	outside := filepath.Join(h.dir, "outside")
	os.MkdirAll(outside, 0o755)
	rc := filepath.Join(home, ".bashrc")
	os.WriteFile(rc, []byte("# rc\n"), 0o644)
	rules := filepath.Join(home, ".config", "nosh", "permissions.toml")
	os.WriteFile(rules, []byte("allow = []\n"), 0o644)
	os.WriteFile(filepath.Join(ws, "real.txt"), nil, 0o644)
	links := map[string]string{
		"rc":       rc,
		"rules":    rules,
		"od":       "../../../outside",
		"dangling": filepath.Join(home, "new-file"),
		"inside":   "real.txt",
		"chain":    "rc",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(ws, name)); err != nil {
			t.Fatal(err)
		}
	}
	os.Link(rc, filepath.Join(ws, "hard"))
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: ws, Access: sandbox.All}, {Path: "/dev/null", Access: sandbox.Write}}}
	for _, src := range []string{
		"echo pwned >> rc",
		"echo pwned > chain",
		`echo 'allow = ["sh"]' > rules`,
		"echo pwned > od/new",
		"(cd od && echo pwned > via-cd)",
		"echo pwned > dangling",
		"echo pwned >> hard",
		"echo pwned > ./od/../od/x",
		"echo pwned > /dev/pts/0",
		"{ echo pwned; } >>rc",
		"echo pwned > /proc/self/cwd/../.bashrc",
	} {
		d := h.policy.Check(src)
		h.stderr.Reset()
		// Approved as the analysis saw it: the approval names the link,
		// never what it leads to.
		h.run(h.gate.WithSandbox(context.Background(), d.Approval(ws), box, false), src)
		if !strings.Contains(h.stderr.String(), "not allowed") && !strings.Contains(h.stderr.String(), "hard links") {
			t.Errorf("%s: no refusal: %q", src, h.stderr.String())
		}
	}
	if b, _ := os.ReadFile(rc); string(b) != "# rc\n" {
		t.Errorf("~/.bashrc changed: %q", b)
	}
	if b, _ := os.ReadFile(rules); string(b) != "allow = []\n" {
		t.Errorf("nosh's rules changed: %q", b)
	}
	for _, p := range []string{filepath.Join(outside, "new"), filepath.Join(outside, "via-cd"), filepath.Join(outside, "x"), filepath.Join(home, "new-file")} {
		if _, err := os.Lstat(p); err == nil {
			t.Errorf("%s was created", p)
		}
	}
	src := "echo ok > inside; echo err > /dev/stderr"
	h.stderr.Reset()
	h.stdout.Reset()
	h.run(h.gate.WithSandbox(context.Background(), h.policy.Check(src).Approval(ws), box, false), src)
	if b, _ := os.ReadFile(filepath.Join(ws, "real.txt")); string(b) != "ok\n" {
		t.Errorf("write through a link inside the workspace: %q (%s)", b, h.stderr.String())
	}
	if h.stderr.String() != "err\n" {
		t.Errorf("/dev/stderr is the command's own standard error: %q", h.stderr.String())
	}
}

// TestSandboxWithoutLandlock: on a kernel without Landlock an agent's
// programs still start under the launcher, told that the kernel cannot
// hold their writes, so that what needs no Landlock (the seccomp filter,
// the capabilities) still holds; only a command that is not an agent's
// starts unconfined.
func TestSandboxWithoutLandlock(t *testing.T) {
	h := newHarness(t, nil, nil, perms.Once)
	g := h.gate
	box := sandbox.Policy{Rules: []sandbox.Rule{{Path: "/ws", Access: sandbox.All}}}
	for _, enforce := range []bool{true, false} {
		got, ok := Sandbox(g.WithSandbox(context.Background(), nil, box, enforce))
		if !ok || got.NoLandlock == enforce || !got.Writable("/ws/f", sandbox.Write) {
			t.Errorf("Landlock %v: Sandbox = %+v, %v", enforce, got, ok)
		}
	}
	if _, ok := Sandbox(g.WithApproval(context.Background(), nil)); ok {
		t.Errorf("a command that is not an agent's is sandboxed")
	}
}
