package completion

import (
	"regexp"

	"github.com/reeflective/readline/internal/color"
	"github.com/reeflective/readline/internal/core"
	"github.com/reeflective/readline/internal/keymap"
	"github.com/reeflective/readline/internal/term"
)

// IsearchStart starts incremental search (fuzzy-finding)
// with values matching the isearch minibuffer as a regexp.
func (e *Engine) IsearchStart(name string, autoinsert, replaceLine bool) {
	// Prepare all buffers and cursors.
	e.isearchInsert = autoinsert
	e.isearchReplaceLine = replaceLine

	e.isearchStartBuf = string(*e.line)
	e.isearchStartCursor = e.cursor.Pos()

	e.isearchBuf = new(core.Line)
	e.isearchCur = core.NewCursor(e.isearchBuf)

	e.isearchFailing = false
	e.isearchReach = 0

	// Prepare all keymaps and modes.
	e.auto = true
	e.keymap.SetLocal(keymap.Isearch)
	e.adaptIsearchInsertMode()

	// Hints
	e.isearchName = name
	e.hint.Set(color.Bold + color.FgCyan + e.isearchName + " (isearch): " + color.Reset + string(*e.isearchBuf))
}

// IsearchStop exists the incremental search mode,
// and drops the currently used regexp matcher.
// If revertLine is true, the original line is restored.
func (e *Engine) IsearchStop(revertLine bool) {
	// Reset all buffers and cursors.
	e.isearchBuf = nil
	e.IsearchRegex = nil
	e.isearchCur = nil

	// Reset the original line when needed.
	if e.isearchReplaceLine && revertLine {
		e.line.Set([]rune(e.isearchStartBuf)...)
		e.cursor.Set(e.isearchStartCursor)
	}

	e.isearchStartBuf = ""
	e.isearchStartCursor = 0
	e.isearchReplaceLine = false

	// And clear all related completion keymaps/modes.
	e.auto = false
	e.autoForce = false
	e.keymap.SetLocal("")
	e.resetIsearchInsertMode()
}

// GetBuffer returns the correct input line buffer (and its cursor/
// selection) depending on the context and active components:
// - If in non/incremental-search mode, the minibuffer.
// - If a completion is currently inserted, the completed line.
// - If neither of the above, the normal input line.
func (e *Engine) GetBuffer() (*core.Line, *core.Cursor, *core.Selection) {
	// Non/Incremental search buffer
	searching, _, _ := e.NonIncrementallySearching()

	if e.keymap.Local() == keymap.Isearch || searching {
		selection := core.NewSelection(e.isearchBuf, e.isearchCur)
		return e.isearchBuf, e.isearchCur, selection
	}

	// Completed line (with inserted candidate)
	if len(e.selected.Value) > 0 {
		return e.compLine, e.compCursor, e.selection
	}

	// Or completer inactive, normal input line.
	return e.line, e.cursor, e.selection
}

// UpdateIsearch recompiles the isearch buffer as a regex and
// filters matching candidates in the available completions.
func (e *Engine) UpdateIsearch() {
	searching, _, _ := e.NonIncrementallySearching()

	if e.keymap.Local() != keymap.Isearch && !searching {
		return
	}

	// If we have a virtually inserted candidate, it's because the
	// last action was a tab-complete selection: we don't need to
	// refresh the list of matches, as the minibuffer did not change,
	// and because it would make our currently selected comp to drop.
	if len(e.selected.Value) > 0 {
		return
	}

	// Update helpers depending on the search/minibuffer mode.
	if e.keymap.Local() == keymap.Isearch {
		e.updateIncrementalSearch()
	} else {
		e.updateNonIncrementalSearch()
	}
}

// NonIsearchStart starts a non-incremental, fake search mode:
// it does not produce or tries to match against completions,
// but uses a minibuffer similarly to incremental search mode.
func (e *Engine) NonIsearchStart(name string, repeat, forward, substring bool) {
	if repeat {
		e.isearchBuf = new(core.Line)
		e.isearchBuf.Set([]rune(e.isearchLast)...)
	} else {
		e.isearchBuf = new(core.Line)
	}

	e.isearchCur = core.NewCursor(e.isearchBuf)
	e.isearchCur.Set(e.isearchBuf.Len())

	e.isearchName = name
	e.isearchForward = forward
	e.isearchSubstring = substring

	e.keymap.NonIncrementalSearchStart()
	e.adaptIsearchInsertMode()
}

// NonIsearchStop exits the non-incremental search mode.
func (e *Engine) NonIsearchStop() {
	e.isearchLast = string(*e.isearchBuf)
	e.isearchBuf = nil
	e.IsearchRegex = nil
	e.isearchCur = nil
	e.isearchForward = false
	e.isearchSubstring = false

	// Reset keymap and helpers
	e.keymap.NonIncrementalSearchStop()
	e.resetIsearchInsertMode()
	e.hint.Reset()
}

// NonIncrementallySearching returns true if the completion engine
// is currently using a minibuffer for non-incremental search mode.
func (e *Engine) NonIncrementallySearching() (searching, forward, substring bool) {
	searching = e.isearchCur != nil && e.keymap.Local() != keymap.Isearch
	forward = e.isearchForward
	substring = e.isearchSubstring

	return
}

