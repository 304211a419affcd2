package complete

import (
	"context"
	"slices"
	"strings"
	"sync"

	"nosh/shell/internal/gitrepo"
)

// gitSubcommands are the porcelain commands offered after `git`.
var gitSubcommands = [][2]string{
	{"add", "add file contents to the index"},
	{"bisect", "find the commit that introduced a bug"},
	{"blame", "show who last changed each line"},
	{"branch", "list, create, or delete branches"},
	{"checkout", "switch branches or restore files"},
	{"cherry-pick", "apply the changes of existing commits"},
	{"clean", "remove untracked files"},
	{"clone", "clone a repository"},
	{"commit", "record changes to the repository"},
	{"config", "get and set options"},
	{"describe", "name a commit from its nearest tag"},
	{"diff", "show changes"},
	{"fetch", "download objects and refs"},
	{"grep", "print lines matching a pattern"},
	{"init", "create an empty repository"},
	{"log", "show commit logs"},
	{"merge", "join histories together"},
	{"mv", "move or rename a file"},
	{"pull", "fetch and integrate"},
	{"push", "update remote refs"},
	{"rebase", "reapply commits on top of another base"},
	{"reflog", "manage reflog information"},
	{"remote", "manage tracked repositories"},
	{"reset", "reset HEAD to a state"},
	{"restore", "restore working tree files"},
	{"revert", "revert existing commits"},
	{"rm", "remove files from the index and tree"},
	{"show", "show objects"},
	{"stash", "stash away changes"},
	{"status", "show the working tree status"},
	{"submodule", "manage submodules"},
	{"switch", "switch branches"},
	{"tag", "create, list, delete tags"},
	{"worktree", "manage working trees"},
}

var gitGlobalOptions = [][2]string{
	{"-C", "run as if started in this directory"},
	{"-c", "set a configuration value"},
	{"--no-pager", "do not pipe output into a pager"},
	{"--paginate", "pipe output into a pager"},
	{"--git-dir=", "path to the repository"},
	{"--work-tree=", "path to the working tree"},
	{"--bare", "treat the repository as bare"},
	{"--version", "print the git version"},
	{"--help", "show help"},
}

// gitSubcommandArgs are sub-sub-commands.
func gitSubcommandArgs() map[string][]string {
	gitSubcommandArgsOnce.Do(func() { gitSubcommandArgsValue = makeGitSubcommandArgs() })
	return gitSubcommandArgsValue
}

var (
	gitSubcommandArgsOnce  sync.Once
	gitSubcommandArgsValue map[string][]string
)

func makeGitSubcommandArgs() map[string][]string {
	return map[string][]string{
		"remote":   {"add", "get-url", "prune", "remove", "rename", "set-branches", "set-head", "set-url", "show", "update"},
		"stash":    {"apply", "branch", "clear", "create", "drop", "list", "pop", "push", "show", "store"},
		"bisect":   {"bad", "good", "log", "new", "old", "replay", "reset", "run", "skip", "start", "terms", "visualize"},
		"worktree": {"add", "list", "lock", "move", "prune", "remove", "repair", "unlock"},
		"submodule": {"absorbgitdirs", "add", "deinit", "foreach", "init", "set-branch", "set-url", "status", "summary",
			"sync", "update"},
	}
}

