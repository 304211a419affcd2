package readline

import "github.com/reeflective/readline/internal/keymap"

// overwriteState is overwrite mode, as GNU readline's: a mode of the
// line, not a loop reading keys, so that every key but the characters
// typed keeps its binding (Enter accepts the line, Ctrl+C gives it up,
// the arrows move).
type overwriteState struct {
	on bool
	// vi is vi's replace mode (R): Backspace brings back what was
	// replaced, and Escape ends it. Otherwise (emacs's overwrite-mode),
	// Backspace replaces the character before the cursor with a space.
	vi bool
	// start is where vi's replace mode began; replaced holds, for each
	// character typed since, the one it replaced (-1: it was appended).
	start    int
	replaced []rune
}

// Toggle overwrite mode. In overwrite mode, characters bound to
// self-insert replace the text at point rather than pushing the
// text to the right.  Characters bound to backward-delete-char
// replace the character before point with a space.
func (rl *Shell) overwriteMode() {
	rl.History.Save()

	if rl.Keymap.Main() == keymap.ViInsert {
		rl.overwrite = overwriteState{on: !rl.overwrite.on, vi: true, start: rl.cursor.Pos()}
		return
	}

	rl.overwrite = overwriteState{on: !rl.overwrite.on}
}

// Enter vi's replace mode: insertion mode in which each character typed
// replaces the one under the cursor, until Escape.
func (rl *Shell) viReplace() {
	rl.viInsertMode()
	rl.overwrite = overwriteState{on: true, vi: true, start: rl.cursor.Pos()}
}

// overwriteRune puts r in place of the character under the cursor (after
// the end of the line, r is appended) and moves past it.
func (rl *Shell) overwriteRune(r rune) {
	old := rune(-1)

	if rl.cursor.Pos() < rl.line.Len() {
		old = rl.cursor.Char()
		rl.cursor.ReplaceWith(r)
		rl.cursor.Inc()
	} else {
		rl.cursor.InsertAt(r)
	}

	rl.overwrite.replaced = append(rl.overwrite.replaced, old)
}

// overwriteRubout is Backspace in overwrite mode; it returns false when
// Backspace is to delete as usual.
func (rl *Shell) overwriteRubout() bool {
	pos := rl.cursor.Pos()

	if !rl.overwrite.vi {
		if pos == rl.line.Len() {
			return false
		}

		rl.cursor.Dec()
		rl.cursor.ReplaceWith(' ')

		return true
	}

	// vi: back over what was typed since R, bringing back what it
	// replaced; before that, the cursor only moves back.
	n := len(rl.overwrite.replaced)
	if pos <= rl.overwrite.start || n == 0 {
		rl.cursor.Dec()
		return true
	}

	old := rl.overwrite.replaced[n-1]
	rl.overwrite.replaced = rl.overwrite.replaced[:n-1]

	rl.cursor.Dec()

	if old < 0 {
		rl.line.CutRune(rl.cursor.Pos())
	} else {
		rl.cursor.ReplaceWith(old)
	}

	return true
}
