package repl

import (
	"context"
	"errors"
	"io"

	"github.com/reeflective/readline"

	"nosh/shell/builtins"
	"nosh/shell/complete"
)

// read -e: the interactive shell lends its line editor to the read
// builtin (builtins.LineEditFunc), as bash's read -e uses readline. The
// editor is one of its own, made at the first read -e, so that the
// command line's prompt, completion, highlighting, suggestions and
// history stay as they are: Tab completes file names, ↑ finds nothing,
// and the line read is not added to the history (bash adds it only with
// history -s). Key bindings and the editing mode are the user's.

// readEditWidget puts the -i text in the edit buffer (as prefillWidget).
const readEditWidget = "nosh-read-initial"

// readEditLine reads one line for read -e.
func (se *session) readEditLine(ctx context.Context, prompt, initial string) (string, error) {
	rl := se.readEditor()
	rl.Prompt.Primary(func() string {
		// The rows the editor clears below its input must exist, as
		// for the command line (promptspace.go).
		rows := 0
		if cols, _, _ := se.size.get(); cols > 0 {
			rows = layoutRows(string(*rl.Line()), displayWidth(prompt), cols)
		}
		return rowsBelow(rows+1) + prompt
	})
	se.readInitial = initial
	if se.rl != nil {
		setEditorMode(rl, editorIsVi(se.rl))
	}
	if initial != "" {
		rl.Keys.Feed(false, []rune(prefillSeq)...)
	}
	line, err := rl.Readline()
	switch {
	case errors.Is(err, readline.ErrInterrupt):
		se.echoInterruptAfter(rl, prompt, "")
		return "", builtins.ErrEditInterrupted
	case errors.Is(err, io.EOF):
		return "", io.EOF
	}
	return line, err
}

// readEditor is read -e's editor, made at its first use.
func (se *session) readEditor() *readline.Shell {
	if se.readRL != nil {
		return se.readRL
	}
	rl, _ := configureReadline(newBlankReadline(), se.sh.Getenv)
	rl.Config.Set("cursor-position-probe", false)
	rl.Config.Set("prompt-transient", false)
	rl.History.Delete() // no history: readline's own in-memory one
	builtin := rl.Keymap.Commands()
	menuComplete, abort := builtin["menu-complete"], builtin["abort"]
	rl.Keymap.Register(map[string]func(){
		readEditWidget: func() {
			rl.Line().Set([]rune(se.readInitial)...)
			rl.Cursor().Set(rl.Line().Len())
		},
		"complete":      func() { completeShowing(rl, menuComplete) },
		interruptWidget: func() { interrupt(rl, abort) },
	})
	for km, binds := range rl.Config.Binds {
		rl.Config.Bind(km, prefillSeq, readEditWidget, false)
		if binds["\x03"].Action == "abort" {
			rl.Config.Bind(km, "\x03", interruptWidget, false)
		}
	}
	comp := &complete.Completer{Env: editorEnv{se.sh}}
	rl.Completer = func(line []rune, cursor int) readline.Completions {
		// File names, whatever the word: the line is completed as the
		// argument of a command that has no completion of its own.
		const lead = "cat "
		return comp.Readline(append([]rune(lead), line...), cursor+len(lead))
	}
	se.readRL = rl
	return rl
}
