package complete

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// gitRepo makes a repository in dir with branches main and feature/x, a
// tag, a remote, a staged, a modified and an untracked file.
func gitRepo(t *testing.T, dir string) {
	t.Helper()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(cmd.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	mkfile(t, filepath.Join(dir, "tracked.txt"), "1", 0o644)
	mkfile(t, filepath.Join(dir, "sub", "deep.txt"), "1", 0o644)
	mkfile(t, filepath.Join(dir, "staged.txt"), "1", 0o644)
	git("add", ".")
	git("commit", "-qm", "first")
	git("branch", "feature/x")
	git("tag", "v1")
	git("remote", "add", "origin", "https://example.invalid/repo.git")
	git("config", "alias.co", "checkout")
	mkfile(t, filepath.Join(dir, "tracked.txt"), "2", 0o644)
	mkfile(t, filepath.Join(dir, "sub", "deep.txt"), "2", 0o644)
	mkfile(t, filepath.Join(dir, "staged.txt"), "2", 0o644)
	git("add", "staged.txt")
	mkfile(t, filepath.Join(dir, "new file.txt"), "1", 0o644)
}

func TestGitSpec(t *testing.T) {
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	c, env := testCompleter(t)
	env.vars["PATH"] = filepath.Dir(gitPath) + ":" + env.vars["PATH"]
	repo := filepath.Join(t.TempDir(), "repo")
	mkfile(t, filepath.Join(repo, ".keep"), "", 0o644)
	gitRepo(t, repo)
	env.dir = repo
	c.Timeout = 5e9 // a loaded machine must not turn this into a flaky test

	tests := []struct{ line, want string }{
		{`git chec`, `checkout␣`},
		{`git c`, `checkout␣ | cherry-pick␣ | clean␣ | clone␣ | commit␣ | config␣ | co␣`},
		{`git checkout `, `feature/x␣ | main␣ | v1␣ | sub/deep.txt␣ | tracked.txt␣`},
		{`git checkout f`, `feature/x␣`},
		{`git co ma`, `main␣`},
		{`g checkout ma`, `main␣`},
		{`git switch `, `feature/x␣ | main␣`},
		{`git add `, `new\ file.txt␣ | sub/deep.txt␣ | tracked.txt␣`},
		{`git restore `, `sub/deep.txt␣ | tracked.txt␣`},
		{`git restore --staged `, `staged.txt␣`},
		{`git diff --cached `, `staged.txt␣`},
		{`git push `, `origin␣`},
		{`git push origin m`, `main␣`},
		{`git remote `, `add␣ | get-url␣ | prune␣ | remove␣ | rename␣ | set-branches␣ | set-head␣ | set-url␣ | show␣ | update␣`},
		{`git remote remove o`, `origin␣`},
		{`git -C . log v`, `v1␣`},
		{`git --no-p`, `--no-pager␣`},
	}
	for _, tt := range tests {
		if got := values(complete(c, tt.line)); got != tt.want {
			t.Errorf("%q:\n got  %s\n want %s", tt.line, got, tt.want)
		}
	}

	// Options come from `git commit -h`.
	if got := values(complete(c, `git commit --ame`)); got != `--amend␣` {
		t.Errorf("git commit --ame: %s", got)
	}

	// Paths from a subdirectory are relative to it.
	env.dir = filepath.Join(repo, "sub")
	if got := values(complete(c, `git add `)); got != `../new\ file.txt␣ | ../tracked.txt␣ | deep.txt␣` {
		t.Errorf("git add from sub: %s", got)
	}
}

func TestRelativeTo(t *testing.T) {
	for _, tt := range []struct{ prefix, path, want string }{
		{"", "a/b", "a/b"},
		{"a/", "a/b", "b"},
		{"a/c/", "a/b", "../b"},
		{"x/y/", "b", "../../b"},
	} {
		if got := relativeTo(tt.prefix, tt.path); got != tt.want {
			t.Errorf("relativeTo(%q, %q) = %q, want %q", tt.prefix, tt.path, got, tt.want)
		}
	}
}

func TestStatusText(t *testing.T) {
	got := []string{statusText('?', '?'), statusText(' ', 'M'), statusText('A', ' '), statusText('M', ' '), statusText('U', 'U')}
	if strings.Join(got, ",") != "untracked,modified,new file,staged,unmerged" {
		t.Errorf("statusText: %v", got)
	}
}

// TestGitAddRunsNoRepositoryFilter: completing `git add ` in a tree whose
// .git/config names a clean or process filter runs neither (Tab is not
// consent to run the tree's code); a filter named with "=", which -c
// cannot switch off, means no list rather than a run.
func TestGitAddRunsNoRepositoryFilter(t *testing.T) {
	gitPath, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	c, env := testCompleter(t)
	env.vars["PATH"] = filepath.Dir(gitPath) + ":" + env.vars["PATH"]
	c.Timeout = 5e9
	marks := t.TempDir()
	touch := func(name string) string { return `sh -c 'touch ` + filepath.Join(marks, name) + `; cat'` }
	for _, tc := range []struct{ name, filter string }{{"plain", "evil"}, {"eq", "a=b"}} {
		repo := filepath.Join(t.TempDir(), "repo")
		mkfile(t, filepath.Join(repo, ".gitattributes"), "*.txt filter="+tc.filter+"\n", 0o644)
		gitRepo(t, repo)
		for _, kind := range []string{"clean", "process"} {
			cmd := exec.Command("git", "config", "filter."+tc.filter+"."+kind, touch(tc.name+"-"+kind))
			cmd.Dir = repo
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		}
		later := time.Now().Add(time.Minute)
		os.Chtimes(filepath.Join(repo, "sub", "deep.txt"), later, later)
		env.dir = repo
		got := values(complete(c, `git add `))
		for _, kind := range []string{"clean", "process"} {
			if _, err := os.Stat(filepath.Join(marks, tc.name+"-"+kind)); err == nil {
				t.Errorf("%s: completing git add ran the repository's %s filter (got %s)", tc.name, kind, got)
			}
		}
	}
}
