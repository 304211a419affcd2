package repl

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/reeflective/readline"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/assistant"
	"nosh/shell/complete"
	"nosh/shell/highlight"
)

// interpBuiltins are the builtins interp itself implements, for
// completion (interp offers no list).
var interpBuiltins = []string{":", ".", "[", "alias", "break", "builtin", "cd", "command", "continue",
	"declare", "dirs", "echo", "eval", "exec", "exit", "export", "false", "getopts", "hash", "help",
	"let", "local", "mapfile", "popd", "printf", "pushd", "pwd", "read", "readarray", "readonly",
	"return", "set", "shift", "shopt", "source", "test", "times", "trap", "true", "type", "typeset",
	"unalias", "unset", "wait"}

// editorEnv is the shell as completion sees it. It is read only from the
// editor's loop, between statements, when nothing else touches the main
// runner (background jobs run on copies).
type editorEnv struct{ s *Shell }

func (e editorEnv) Builtins() []string {
	names := append(e.s.BuiltinNames(), interpBuiltins...)
	out := names[:0]
	for _, n := range names {
		if n != "" && n[0] != 0 {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

func (e editorEnv) Functions() []string {
	names := make([]string, 0, len(e.s.Runner.Funcs))
	for n := range e.s.Runner.Funcs {
		names = append(names, n)
	}
	return names
}

func (e editorEnv) Aliases() map[string]string { return e.s.Aliases() }

func (e editorEnv) Vars() []string {
	names := make([]string, 0, len(e.s.Runner.Vars))
	for n := range e.s.Runner.Vars {
		// Private variables of nosh's own (such as the one behind $!)
		// are not valid names a user could type.
		if syntax.ValidName(n) {
			names = append(names, n)
		}
	}
	return names
}

func (e editorEnv) Get(name string) string { return e.s.Getenv(name) }
func (e editorEnv) Dir() string            { return e.s.Dir() }

// Jobs lists the jobs for %-completion.
func (e editorEnv) Jobs() []complete.Job {
	var out []complete.Job
	for _, j := range e.s.Jobs().Jobs() {
		out = append(out, complete.Job{ID: j.ID(), Text: j.Text()})
	}
	return out
}

// setupEditorKnowledge installs highlighting and completion on rl.
func (se *session) setupEditorKnowledge(rl *readline.Shell) {
	s := se.sh
	pc := highlight.NewPathCache()
	se.pathCache = pc
	styles, err := highlight.NewStyles(se.cfg.Editor.Colors, highlight.NoColor(s.Getenv))
	if err != nil {
		fmt.Fprintf(s.stderr, "nosh: warning: [editor] colors: %v\n", err)
	}
	slash := make([]string, 0, len(se.slash))
	for name := range se.slash {
		slash = append(slash, name)
	}
	sort.Strings(slash)
	hl := &highlight.Highlighter{
		Dialect: s.Dialect,
		Styles:  styles,
		IsSlash: se.isSlash,
		Resolver: &highlight.ShellResolver{
			Alias:    func(n string) bool { return s.HasAlias(n) },
			Function: func(n string) bool { return s.Runner.Funcs[n] != nil },
			Builtin:  func(n string) bool { return s.IsBuiltin(n) || interp.IsBuiltin(n) },
			Getenv:   s.Getenv,
			Dir:      s.Dir,
			Cache:    pc,
		},
		Danger: se.assistant.Dangerous,
	}
	se.highlighter = hl.Highlight
	if se.cfg.Editor.Highlight {
		se.colours = &lineColours{highlight: hl.Highlight}
		rl.SyntaxHighlighter = se.colours.colour
	}
	comp := complete.New(editorEnv{s})
	comp.Dialect = s.Dialect
	// Offer exactly the slash commands this shell has, with their help.
	comp.Slash = comp.Slash[:0]
	for _, name := range slash {
		comp.Slash = append(comp.Slash, complete.Candidate{Value: name, Description: se.slash[name].help, Tag: "slash commands"})
	}
	comp.Path = pc
	comp.Confine = assistant.ConfineReadOnly
	comp.User = se.userCompletion
	if se.paths.StateDir != "" {
		comp.CacheDir = filepath.Join(se.paths.StateDir, "completion")
	}
	// The sorted shopt and editor-command names are made at the first
	// completion, not on the way to the first prompt.
	var names sync.Once
	rl.Completer = func(line []rune, cursor int) readline.Completions {
		names.Do(func() {
			comp.Shopts = s.ShoptNames()
			comp.Bindings = slices.Sorted(maps.Keys(rl.Keymap.Commands()))
		})
		return comp.Readline(line, cursor)
	}
}
