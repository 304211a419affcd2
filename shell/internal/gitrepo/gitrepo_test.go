package gitrepo

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFind(t *testing.T) {
	dir := t.TempDir()
	repo := filepath.Join(dir, "repo")
	sub := filepath.Join(repo, "a", "b")
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if root, gitDir := Find(sub); root != repo || gitDir != filepath.Join(repo, ".git") {
		t.Errorf("Find(%s) = %q, %q", sub, root, gitDir)
	}
	// A worktree's .git is a file naming its git directory.
	wt := filepath.Join(dir, "wt")
	os.MkdirAll(wt, 0o755)
	os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: ../repo/.git/worktrees/wt\n"), 0o644)
	if root, gitDir := Find(wt); root != wt || gitDir != filepath.Join(wt, "../repo/.git/worktrees/wt") {
		t.Errorf("Find(%s) = %q, %q", wt, root, gitDir)
	}
	if root, gitDir := Find(dir); root != "" || gitDir != "" {
		t.Errorf("Find(%s) outside a repository = %q, %q", dir, root, gitDir)
	}
}