// completeGit completes git's subcommands, their options (from
// `git SUB -h`), branches, tags, remotes, and files by status.
func completeGit(ctx context.Context, a *Args) ([]Candidate, bool) {
	g := gitCtx{ctx: ctx, a: a}
	words, cur := a.Words, a.Current
	i := 1
	for i < len(words) && strings.HasPrefix(words[i], "-") {
		if words[i] == "-C" || words[i] == "-c" {
			i++
		}
		i++
	}
	if i >= len(words) {
		if strings.HasPrefix(cur, "-") {
			return described(gitGlobalOptions, "options", true), true
		}
		return append(described(gitSubcommands, "commands", false), g.aliases()...), true
	}
	sub := g.resolveAlias(words[i])
	rest := words[i+1:]
	if strings.HasPrefix(cur, "-") {
		opts := a.Options(ctx, "git", sub, "-h")
		return opts, len(opts) > 0
	}
	files := slices.Contains(rest, "--")
	positional := 0
	for _, w := range rest {
		if !strings.HasPrefix(w, "-") {
			positional++
		}
	}
	staged := slices.Contains(rest, "--staged") || slices.Contains(rest, "--cached") || slices.Contains(rest, "-S")
	switch sub {
	case "add":
		return g.status(func(x, y byte) bool { return y != ' ' })
	case "restore":
		if staged {
			return g.status(func(x, y byte) bool { return x != ' ' && x != '?' })
		}
		return g.status(func(x, y byte) bool { return y != ' ' && y != '?' })
	case "diff":
		if staged {
			return g.status(func(x, y byte) bool { return x != ' ' && x != '?' })
		}
		worktree, _ := g.status(func(x, y byte) bool { return y != ' ' && y != '?' })
		if files {
			return worktree, true
		}
		return append(g.refs(false), worktree...), true
	case "checkout":
		if files {
			return g.status(func(x, y byte) bool { return y != ' ' && y != '?' })
		}
		modified, _ := g.status(func(x, y byte) bool { return y != ' ' && y != '?' })
		return append(g.refs(false), modified...), true
	case "switch":
		return g.refs(true), true
	case "merge", "rebase", "cherry-pick", "log", "show", "reset", "revert", "branch", "tag", "describe", "format-patch", "range-diff", "whatchanged", "shortlog":
		if files {
			return nil, false
		}
		return g.refs(false), true
	case "push", "pull", "fetch":
		if positional == 0 {
			return g.remotes(), true
		}
		return g.refs(false), true
	}
	if subs, ok := gitSubcommandArgs()[sub]; ok {
		if positional == 0 {
			return plain(subs, "commands"), true
		}
		if sub == "remote" {
			return g.remotes(), true
		}
	}
	return nil, false
}

// gitCtx runs git for one completion.
type gitCtx struct {
	ctx context.Context
	a   *Args
}

// gitSafety keeps a repository's configuration from making git run
// programs (an fsmonitor, hooks) while completing.
var gitSafety = []string{"-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null"}

func (g gitCtx) git(args ...string) string {
	out, err := g.a.Output(g.ctx, "git", append(append([]string(nil), gitSafety...), args...)...)
	if err != nil {
		return ""
	}
	return out
}

// refs lists branches and tags; forSwitch lists local branches and the
// names of remote branches without their remote (as git switch takes).
func (g gitCtx) refs(forSwitch bool) []Candidate {
	var out []Candidate
	local := make(map[string]bool)
	var remote []string
	for _, ref := range strings.Split(g.git("for-each-ref", "--format=%(refname)", "refs/heads", "refs/remotes", "refs/tags"), "\n") {
		switch {
		case strings.HasPrefix(ref, "refs/heads/"):
			name := strings.TrimPrefix(ref, "refs/heads/")
			local[name] = true
			out = append(out, Candidate{Value: name, Tag: "local branches"})
		case strings.HasPrefix(ref, "refs/remotes/") && !strings.HasSuffix(ref, "/HEAD"):
			remote = append(remote, strings.TrimPrefix(ref, "refs/remotes/"))
		case strings.HasPrefix(ref, "refs/tags/") && !forSwitch:
			out = append(out, Candidate{Value: strings.TrimPrefix(ref, "refs/tags/"), Tag: "tags"})
		}
	}
	for _, r := range remote {
		name := r
		if forSwitch {
			_, name, _ = strings.Cut(r, "/")
			if local[name] {
				continue
			}
		}
		out = append(out, Candidate{Value: name, Tag: "remote branches", Description: r})
	}
	return out
}

func (g gitCtx) remotes() []Candidate {
	return plain(strings.Fields(g.git("remote")), "remotes")
}