func (e *Engine) updateIncrementalSearch() {
	var regexStr string
	if hasUpper(*e.isearchBuf) {
		regexStr = string(*e.isearchBuf)
	} else {
		regexStr = "(?i)" + string(*e.isearchBuf)
	}

	var err error

	e.IsearchRegex, err = regexp.Compile(regexStr)
	if err != nil {
		e.hint.Set(color.FgRed + "Failed to compile i-search regexp")
	}

	// Refresh completions with the current minibuffer as a filter,
	// as many as the list shows to begin with.
	e.isearchReach = 0
	e.GenerateWith(e.cached)

	// And filter out the completions.
	for _, g := range e.groups {
		g.updateIsearch(e)
	}

	// Update the hint section.
	e.isearchFailing = false
	e.setIsearchHint()

	// A search typed that nothing matches rings the bell, as in bash.
	if e.Matches() == 0 && e.isearchBuf.Len() > 0 {
		term.Bell(e.config.GetString("bell-style"))
	}

	// And update the inserted candidate if autoinsert is enabled.
	if e.isearchInsert && e.Matches() > 0 && e.isearchBuf.Len() > 0 {
		// History incremental searches must replace the whole line.
		if e.isearchReplaceLine {
			e.prefix = ""
			e.line.Set()
			e.cursor.Set(0)
		}

		e.Select(1, 0)
	} else if e.isearchReplaceLine {
		// Else no matches, restore the original line.
		e.line.Set([]rune(e.isearchStartBuf)...)
		e.cursor.Set(e.isearchStartCursor)
	}
}

// IsearchReach is how many matches a completer of the incremental search
// should give at least: more than the list showed when a move went past
// its last one. A history completer gives as many entries as the list may
// show; without more, the search stopped (or went round) long before the
// oldest match.
func (e *Engine) IsearchReach() int {
	return e.isearchReach
}

// isearchMore asks the completer for twice as many matches when a move
// goes past the last one of a search whose matches are in one group, and
// moves to the first new one. It reports whether there was one; the list
// is made again either way, with the selection where it was.
func (e *Engine) isearchMore(grp *group, posX, posY int) bool {
	if e.cached == nil || posX < 0 || posY < 0 || e.otherGroupWithMatches(grp, false) {
		return false
	}

	at := posX
	for _, row := range grp.rows[:posY] {
		at += len(row)
	}

	count := e.Matches()
	e.isearchReach = max(2*count, 2*e.isearchReach)

	e.GenerateWith(e.cached)

	for _, g := range e.groups {
		g.updateIsearch(e)
	}

	more := e.Matches() > count
	if more {
		at++
	}

	return e.selectIndex(at) && more
}

// regenIsearch makes the incremental search's list again (after a resize)
// as the search made it, keeping the selected match. It was made again
// from the completer alone: the selection was lost (the line still
// showed the match, the list the first one, and the next Ctrl+R went to
// the second match), and the search's row became the name of the
// history source the completer sets as hint.
func (e *Engine) regenIsearch() {
	at := -1

	if grp := e.currentGroup(); grp != nil && e.selected.Value != "" && grp.posX >= 0 && grp.posY >= 0 {
		at = grp.posX
		for _, row := range grp.rows[:min(grp.posY, len(grp.rows))] {
			at += len(row)
		}

		e.cancelCompletedLine()
	}

	e.GenerateWith(e.cached)

	for _, g := range e.groups {
		g.updateIsearch(e)
	}

	e.setIsearchHint()

	if at >= 0 && e.selectIndex(at) {
		e.insertCandidate()
	}
}

// selectIndex selects the candidate at index at of the first group with
// candidates, in the order the selector moves (row by row).
func (e *Engine) selectIndex(at int) bool {
	for _, g := range e.groups {
		if len(g.rows) == 0 {
			continue
		}

		for _, other := range e.groups {
			other.isCurrent = false
		}

		g.isCurrent = true

		for y, row := range g.rows {
			if at < len(row) {
				g.posX, g.posY = at, y
				return true
			}

			at -= len(row)
		}

		g.lastCell()

		return false
	}

	return false
}

// setIsearchHint shows what is searched for, and whether nothing matches
// or a move went past the last match.
func (e *Engine) setIsearchHint() {
	if e.isearchBuf == nil {
		return
	}

	isearchHint := color.Bold + color.FgCyan + e.isearchName + " (inc-search)"

	switch {
	case e.Matches() == 0:
		isearchHint += color.Reset + color.Bold + color.FgRed + " (no matches)"
	case e.isearchFailing:
		isearchHint += color.Reset + color.Bold + color.FgRed + " (failing: no more matches)"
	}

	isearchHint += ": " + color.Reset + color.Bold + string(*e.isearchBuf) + color.Reset + "_"

	e.hint.Set(isearchHint)
}

func (e *Engine) updateNonIncrementalSearch() {
	isearchHint := color.Bold + color.FgCyan + e.isearchName +
		" (non-inc-search): " + color.Reset + color.Bold + string(*e.isearchBuf) + color.Reset + "_"
	e.hint.Set(isearchHint)
}

func (e *Engine) adaptIsearchInsertMode() {
	e.isearchModeExit = e.keymap.Main()

	if !e.keymap.IsEmacs() && e.keymap.Main() != keymap.ViInsert {
		e.keymap.SetMain(keymap.ViInsert)
	}
}

func (e *Engine) resetIsearchInsertMode() {
	if e.isearchModeExit == "" {
		return
	}

	if e.keymap.Main() != e.isearchModeExit {
		e.keymap.SetMain(string(e.isearchModeExit))
		e.isearchModeExit = ""
	}

	if e.keymap.Main() == keymap.ViCommand {
		e.cursor.CheckCommand()
	}
}
