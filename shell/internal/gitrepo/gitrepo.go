// Package gitrepo finds the git repository a directory is in, without
// running git: the prompt shows its branch, and the assistant keeps the
// agent's sandbox off its git directory.
package gitrepo

import (
	"os"
	"path/filepath"
	"strings"
)

// Find walks up from dir to the directory holding .git, returning the
// work tree root and the git directory (following a `gitdir:` file, as
// worktrees and submodules use).
func Find(dir string) (root, gitDir string) {
	for d := dir; ; {
		p := filepath.Join(d, ".git")
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				return d, p
			}
			if b, err := os.ReadFile(p); err == nil {
				if g, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir: "); ok {
					if !filepath.IsAbs(g) {
						g = filepath.Join(d, g)
					}
					return d, g
				}
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", ""
		}
		d = parent
	}
}
