package repl

import (
	"golang.org/x/term"

	"nosh/shell/jobs"
)

// Between two prompts the shell asks the terminal for its modes, its size
// and its foreground group only when another program may have used it
// (jobs.TerminalUses counts programs started and jobs given the
// terminal). After a line of builtins, say `true` or `cd`, the terminal
// is as the shell left it: a resize meanwhile was signalled to the shell,
// which notes it (termSize, and the editor's own watcher). bash does the
// same: it asks the size only after a program ran (checkwinsize) or
// SIGWINCH came.

// termUse is what the session knows of the terminal between prompts.
type termUse struct {
	// cookedAt is jobs.TerminalUses when cookedTerm was read.
	cookedAt uint64
	// sizeAt is jobs.TerminalUses when the prompt's size was asked;
	// sizeKept says the size known at the last prompt still held.
	sizeAt    uint64
	sizeKnown bool
	sizeKept  bool
}

// forgetSizeIfUsed, before each prompt, makes the size be asked again when
// a program may have resized the terminal since the last prompt.
func (se *session) forgetSizeIfUsed() {
	uses := jobs.TerminalUses()
	t := &se.term
	t.sizeKept = t.sizeKnown && t.sizeAt == uses
	if !t.sizeKept {
		se.size.forget()
	}
	t.sizeAt, t.sizeKnown = uses, true
}

// keepEditorSize tells the editor, just before it reads a line, that the
// terminal's size it knew still holds (nothing ran since the last prompt,
// not even from PS1).
func (se *session) keepEditorSize() {
	if se.rl != nil && se.term.sizeKept && se.term.sizeAt == jobs.TerminalUses() {
		se.rl.KeepTerminalSize()
	}
}

// readCookedTerm remembers the terminal's modes before the editor makes
// them raw, unless they were read since the last program ran.
func (se *session) readCookedTerm() {
	uses := jobs.TerminalUses()
	if se.cookedTerm != nil && se.term.cookedAt == uses {
		return
	}
	se.cookedTerm, _ = term.GetState(int(se.sh.stdin.Fd()))
	se.term.cookedAt = uses
}

// savedTerm returns the modes to give the terminal back if the command
// about to run leaves it unusable: the editor restored the modes it found,
// which are cookedTerm when no program ran since they were read.
func (se *session) savedTerm(fd int) *term.State {
	if se.rl != nil && se.cookedTerm != nil && se.term.cookedAt == jobs.TerminalUses() {
		return se.cookedTerm
	}
	st, _ := term.GetState(fd)
	return st
}

// syncWinSize sets COLUMNS and LINES from the size the session knows,
// asking the terminal only when that is not known.
func (se *session) syncWinSize() {
	if cols, rows, ok := se.size.get(); ok && cols > 0 {
		se.sh.SetWinSize(cols, rows)
		return
	}
	se.sh.UpdateWinSize()
}
