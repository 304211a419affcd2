package assistant

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"nosh/shell/internal/gitrepo"
)

// The sandbox lets an agent write anywhere in its workspace, and some
// files there make code run later, outside any sandbox, when the user
// runs an ordinary tool: git runs what .git/config names (fsmonitor,
// filters, pagers, aliases…) and .git/hooks holds, direnv runs .envrc on
// cd, editors run a folder's tasks. Landlock cannot leave holes in the
// tree it grants, and blocking them by name in the gate would stop only
// nosh's own writes (and every `git config` or `git branch -u` the agent
// runs legitimately writes .git/config). So nosh's own git runs confined
// (confineReadOnly), and at the end of a run the user is told which of
// these files the agent changed, with the lines it added, to look at
// before running git or entering the directory again.

// plantedFiles are the files, relative to the workspace, whose change
// the user is told about; a trailing slash is a directory whose entries
// count. The git directory's are added by plantedWatch.
var plantedFiles = []string{
	".envrc", ".gitattributes", ".gitmodules", ".vscode/settings.json", ".vscode/tasks.json",
	".devcontainer/devcontainer.json", ".pre-commit-config.yaml",
}

// plantedGitFiles are the git directory's.
var plantedGitFiles = []string{"config", "hooks/", "info/attributes"}

// plantedWatch is the state of those files when a run started.
type plantedWatch struct {
	ws    string
	bins  []string                // directories on $PATH in the workspace
	files map[string]plantedState // by path
}

// pathDirsIn returns the directories of the search path list that lie in
// the workspace ws: an absolute entry beneath it (direnv's PATH_add bin),
// or a relative or empty entry, which names a directory of wherever the
// user stands (./node_modules/.bin, a trailing colon), the workspace first
// of all when the run ends. A program the agent writes there runs, outside
// any sandbox, the next time the user types its name.
func pathDirsIn(ws, list string) []string {
	var out []string
	for _, e := range filepath.SplitList(list) {
		if e == "" {
			e = "."
		}
		if !filepath.IsAbs(e) {
			e = filepath.Join(ws, e)
		}
		e = filepath.Clean(e)
		if (e == ws || strings.HasPrefix(e, ws+"/")) && !slices.Contains(out, e) {
			out = append(out, e)
		}
	}
	return out
}

type plantedState struct {
	info    string // mode, size and time; "" when missing
	content []byte // of a small file, to show what was added
}

// watchPlanted records the files of the workspace ws ("" for none) that
// run code later.
// path is the shell's $PATH.
func watchPlanted(ws, path string) *plantedWatch {
	w := &plantedWatch{ws: ws, files: map[string]plantedState{}}
	if ws == "" {
		return w
	}
	w.bins = pathDirsIn(ws, path)
	for _, p := range w.paths() {
		w.files[p] = plantedStateOf(p)
	}
	return w
}

// paths lists the watched files as they are now: directories expanded.
func (w *plantedWatch) paths() []string {
	var names []string
	for _, f := range plantedFiles {
		names = append(names, filepath.Join(w.ws, f))
	}
	if _, gitDir := gitrepo.Find(w.ws); gitDir != "" && strings.HasPrefix(gitDir+"/", w.ws+"/") {
		for _, f := range plantedGitFiles {
			if strings.HasSuffix(f, "/") {
				names = append(names, filepath.Join(gitDir, f)+"/")
			} else {
				names = append(names, filepath.Join(gitDir, f))
			}
		}
	}
	var out []string
	for _, d := range w.bins {
		// Only what the shell would run: an executable or a link.
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			p := filepath.Join(d, e.Name())
			if fi, err := os.Lstat(p); err == nil && (fi.Mode()&os.ModeSymlink != 0 || fi.Mode().IsRegular() && fi.Mode()&0o111 != 0) {
				out = append(out, p)
			}
		}
	}
	for _, n := range names {
		if !strings.HasSuffix(n, "/") {
			out = append(out, n)
			continue
		}
		dir := strings.TrimSuffix(n, "/")
		out = append(out, dir)
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if p := filepath.Join(dir, e.Name()); !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	return out
}

func plantedStateOf(p string) plantedState {
	fi, err := os.Lstat(p)
	if err != nil {
		return plantedState{}
	}
	st := plantedState{info: fmt.Sprintf("%v %d %d", fi.Mode(), fi.Size(), fi.ModTime().UnixNano())}
	if fi.Mode().IsRegular() && fi.Size() <= 64<<10 {
		st.content, _ = os.ReadFile(p)
	}
	return st
}

// changes describes each watched file the run created, changed or
// removed, with up to three lines it added.
func (w *plantedWatch) changes() []string {
	if w == nil || w.ws == "" {
		return nil
	}
	now := map[string]plantedState{}
	for _, p := range w.paths() {
		now[p] = plantedStateOf(p)
	}
	for p := range w.files {
		if _, ok := now[p]; !ok {
			now[p] = plantedState{}
		}
	}
	var out []string
	for p, st := range now {
		before := w.files[p]
		if st.info == before.info {
			continue
		}
		rel, _ := filepath.Rel(w.ws, p)
		if fi, err := os.Lstat(p); err == nil && fi.IsDir() {
			continue // its entries say what changed
		}
		switch {
		case st.info == "":
			out = append(out, rel+" (removed)")
		case before.info == "":
			out = append(out, rel+" (new)"+addedLines(nil, st.content))
		default:
			out = append(out, rel+addedLines(before.content, st.content))
		}
	}
	sort.Strings(out)
	return out
}

// addedLines shows up to three lines of after that before lacks.
func addedLines(before, after []byte) string {
	had := map[string]bool{}
	for _, l := range bytes.Split(before, []byte("\n")) {
		had[string(bytes.TrimSpace(l))] = true
	}
	var added []string
	for _, l := range bytes.Split(after, []byte("\n")) {
		t := string(bytes.TrimSpace(l))
		if t == "" || had[t] {
			continue
		}
		if len(added) == 3 {
			added = append(added, "…")
			break
		}
		if len(t) > 60 {
			t = t[:57] + "…"
		}
		added = append(added, t)
	}
	if len(added) == 0 {
		return ""
	}
	return ": " + strings.Join(added, " ⏎ ")
}
