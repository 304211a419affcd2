package display

import (
	"github.com/reeflective/readline/internal/term"
)

// The first frame of a line.
//
// A line begins with the primary prompt, written as soon as it is known,
// and then the first frame, which for a line that starts empty (the usual
// case: nothing typed ahead, no hint, no completions, no right prompt)
// draws the prompt again and clears the rest of the row and the rows
// below: a second write to the terminal at every Enter, and the work of a
// full frame, to leave the screen as the prompt left it. OpenLine writes
// that clearing with the prompt, in the same write, and the first frame,
// when it finds the line as OpenLine expected and nothing written since,
// draws nothing: it records the frame, so that the next key is drawn in
// place. Anything else draws the first frame in full, as before, over a
// row OpenLine only cleared.

// openedLine is what OpenLine wrote after the prompt.
type openedLine struct {
	valid   bool
	changes uint64 // term.Changes() after it
	width   int    // the terminal's width then
}

// openingWrite is what the first frame of an empty line leaves after the
// prompt: the colours reset (what a program left on does not colour the
// input), the rest of the row and the rows below cleared, the cursor
// shown (a program may have hidden it).
const openingWrite = sgrReset + term.ClearScreenBelow + term.ShowCursor

// OpenLine is called when a line starts, right after its primary prompt
// was written (PrintPrimaryPrompt) and in the same write: it clears what
// the first frame would clear, so that the first frame need not be drawn
// when the line starts empty with nothing below it.
func (e *Engine) OpenLine() {
	e.opened.valid = false

	if !e.primaryPrinted || !e.opts.GetBool("redraw-in-place") || e.opts.GetBool("cursor-position-probe") {
		return
	}

	term.WriteString(openingWrite)
	e.opened = openedLine{valid: true, changes: term.Changes(), width: term.GetWidth()}
}

// refreshOpened draws the first frame of a line that OpenLine opened, by
// recording it, if the screen shows it already: nothing written since,
// the prompt printed just before, an empty line with nothing drawn after
// or below it. It reports whether it did; the coordinates are computed.
func (e *Engine) refreshOpened(primaryPrinted bool) bool {
	opened := e.opened
	e.opened.valid = false

	if !opened.valid || !primaryPrinted || opened.changes != term.Changes() || opened.width != term.GetWidth() ||
		e.line.Len() != 0 || !e.simpleFrame() {
		return false
	}

	line := e.renderedLine()
	e.recordFrame(line)

	// The frame must hold no cell (no suggestion, no right prompt) and
	// leave the colours reset, as OpenLine did.
	if !e.frame.valid || len(e.frame.cells) != 0 || e.frame.state != "" {
		e.frame.valid = false
		return false
	}

	e.drawnLine = line

	return true
}
