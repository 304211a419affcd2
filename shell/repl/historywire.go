package repl

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"

	"nosh/shell/history"
)

// openHistory opens the history file named by [history] file, or the
// default under the state directory, and loads it in the background (the
// first use waits for it). A file that cannot be read is a warning: the
// session then keeps its history in memory only.
func (se *session) openHistory() *history.History {
	path := se.cfg.History.File
	if strings.HasPrefix(path, "~/") {
		if home, ok := se.sh.Var("HOME"); ok {
			path = filepath.Join(home, path[2:])
		}
	}
	if path == "" {
		path = se.paths.HistoryFile
	}
	if path == "" {
		fmt.Fprintln(se.sh.stderr, "nosh: warning: no HOME or XDG_STATE_HOME: history is kept in memory only")
		return nil
	}
	stderr := se.sh.stderr
	return history.OpenInBackground(history.Options{
		Path:        path,
		Size:        se.cfg.History.Size,
		Dedupe:      se.cfg.History.Dedupe,
		IgnoreSpace: se.cfg.History.IgnoreSpace,
	}, func(err error) {
		fmt.Fprintf(stderr, "nosh: warning: history: %v; kept in memory only\n", err)
	})
}

// historyLimits passes bash's HISTSIZE (the entries kept in memory) and
// HISTFILESIZE (in the file, HISTSIZE's if unset) to the history when they
// changed, as a startup file sourcing Debian's .bashrc sets them (1000
// and 2000); unset, [history] size holds for both. A negative value keeps
// every entry, as in bash; 0 or a value that is not a number is ignored
// (bash's HISTSIZE=0 keeps no history at all).
func (se *session) historyLimits() {
	if se.hist == nil {
		return
	}
	size, sizeSet := se.sh.Var("HISTSIZE")
	fileSize, fileSet := se.sh.Var("HISTFILESIZE")
	key := fmt.Sprint(sizeSet, size, fileSet, fileSize)
	if key == se.histLimits {
		return
	}
	first := se.histLimits == ""
	se.histLimits = key
	mem, memOK := historySize(size, sizeSet)
	file, fileOK := historySize(fileSize, fileSet)
	if !memOK && !fileOK && first {
		return // nothing set: the history keeps Options.Size
	}
	if !memOK {
		mem = se.cfg.History.Size
	}
	if !fileOK {
		file = mem
	}
	se.hist.SetLimits(mem, file)
}

// historySize reads HISTSIZE or HISTFILESIZE: a count, or 0 for no limit.
func historySize(v string, set bool) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	switch {
	case !set || err != nil || n == 0:
		return 0, false
	case n < 0:
		return 0, true
	}
	return n, true
}

// recordLine saves an accepted line at once, before it runs, so that it
// survives a crash or a command that never ends.
func (se *session) recordLine(line string) {
	se.sh.histRunning = false
	if se.hist == nil || se.sh.histIgnores(line, se.hist) {
		return
	}
	err := se.hist.Add(history.Entry{Dir: se.sh.Dir(), Status: history.StatusUnknown, Command: line})
	se.historyError(err)
	n := se.hist.Len()
	se.sh.histRunning = err == nil && n > 0 && se.hist.Entry(n-1).Command == line
}

// histIgnores reports whether bash's HISTCONTROL or HISTIGNORE keep line
// out of history: ignorespace (a line starting with a space), ignoredups
// (the same as the previous entry), ignoreboth, erasedups (taken as
// ignoredups), and HISTIGNORE's colon-separated patterns.
func (s *Shell) histIgnores(line string, h *history.History) bool {
	for _, opt := range strings.Split(s.Getenv("HISTCONTROL"), ":") {
		switch opt {
		case "ignorespace", "ignoreboth":
			if strings.HasPrefix(line, " ") {
				return true
			}
		}
		switch opt {
		case "ignoredups", "ignoreboth", "erasedups":
			if n := h.Len(); n > 0 && h.Entry(n-1).Command == line {
				return true
			}
		}
	}
	if ign := s.Getenv("HISTIGNORE"); ign != "" {
		for _, pat := range strings.Split(ign, ":") {
			if pat != "" && matchPattern(pat, line) {
				return true
			}
		}
	}
	return false
}

// recordStatus attaches the exit status to the last saved line.
func (se *session) recordStatus(status int) {
	if se.hist == nil {
		return
	}
	se.historyError(se.hist.SetStatus(status))
}

// historyError warns once about a history write failure (a full disk, a
// read-only file): the line still runs, and later failures stay quiet.
func (se *session) historyError(err error) {
	if err == nil || se.histWarned {
		return
	}
	se.histWarned = true
	fmt.Fprintf(se.sh.stderr, "nosh: warning: history not saved: %v\n", err)
}

// builtinHistory lists, searches and deletes history entries (see
// history.Builtin). A non-interactive shell has no history.
func builtinHistory(ctx context.Context, c *call) error {
	if len(c.Args) == 0 || c.Args[0] != "--help" {
		// bash's options, refused as bash refuses them (package history
		// reads them again, and -h for its help).
		if _, err := c.Options("acd:npsrwh", nil); err != nil {
			return err
		}
	}
	h := c.sh.history
	if h == nil {
		// A shell without history (not interactive) has an empty list,
		// as in bash: there is no entry to delete.
		if args := c.Args; len(args) == 2 && args[0] == "-d" {
			pos := args[1]
			if i := strings.Index(pos[min(1, len(pos)):], "-"); i >= 0 {
				pos = pos[:i+1]
			}
			return c.Errorf(1, "%s: history position out of range", pos)
		}
		return nil
	}
	if len(c.Args) > 0 && c.Args[0] == "-p" {
		return c.historyPrint(c.Args[1:])
	}
	if st := h.Builtin(c.Args, c.Stdout, c.Stderr); st != 0 {
		return interp.ExitStatus(st)
	}
	return nil
}

// historyPrint is history -p: each argument with its history references
// expanded, one a line, nothing stored.
func (c *call) historyPrint(args []string) error {
	var out strings.Builder
	for _, a := range args {
		res, err := c.sh.hexp.Expand(a, historyLines{c.sh.history})
		if err != nil {
			c.WriteOut(out.String())
			return c.Errorf(1, "%v", err)
		}
		out.WriteString(res.Line + "\n")
	}
	c.WriteOut(out.String())
	return nil
}

// interactiveBuiltins registers builtins that belong to the interactive
// session.
func interactiveBuiltins(m map[string]func(context.Context, *call) error) {
	m["history"] = builtinHistory
	m["fc"] = builtinFc
	interactiveEditorBuiltins(m)
}

// matchPattern reports whether s matches the shell pattern pat as a
// whole (as case patterns do).
func matchPattern(pat, s string) bool {
	expr, err := pattern.Regexp(pat, pattern.EntireString)
	if err != nil {
		return false
	}
	re, err := regexp.Compile(expr)
	return err == nil && re.MatchString(s)
}
