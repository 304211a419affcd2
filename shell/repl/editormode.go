package repl

import (
	"github.com/reeflective/readline"
)

// Editing mode: `set -o vi`, `set -o emacs`, `bind 'set editing-mode vi'`
// and readline's own mode-switching keys all choose the editor's keymap,
// and `set -o` always reports the mode the keys are in.

// editorIsVi reports whether rl's main keymap is one of vi's.
func editorIsVi(rl *readline.Shell) bool {
	switch rl.Keymap.Main() {
	case "vi", "vi-insert", "vi-command", "vi-move":
		return true
	}
	return false
}

// setEditorMode switches rl's keymap to vi insertion or emacs at once.
func setEditorMode(rl *readline.Shell, vi bool) {
	if vi == editorIsVi(rl) {
		return
	}
	if vi {
		rl.Config.Set("editing-mode", "vi")
		rl.Keymap.SetMain("vi-insert")
		return
	}
	rl.Config.Set("editing-mode", "emacs")
	rl.Keymap.SetMain("emacs")
}

// syncEditingMode makes the editor and `set -o` agree before a prompt:
// a mode set by a command since the last prompt (set -o vi, bind) moves
// the editor; otherwise a mode the editor switched to by a key is
// recorded in the options.
func (se *session) syncEditingMode() {
	vi, _ := se.sh.ViMode()
	if vi != se.lastVi {
		setEditorMode(se.rl, vi)
	} else if ed := editorIsVi(se.rl); ed != vi {
		se.sh.SetEditingMode(ed, true)
		vi = ed
	}
	se.lastVi = vi
}

// setupEditorMode puts the new editor in the mode set -o chose (in the
// configuration or a startup file); with no such choice, the inputrc's
// editing-mode, else emacs, which set -o then reports.
func (se *session) setupEditorMode(rl *readline.Shell, inputrcChose bool) {
	vi, chosen := se.sh.ViMode()
	if !chosen && inputrcChose {
		vi = editorIsVi(rl)
		se.sh.SetEditingMode(vi, false)
	}
	setEditorMode(rl, vi)
	se.lastVi = vi
}

// beforeEditor brings the editor up to date with what commands changed
// since the last prompt.
func (se *session) beforeEditor() {
	if se.rl == nil {
		return
	}
	se.readCookedTerm()
	se.syncEditingMode()
	se.syncWinSize()
}
