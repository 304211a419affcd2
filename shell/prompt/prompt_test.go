package prompt

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestExpand(t *testing.T) {
	now := time.Date(2026, 11, 22, 14, 5, 9, 0, time.UTC)
	d := Data{User: "alice", Host: "box.example.org", Dir: "/home/alice/src/nosh", Home: "/home/alice",
		Jobs: 2, Shell: "nosh", Version: "0.1", HistNum: 10, CmdNum: 3, UID: 1000, Now: now}
	tests := []struct{ in, want string }{
		{`\u@\h:\w\$ `, "alice@box:~/src/nosh$ "},
		{`\H`, "box.example.org"},
		{`\W`, "nosh"},
		{`\t \T \A`, "14:05:09 02:05:09 14:05"},
		{`\d`, "Sun Nov 22"},
		{`\D{%Y-%m-%d %H:%M}`, "2026-11-22 14:05"},
		{`a\nb`, "a\nb"},
		{`\j \s \v \! \#`, "2 nosh 0.1 10 3"},
		{`\[\e[1m\]x\[\e[0m\]`, "\x1b[1mx\x1b[0m"},
		{`\101\\`, `A\`},
		{`plain $ `, "plain $ "},
		{`\q`, `\q`},
		{`trailing\`, `trailing\`},
	}
	for _, tt := range tests {
		if got := Expand(tt.in, d); got != tt.want {
			t.Errorf("Expand(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	d.UID = 0
	if got := Expand(`\$`, d); got != "#" {
		t.Errorf(`root \$ = %q`, got)
	}
	d.Dir = "/home/alice"
	if got := Expand(`\w \W`, d); got != "~ ~" {
		t.Errorf("home dir = %q", got)
	}
}

func TestTildeDir(t *testing.T) {
	tests := []struct{ dir, home, want string }{
		{"/home/a", "/home/a", "~"},
		{"/home/a/x", "/home/a", "~/x"},
		{"/home/ab", "/home/a", "/home/ab"},
		{"/etc", "/", "/etc"},
		{"/x", "", "/x"},
	}
	for _, tt := range tests {
		if got := TildeDir(tt.dir, tt.home); got != tt.want {
			t.Errorf("TildeDir(%q, %q) = %q, want %q", tt.dir, tt.home, got, tt.want)
		}
	}
}

func TestBuiltin(t *testing.T) {
	st := State{Data: Data{User: "u", Host: "h.x", Dir: "/home/u/p", Home: "/home/u", Jobs: 1, UID: 5},
		LastStatus: 2, LastDuration: 3200 * time.Millisecond, Threshold: 2 * time.Second,
		Git: &GitInfo{Branch: "main", Dirty: true}, ShowUserHost: true, Markers: []string{"yolo"}}
	if got, want := Builtin(st), "u@h ~/p main* [2] 3.2s ✦1 yolo $ "; got != want {
		t.Errorf("Builtin = %q, want %q", got, want)
	}
	st = State{Data: Data{Dir: "/tmp", UID: 5}, LastDuration: time.Second, Threshold: 2 * time.Second}
	if got, want := Builtin(st), "/tmp $ "; got != want {
		t.Errorf("Builtin = %q, want %q", got, want)
	}
	st.Color = true
	if got := Builtin(st); !strings.Contains(got, "\x1b[1;36m/tmp\x1b[0m") {
		t.Errorf("coloured prompt %q lacks the coloured directory", got)
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		850 * time.Millisecond: "850ms", 3200 * time.Millisecond: "3.2s",
		65 * time.Second: "1m05s", 123 * time.Minute: "2h03m",
	} {
		if got := FormatDuration(d); got != want {
			t.Errorf("FormatDuration(%v) = %q, want %q", d, got, want)
		}
	}
}

func TestGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "-b", "trunk")
	os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644)
	run("add", "f")
	run("commit", "-qm", "one")
	sub := filepath.Join(dir, "a", "b")
	os.MkdirAll(sub, 0o755)

	var g Git
	info, ok := g.Info(sub, 5*time.Second)
	if !ok || info.Branch != "trunk" || !info.DirtyKnown || info.Dirty {
		t.Fatalf("clean repo: %+v %v", info, ok)
	}
	os.WriteFile(filepath.Join(dir, "f"), []byte("y"), 0o644)
	// Results are cached briefly; wait until the cache lets a new check run.
	deadline := time.Now().Add(10 * time.Second)
	for !info.Dirty && time.Now().Before(deadline) {
		info, _ = g.Info(dir, 5*time.Second)
		if !info.Dirty {
			time.Sleep(100 * time.Millisecond)
		}
	}
	if !info.Dirty {
		t.Fatalf("dirty repo not noticed: %+v", info)
	}
	if _, ok := g.Info(t.TempDir(), time.Millisecond); ok {
		t.Errorf("a temp dir outside any repository reported a repository")
	}
}

func BenchmarkBuiltinWithGitBranch(b *testing.B) {
	var g Git
	dir, _ := os.Getwd()
	st := State{Data: Snapshot(), Color: true}
	st.Dir = dir
	for b.Loop() {
		info, ok := g.Info(dir, 0)
		if ok {
			st.Git = &info
		}
		Builtin(st)
	}
}

// TestGitAnswersAtOnceOnceKnown: once a repository's state is known, Info
// answers with it at once (here: clean, although the file changed and the
// caller would wait five seconds), the check runs behind it, and OnUpdate
// tells of the new state, which the next Info returns.
func TestGitAnswersAtOnceOnceKnown(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	dir := t.TempDir()
	run := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "-b", "trunk")
	os.WriteFile(filepath.Join(dir, "f"), []byte("x"), 0o644)
	run("add", "f")
	run("commit", "-qm", "one")

	updated := make(chan struct{}, 10)
	g := Git{Fresh: time.Nanosecond, OnUpdate: func() { updated <- struct{}{} }}
	info, ok := g.Info(dir, 5*time.Second)
	if !ok || !info.DirtyKnown || info.Dirty {
		t.Fatalf("clean repo, first look: %+v %v", info, ok)
	}
	// The first answer was waited for; drain its notice.
	select {
	case <-updated:
	case <-time.After(10 * time.Second):
	}

	os.WriteFile(filepath.Join(dir, "f"), []byte("y"), 0o644)
	info, _ = g.Info(dir, 5*time.Second)
	if !info.DirtyKnown || info.Dirty {
		t.Fatalf("second look: %+v, want the clean state known before, without waiting", info)
	}
	select {
	case <-updated:
	case <-time.After(30 * time.Second):
		t.Fatal("no OnUpdate for the change")
	}
	g.Fresh = time.Hour // no new check: the answer the update told of
	if info, _ = g.Info(dir, 0); !info.Dirty {
		t.Fatalf("after the update: %+v, want dirty", info)
	}
}

// TestGitRunsNoRepositoryFilter: a tree whose .git/config names a clean
// filter (a downloaded archive, a repository an agent wrote) runs nothing
// when the prompt looks at it, also with no sandbox around git (a kernel
// without Landlock): cd into it is not code execution. A filter named
// with "=", which -c would split, is switched off too; the user's own
// filters (git-lfs, in ~/.gitconfig) stay on.
func TestGitRunsNoRepositoryFilter(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	home, dir, marks := t.TempDir(), t.TempDir(), t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	run := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	run("init", "-q", "-b", "trunk")
	os.WriteFile(filepath.Join(dir, ".gitattributes"), []byte("*.a filter=evil\n*.b filter=a=b\n*.u filter=mine\n"), 0o644)
	for _, f := range []string{"f.a", "f.b", "f.u"} {
		os.WriteFile(filepath.Join(dir, f), []byte("x\n"), 0o644)
	}
	run("add", ".")
	run("commit", "-qm", "one")
	touch := func(name string) string { return `sh -c 'touch ` + filepath.Join(marks, name) + `; cat'` }
	run("config", "filter.evil.clean", touch("clean"))
	run("config", "filter.a=b.clean", touch("clean-eq"))
	run("config", "filter.evil.process", touch("process"))
	run("config", "--global", "filter.mine.clean", touch("mine"))
	// Timestamps newer than the index's: git status must hash the files
	// again, through their filters.
	later := time.Now().Add(time.Minute)
	for _, f := range []string{"f.a", "f.b", "f.u"} {
		os.Chtimes(filepath.Join(dir, f), later, later)
	}
	var g Git
	if info, ok := g.Info(dir, 10*time.Second); !ok || !info.DirtyKnown {
		t.Fatalf("no answer: %+v %v", info, ok)
	}
	for _, name := range []string{"clean", "clean-eq", "process"} {
		if _, err := os.Stat(filepath.Join(marks, name)); err == nil {
			t.Errorf("the prompt's git ran the repository's %s filter", name)
		}
	}
	if _, err := os.Stat(filepath.Join(marks, "mine")); err != nil {
		t.Errorf("the user's own filter did not run: %v", err)
	}
}
