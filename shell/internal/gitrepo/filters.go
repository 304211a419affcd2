package gitrepo

import (
	"bytes"
	"strings"
)

// FilterListArgs are the arguments of the git command whose output
// RepositoryFilters reads: every filter setting, with the scope it comes
// from, NUL-separated. Reading configuration runs nothing.
var FilterListArgs = [...]string{"config", "--show-scope", "-z", "--get-regexp", `^filter\.`}

// RepositoryFilters returns the names of the filters that the
// repository's own configuration defines (local or worktree scope, and
// what those include), from the output of git with FilterListArgs.
// git status runs a filter's clean or process command on every file
// whose timestamps changed: a downloaded tree whose .git/config names
// one would run it as soon as nosh looked at the tree. The user's and
// the system's filters (git-lfs) are not listed.
func RepositoryFilters(list []byte) []string {
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
	return names
}

// FilterCommands are the settings of a filter that run a program.
var FilterCommands = [...]string{"clean", "process", "smudge"}
