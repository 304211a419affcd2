package repl

import (
	"context"
	"io"
	"nosh/shell/builtins"
	"os"
	"sync"

	"nosh/shell"
	"nosh/shell/histexpand"
	"nosh/shell/history"
)

// Shell is a core shell with what the REPL adds to it: the builtins of
// the line editor, history and programmable completion (bind, history,
// fc, complete, compgen, compopt) and their state. Scripts have these
// builtins too, as in bash: history is empty there and bind warns.
type Shell struct {
	*shell.Shell

	stdin          *os.File
	stdout, stderr io.Writer

	mu sync.Mutex // guards comp, shared with completion in the editor
	// history is the interactive session's history, for the history
	// builtin; nil in a non-interactive shell.
	history *history.History
	// editor is the interactive session's line editor, for bind; nil
	// when there is none.
	editor editorLink
	// hexp expands ! history references (historyexpand.go).
	hexp histexpand.Expander
	// histRunning is set while the line being run is the last history
	// entry (fc replaces it, and does not count it).
	histRunning bool
	// comp holds the definitions made with complete (compspec.go).
	comp compSpecs
	// parsed is the last line complete found whole, parsed, for the
	// run that usually follows (takeParsed).
	parsed parsedLine
}

// Attach adds the REPL's builtins to sh and returns it as the REPL sees
// it; Run then runs it interactively.
func Attach(sh *shell.Shell) *Shell {
	s := &Shell{Shell: sh}
	s.stdin, s.stdout, s.stderr = sh.Stdio()
	for name, f := range map[string]func(context.Context, *call) error{
		"history":  builtinHistory,
		"fc":       builtinFc,
		"bind":     builtinBind,
		"complete": builtinComplete,
		"compgen":  builtinCompgen,
		"compopt":  builtinCompopt,
	} {
		sh.Register(name, func(ctx context.Context, c *builtins.Call) error { return f(ctx, &call{c, s}) })
	}
	return s
}

// call is one invocation of a builtin of the REPL's.
type call struct {
	*builtins.Call
	sh *Shell
}
