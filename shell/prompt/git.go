package prompt

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"nosh/shell/internal/gitrepo"
)

// GitInfo is what the prompt shows about a repository.
type GitInfo struct {
	Branch string // branch name, or a short commit id when detached
	Dirty  bool   // uncommitted changes (known only once DirtyKnown)
	// DirtyKnown is false while `git status` has not answered yet.
	DirtyKnown bool
}

// Git finds the branch of the repository containing a directory by reading
// .git/HEAD (no process, microseconds) and learns whether the work tree is
// dirty by running `git status` in the background. The prompt never waits
// for git longer than the deadline it passes; a late answer is kept for the
// next prompt and announced through OnUpdate.
type Git struct {
	// OnUpdate, when set, is called (from another goroutine) when a dirty
	// state arrives after its deadline, so the prompt can be redrawn.
	OnUpdate func()
	// Confine, when set, turns the git program at path with argv into
	// the program to start instead: a repository's configuration can
	// make git run programs (core.fsmonitor, clean filters, hooks), and
	// what an agent wrote there must not run outside its sandbox because
	// the prompt looked at the repository.
	Confine func(path string, argv []string) (string, []string)
	// Fresh, when not zero, replaces freshFor (the tests ask at once).
	Fresh time.Duration

	mu    sync.Mutex
	dirty map[string]dirtyState // by repository root
}

type dirtyState struct {
	dirty   bool
	known   bool
	running bool
	checked time.Time
}

// Info returns the git information for dir. ok is false outside a
// repository. The first time a repository is seen, Info waits at most wait
// for the dirty check; after that it answers at once with the state last
// known, and the check (`git status`, at most one at a time per repository
// and none while the last answer is fresh) runs in the background, its
// answer given by OnUpdate if it differs. Waiting at every prompt cost
// each Enter in a repository the whole of `git status` (10-30 ms, where
// the rest of the Enter is a tenth of a millisecond).
func (g *Git) Info(dir string, wait time.Duration) (info GitInfo, ok bool) {
	root, gitDir := gitrepo.Find(dir)
	if root == "" {
		return GitInfo{}, false
	}
	info.Branch = readBranch(gitDir)
	done, st := g.startDirty(root)
	if done != nil && !st.known {
		select {
		case <-done:
		case <-time.After(wait):
		}
		g.mu.Lock()
		st = g.dirty[root]
		g.mu.Unlock()
	}
	info.Dirty, info.DirtyKnown = st.dirty, st.known
	return info, true
}

// freshFor is how long an answer of `git status` is used without asking
// again.
const freshFor = 500 * time.Millisecond

// startDirty runs `git status` for root unless one is running or a result
// is fresh; it returns a channel closed when a started check finishes,
// and the state known for root before it (read under the same lock, so
// that a check that ends at once cannot be mistaken for the state known).
func (g *Git) startDirty(root string) (_ <-chan struct{}, before dirtyState) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.dirty == nil {
		g.dirty = map[string]dirtyState{}
	}
	st := g.dirty[root]
	if st.running || (st.known && time.Since(st.checked) < g.fresh()) {
		return nil, st
	}
	st.running = true
	g.dirty[root] = st
	done := make(chan struct{})
	go func() {
		defer close(done)
		dirty, err := g.gitDirty(root)
		g.mu.Lock()
		late := false
		st := g.dirty[root]
		st.running = false
		if err == nil {
			late = !st.known || st.dirty != dirty
			st.dirty, st.known, st.checked = dirty, true, time.Now()
		}
		g.dirty[root] = st
		g.mu.Unlock()
		if late && g.OnUpdate != nil {
			g.OnUpdate()
		}
	}()
	return done, st
}

// fresh is how long an answer is used without asking again (Fresh, else
// freshFor).
func (g *Git) fresh() time.Duration {
	if g.Fresh != 0 {
		return g.Fresh
	}
	return freshFor
}