// aliases lists git aliases as subcommands.
func (g gitCtx) aliases() []Candidate {
	var out []Candidate
	for _, line := range strings.Split(g.git("config", "--get-regexp", `^alias\.`), "\n") {
		name, value, ok := strings.Cut(strings.TrimPrefix(line, "alias."), " ")
		if ok {
			out = append(out, Candidate{Value: name, Description: value, Tag: "aliases"})
		}
	}
	return out
}

// resolveAlias turns a git alias into the subcommand it runs.
func (g gitCtx) resolveAlias(sub string) string {
	if slices.ContainsFunc(gitSubcommands, func(s [2]string) bool { return s[0] == sub }) {
		return sub
	}
	if fields := strings.Fields(g.git("config", "--get", "alias."+sub)); len(fields) > 0 && !strings.HasPrefix(fields[0], "!") {
		return fields[0]
	}
	return sub
}

// status lists the files whose porcelain status XY passes keep, as paths
// relative to the shell's directory. ok is false when there are none, so
// that plain file completion takes over.
func (g gitCtx) status(keep func(x, y byte) bool) ([]Candidate, bool) {
	prefix := strings.TrimSpace(g.git("rev-parse", "--show-prefix"))
	// Not the repository's own filters (gitrepo.RepositoryFilters): a
	// tree's .git/config must not run a program because Tab was pressed.
	// A filter whose name -c cannot spell (it holds "=") means no list.
	args := []string{}
	for _, name := range gitrepo.RepositoryFilters([]byte(g.git(gitrepo.FilterListArgs[:]...))) {
		if strings.Contains(name, "=") {
			return nil, false
		}
		for _, v := range gitrepo.FilterCommands {
			args = append(args, "-c", "filter."+name+"."+v+"=")
		}
	}
	args = append(args, "status", "--porcelain", "-z", "--untracked-files=all", "--ignore-submodules=dirty")
	entries := strings.Split(g.git(args...), "\x00")
	var out []Candidate
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if len(e) < 4 {
			continue
		}
		x, y, path := e[0], e[1], e[3:]
		if x == 'R' || x == 'C' {
			i++ // the entry is followed by the original path
		}
		if !keep(x, y) {
			continue
		}
		out = append(out, Candidate{Value: relativeTo(prefix, path), Description: statusText(x, y), Tag: "changed files"})
	}
	return out, len(out) > 0
}

// relativeTo turns a path relative to the repository root into one
// relative to the subdirectory prefix ("sub/dir/").
func relativeTo(prefix, path string) string {
	up := ""
	for prefix != "" && !strings.HasPrefix(path, prefix) {
		prefix = strings.TrimSuffix(prefix, "/")
		if k := strings.LastIndexByte(prefix, '/'); k >= 0 {
			prefix = prefix[:k+1]
		} else {
			prefix = ""
		}
		up += "../"
	}
	return up + strings.TrimPrefix(path, prefix)
}

func statusText(x, y byte) string {
	switch {
	case x == '?':
		return "untracked"
	case x == 'U' || y == 'U' || x == 'A' && y == 'A' || x == 'D' && y == 'D':
		return "unmerged"
	case y == 'M':
		return "modified"
	case y == 'D':
		return "deleted"
	case x == 'A':
		return "new file"
	case x == 'M':
		return "staged"
	case x == 'D':
		return "deleted (staged)"
	case x == 'R':
		return "renamed"
	}
	return string([]byte{x, y})
}

func described(pairs [][2]string, tag string, options bool) []Candidate {
	out := make([]Candidate, 0, len(pairs))
	for _, p := range pairs {
		out = append(out, Candidate{Value: p[0], Description: p[1], Tag: tag, NoSpace: options && strings.HasSuffix(p[0], "=")})
	}
	return out
}

func plain(values []string, tag string) []Candidate {
	out := make([]Candidate, 0, len(values))
	for _, v := range values {
		out = append(out, Candidate{Value: v, Tag: tag})
	}
	return out
}
