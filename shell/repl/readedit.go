package repl

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

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

// readTimeoutSeq is a private key sequence, fed when read -t's time ran
// out, bound to readTimeoutWidget, which gives the line up.
const (
	readTimeoutSeq    = "\x1b[9998~"
	readTimeoutWidget = "nosh-read-timeout"
)

// errReadTimeout is the editor's result when readTimeoutWidget ran.
var errReadTimeout = builtins.ErrEditTimeout

// readEditState is what one read -e asks of the editor beyond the
// prompt, and the news of its timer.
type readEditState struct {
	initial  string
	maxChars int
	// expired is set by the timer of -t, on its own goroutine; the
	// editor's loop notices it at its next redisplay (RequestRefresh
	// wakes it) and feeds readTimeoutSeq to itself.
	expired atomic.Bool
}

// readEditLine reads one line for read -e.
func (se *session) readEditLine(ctx context.Context, req builtins.LineEdit) (string, error) {
	prompt, initial := req.Prompt, req.Initial
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
	st := &readEditState{initial: initial, maxChars: req.MaxChars}
	se.readEdit = st
	if req.Timeout > 0 {
		timer := time.AfterFunc(req.Timeout, func() {
			st.expired.Store(true)
			rl.Keys.RequestRefresh()
		})
		defer timer.Stop()
	}
	if se.rl != nil {
		setEditorMode(rl, editorIsVi(se.rl))
	}
	if initial != "" {
		rl.Keys.Feed(false, []rune(prefillSeq)...)
	}
	if se.rl != nil {
		// Keys typed ahead with the command line are read's, as they
		// would be in bash, where they wait in the terminal.
		se.takeTypedAhead(se.rl)
	}
	se.feedTypedAhead(rl, false)
	line, err := rl.Readline()
	// Keys typed after the line's end (past -n's count, or typed ahead
	// with Enter) are the next reader's: the next read -e, or the
	// command line, as bash leaves them in the terminal for whoever reads
	// next.
	se.takeTypedAhead(rl)
	switch {
	case errors.Is(err, errReadTimeout):
		se.wipeReadLine()
		return "", builtins.ErrEditTimeout
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
	selfInsert, acceptLine := builtin["self-insert"], builtin["accept-line"]
	rl.Keymap.Register(map[string]func(){
		readEditWidget: func() {
			rl.Line().Set([]rune(se.readEdit.initial)...)
			rl.Cursor().Set(rl.Line().Len())
		},
		// -n N: a typed character that makes the line N long ends it,
		// as bash's readline does with rl_num_chars_to_read.
		"self-insert": func() {
			selfInsert()
			if n := se.readEdit.maxChars; n > 0 && rl.Line().Len() >= n {
				// Drawn first: accepting shows the line as last drawn.
				rl.Display.Refresh()
				acceptLine()
			}
		},
		readTimeoutWidget: func() {
			rl.Display.AcceptLine()
			rl.History.Accept(false, false, errReadTimeout)
		},
		"complete":      func() { completeShowing(rl, menuComplete) },
		interruptWidget: func() { interrupt(rl, abort) },
	})
	for km, binds := range rl.Config.Binds {
		rl.Config.Bind(km, prefillSeq, readEditWidget, false)
		rl.Config.Bind(km, readTimeoutSeq, readTimeoutWidget, false)
		if binds["\x03"].Action == "abort" {
			rl.Config.Bind(km, "\x03", interruptWidget, false)
		}
	}
	// The editor's loop redisplays the line before it waits for keys, and
	// again when RequestRefresh wakes it: where the -t timer's news is
	// taken in, on the editor's own goroutine (Keys.Feed is not for
	// others). The line itself is not highlighted.
	rl.SyntaxHighlighter = func(line []rune) string {
		if st := se.readEdit; st != nil && st.expired.CompareAndSwap(true, false) {
			rl.Keys.Feed(false, []rune(readTimeoutSeq)...)
		}
		return string(line)
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

// wipeReadLine puts the cursor at the start of the last row of a read -e
// line given up after its time ran out, as bash does: what comes next
// is written over it.
func (se *session) wipeReadLine() {
	if f, ok := se.sh.stdout.(*os.File); ok {
		// The accepted line left the cursor on the row below it.
		fmt.Fprint(f, "\x1b[A\r")
	}
}

// takeTypedAhead keeps the keys rl read but did not use, for the next
// editor that reads the terminal (feedTypedAhead).
func (se *session) takeTypedAhead(rl *readline.Shell) {
	for {
		b, empty := rl.Keys.Pop()
		if empty {
			return
		}
		se.typedAhead = append(se.typedAhead, b)
	}
}

// feedTypedAhead gives rl the keys another editor read but did not use,
// before those it reads itself (atTop: before any it was fed already).
func (se *session) feedTypedAhead(rl *readline.Shell, atTop bool) {
	if len(se.typedAhead) > 0 {
		rl.Keys.Feed(atTop, []rune(string(se.typedAhead))...)
		se.typedAhead = nil
	}
}