// SafeGitOptions are the options with which nosh runs git for itself:
// no fsmonitor program and no hooks, whatever the repository says.
var SafeGitOptions = []string{"--no-optional-locks", "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"}

func (g *Git) gitDirty(root string) (bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	// The repository's own filters (what a downloaded tree's .git/config
	// names) are switched off: `git status` runs a clean filter on every
	// file whose timestamps changed, and cd into the tree must run
	// nothing of it. Submodules' work trees are not looked at either: git
	// would run a status in each, under its own configuration.
	off, err := g.gitOutput(ctx, root, nil, "config", "--show-scope", "-z", "--get-regexp", `^filter\.`)
	if err != nil && len(off) > 0 {
		return false, err
	}
	out, err := g.gitOutput(ctx, root, filtersOff(off), "status", "--porcelain", "--untracked-files=normal", "--ignore-submodules=dirty")
	if err != nil {
		return false, err
	}
	return len(bytes.TrimSpace(out)) > 0, nil
}

// gitOutput runs git with SafeGitOptions and args in root, confined as
// Confine says, with env added to its environment.
func (g *Git) gitOutput(ctx context.Context, root string, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", append(append([]string(nil), SafeGitOptions...), args...)...)
	if g.Confine != nil && cmd.Err == nil {
		cmd.Path, cmd.Args = g.Confine(cmd.Path, cmd.Args)
	}
	cmd.Dir = root
	// No controlling terminal: what git runs cannot open /dev/tty.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	cmd.Env = append(append(os.Environ(), "GIT_OPTIONAL_LOCKS=0"), env...)
	return cmd.Output()
}

// filtersOff turns the output of `git config --show-scope -z
// --get-regexp ^filter\.` into the environment that empties the clean and
// process commands of every filter the repository's own configuration
// (local or worktree scope, and what it includes) defines. The user's
// and the system's filters (git-lfs) keep working. The environment
// (GIT_CONFIG_COUNT, KEY_n, VALUE_n) is used rather than -c, which would
// split a filter named "a=b" at its "=".
func filtersOff(list []byte) []string {
	var names []string
	seen := map[string]bool{}
	fields := bytes.Split(list, []byte{0})
	for i := 0; i+1 < len(fields); i += 2 {
		scope := string(fields[i])
		key, _, _ := strings.Cut(string(fields[i+1]), "\n")
		if scope != "local" && scope != "worktree" {
			continue
		}
		rest, ok := strings.CutPrefix(key, "filter.")
		dot := strings.LastIndexByte(rest, '.')
		if !ok || dot < 0 || seen[rest[:dot]] {
			continue
		}
		seen[rest[:dot]] = true
		names = append(names, rest[:dot])
	}
	if len(names) == 0 {
		return nil
	}
	var env []string
	// After the entries the environment may hold already.
	n, _ := strconv.Atoi(os.Getenv("GIT_CONFIG_COUNT"))
	n = max(n, 0)
	for _, name := range names {
		for _, v := range []string{"clean", "process", "smudge"} {
			env = append(env, "GIT_CONFIG_KEY_"+strconv.Itoa(n)+"=filter."+name+"."+v, "GIT_CONFIG_VALUE_"+strconv.Itoa(n)+"=")
			n++
		}
	}
	return append(env, "GIT_CONFIG_COUNT="+strconv.Itoa(n))
}

// readBranch reads HEAD: "ref: refs/heads/main" gives main; a detached
// HEAD gives the first 7 characters of the commit.
func readBranch(gitDir string) string {
	b, err := os.ReadFile(filepath.Join(gitDir, "HEAD"))
	if err != nil {
		return ""
	}
	head := strings.TrimSpace(string(b))
	if ref, ok := strings.CutPrefix(head, "ref: "); ok {
		return strings.TrimPrefix(ref, "refs/heads/")
	}
	if len(head) > 7 {
		head = head[:7]
	}
	return head
}
