package display

import (
	"strconv"

	"github.com/rivo/uniseg"

	"github.com/reeflective/readline/internal/term"
	"github.com/reeflective/readline/internal/ui"
)

// Redrawing in place.
//
// A full frame moves to the start of the prompt, prints the prompt and
// the whole input line again, clears the rest of the row and the rows
// below, and moves the cursor back: about a hundred bytes for every key,
// where the change is usually one character typed or erased at the end,
// or a suggestion that grew or shrank. When the last frame and the new
// one are both "simple" — the prompt unchanged, the input (with its
// suggestion) on the prompt's row without reaching its last column,
// nothing drawn below it (no hint, no completions), no right prompt —
// and nothing else wrote to the terminal since, the new frame is
// compared with the last one cell by cell, and only the cells from the
// first that differs to the last that differs are written, in the
// colours the full frame would give them; the row is cleared after the
// line if it got shorter, and the cursor is moved to its place. Anything
// else (a line that wraps or has several lines, completions, hints, a
// resize, a mode that changes the cursor, text printed by a command) is
// drawn by the full frame as before, which also makes the next frame
// eligible again.

// lineFrame is what the last frame left on the input's row.
type lineFrame struct {
	valid     bool
	changes   uint64 // term.Changes() after the frame was written
	width     int    // the terminal's width then
	prompt    string // the prompt's text (all its lines)
	startCols int    // the column where the input starts
	cells     []cell // the input and its suggestion, as drawn
	cursorCol int    // where the cursor was left
	state     string // the colours in effect after the frame
}

// cell is one character cell (or two, for a wide character; none, for a
// mark that a colour change split from its base) of the input line.
type cell struct {
	sgr   string // the SGR sequences in effect since the last reset
	text  string // a grapheme cluster
	width int
}

// sgrReset is what resets every graphic rendition.
const sgrReset = "\x1b[0m"

// parseCells appends to cells the cells of s, a line as the display draws
// it (text and SGR colour sequences), drawn with the colours of state in
// effect. It returns the colours in effect after it; ok is false if s
// holds anything else (another escape sequence, a control character),
// which the caller then draws in full.
func parseCells(cells []cell, s, state string) (_ []cell, end string, ok bool) {
	for i := 0; i < len(s); {
		c := s[i]

		switch {
		case c == 0x1b:
			seq, isSGR := csi(s[i:])
			if !isSGR {
				return cells, state, false
			}

			state = applySGR(state, seq)
			i += len(seq)
		case c < 0x20 || c == 0x7f:
			return cells, state, false
		case c < 0x80 && (i+1 == len(s) || s[i+1] < 0x80):
			// Printable ASCII not followed by a mark it could combine
			// with: one cell, one column.
			cells = append(cells, cell{sgr: state, text: s[i : i+1], width: 1})
			i++
		default:
			// A grapheme cluster, up to the next escape sequence.
			j := i
			for j < len(s) && s[j] != 0x1b {
				j++
			}

			cluster, _, width, _ := uniseg.FirstGraphemeClusterInString(s[i:j], -1)
			for k := 0; k < len(cluster); k++ {
				if cluster[k] < 0x20 || cluster[k] == 0x7f {
					return cells, state, false
				}
			}

			cells = append(cells, cell{sgr: state, text: cluster, width: width})
			i += len(cluster)
		}
	}

	return cells, state, true
}

// csi returns the control sequence s starts with (ESC [ parameters final)
// and whether it is a complete SGR sequence (final byte m).
func csi(s string) (seq string, isSGR bool) {
	if len(s) < 3 || s[1] != '[' {
		return "", false
	}

	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9' || c == ';' || c == ':':
			continue
		case c == 'm':
			return s[:i+1], true
		default:
			return s[:i+1], false
		}
	}

	return "", false
}

// applySGR returns the colours in effect after seq is applied to state.
// state is kept as the sequences applied since the last reset: applying
// a reset and then them gives the same rendition, whatever came before.
func applySGR(state, seq string) string {
	switch seq {
	case "\x1b[m", sgrReset:
		return ""
	case "\x1b[39m", "\x1b[49m":
		// The default colours, already in effect after a reset.
		if state == "" {
			return ""
		}
	}

	return state + seq
}

// promptState returns the colours in effect after the prompt p is printed
// from a reset state, skipping its other escape sequences (cursor moves,
// index, a window title); ok is false for one it does not know the end of.
func promptState(p string) (state string, ok bool) {
	for i := 0; i < len(p); i++ {
		if p[i] != 0x1b {
			continue
		}

		if i+1 == len(p) {
			return "", false
		}

		switch p[i+1] {
		case '[':
			seq, isSGR := csi(p[i:])
			if seq == "" {
				return "", false
			}

			if isSGR {
				state = applySGR(state, seq)
			}

			i += len(seq) - 1
		case ']': // an operating system command, ended by BEL or ST
			j := i + 2
			for j < len(p) && p[j] != '\a' && !(p[j] == 0x1b && j+1 < len(p) && p[j+1] == '\\') {
				j++
			}

			if j == len(p) {
				return "", false
			}

			if p[j] == 0x1b {
				j++
			}

			i = j
		default: // a two-byte escape (index, reverse index, save cursor...)
			i++
		}
	}

	return state, true
}

// width returns the columns cells take.
func width(cells []cell) (n int) {
	for _, c := range cells {
		n += c.width
	}

	return n
}

// refreshInPlace draws the frame by changing only the cells that differ
// from the last frame, if both are simple and the screen still shows the
// last one, and reports whether it did. The coordinates are computed.
func (e *Engine) refreshInPlace() bool {
	last := &e.frame
	if !last.valid || last.changes != term.Changes() || last.width != term.GetWidth() ||
		last.state != "" {
		return false
	}

	prompt := e.prompt.RawPrimary()
	if !e.simpleFrame() || e.startCols != last.startCols || prompt != last.prompt {
		return false
	}

	line := e.renderedLine()
	if line == "" {
		return false
	}

	state, ok := promptState(e.prompt.LastString(prompt))
	if !ok {
		return false
	}

	cells, _, ok := e.rowCells(e.cells[:0], line, state)
	e.cells = cells

	if !ok {
		return false // not as the coordinates say: draw it all
	}

	e.out = appendChanges(e.out[:0], last.cells, cells, e.startCols, last.cursorCol, e.cursorCol, term.GetWidth())
	term.WriteBytes(e.out)

	// The frame is now the new one; the cells of the last are reused.
	e.cells, last.cells = last.cells, cells
	last.cursorCol = e.cursorCol
	last.changes = term.Changes()

	return true
}

// rowCells appends to cells those of the input's row from the input's
// start: line, the input as drawn, then the right prompt if one fits, as
// the full frame draws them, state being the colours in effect at the
// start. ok is false if the line is not as the coordinates say or holds
// what parseCells does not know.
func (e *Engine) rowCells(cells []cell, line, state string) (_ []cell, end string, ok bool) {
	cells, state, ok = parseCells(cells, line, state)
	if !ok || e.startCols+width(cells) != e.lineCol {
		return cells, state, false
	}

	// The full frame clears the row after the line, sets the default
	// background and prints the right prompt there, padded to the
	// terminal's last column, or clears the row again if it does not fit.
	state = applySGR(state, "\x1b[49m")

	right := e.prompt.RightString(e.lineCol)
	if right == "" || right == term.ClearLineAfter {
		return cells, state, true
	}

	cells, state, ok = parseCells(cells, right, state)

	return cells, state, ok && e.startCols+width(cells) <= term.GetWidth()
}

// simpleFrame reports whether the frame to draw has the input on the
// prompt's row, ending before its last column, with nothing below it
// (a right prompt after it is drawn as cells of the row). It runs the autocompletion a full frame would run.
func (e *Engine) simpleFrame() bool {
	if !e.opts.GetBool("redraw-in-place") || e.opts.GetBool("cursor-position-probe") || e.opts.GetBool("autocomplete") ||
		e.completer.IsActive() || e.completer.IsInserting() {
		return false
	}

	if e.lineRows != 0 || e.cursorRow != 0 || e.lineCol <= 0 || e.lineCol >= term.GetWidth() ||
		e.line.Lines() > 0 || e.hintRows != 0 || e.compRows != 0 {
		return false
	}

	e.completer.Autocomplete()

	if ui.CoordinatesHint(e.hint) != 0 {
		return false
	}

	return e.completer.Matches() == 0 || e.completer.DisplaySkipped()
}

// appendChanges appends to b what turns the cells old into cells on the
// screen, both drawn from column start, the cursor being at column
// cursor, on a terminal columns wide; it leaves the cursor at column to
// and the colours reset.
func appendChanges(b []byte, old, cells []cell, start, cursor, to, columns int) []byte {
	// The first cell that differs, moved back over marks without width
	// (drawn over their base character, they would not join it).
	first := 0
	for first < len(old) && first < len(cells) && old[first] == cells[first] {
		first++
	}

	for first > 0 && (first < len(cells) && cells[first].width == 0 || first < len(old) && old[first].width == 0) {
		first--
	}

	// Cells after the last that differs are left as they are when both
	// lines end in the same column (a suggestion that follows the line).
	end := len(cells)
	oldWidth, newWidth := width(old), width(cells)

	if oldWidth == newWidth {
		tail := 0
		for tail < len(cells)-first && tail < len(old)-first &&
			old[len(old)-1-tail] == cells[len(cells)-1-tail] {
			tail++
		}

		for tail > 0 && cells[len(cells)-tail].width == 0 {
			tail--
		}

		end = len(cells) - tail
	}

	col := start + width(cells[:first])

	if first < end || newWidth < oldWidth {
		b = moveColumn(b, cursor, col)
		cursor = col

		state := ""
		for _, c := range cells[first:end] {
			if c.sgr != state {
				if state != "" {
					b = append(b, sgrReset...)
				}

				b = append(b, c.sgr...)
				state = c.sgr
			}

			b = append(b, c.text...)
			cursor += c.width
		}

		if state != "" {
			b = append(b, sgrReset...)
		}

		if newWidth < oldWidth {
			b = append(b, term.ClearLineAfter...)
		}

		if cursor >= columns {
			// The last column written (a right prompt's): the cursor
			// waits there to wrap, a column short of where it is
			// counted. A carriage return leaves that state.
			b = append(b, '\r')
			cursor = 0
		}
	}

	return moveColumn(b, cursor, to)
}

// moveColumn appends the shortest move of the cursor from column from to
// column to on its row.
func moveColumn(b []byte, from, to int) []byte {
	switch {
	case to == from:
		return b
	case to == from-1:
		return append(b, '\b')
	case to < from:
		b = append(b, "\x1b["...)
		b = strconv.AppendInt(b, int64(from-to), 10)

		return append(b, 'D')
	default:
		b = append(b, "\x1b["...)
		b = strconv.AppendInt(b, int64(to-from), 10)

		return append(b, 'C')
	}
}

// recordFrame remembers the frame just drawn in full, if it is simple,
// so that the next can be drawn in place; line is the input line as
// drawn.
func (e *Engine) recordFrame(line string) {
	last := &e.frame
	last.valid = false

	if e.lineRows != 0 || e.cursorRow != 0 || e.lineCol <= 0 || e.lineCol >= term.GetWidth() ||
		e.line.Lines() > 0 || e.hintRows != 0 || e.compRows != 0 ||
		e.opts.GetBool("cursor-position-probe") {
		return
	}

	prompt := e.prompt.RawPrimary()

	state, ok := promptState(e.prompt.LastString(prompt))
	if !ok {
		return
	}

	cells, end, ok := e.rowCells(last.cells[:0], line, state)
	last.cells = cells

	if !ok {
		return
	}

	last.state = end
	last.valid = true
	last.changes = term.Changes()
	last.width = term.GetWidth()
	last.prompt = prompt
	last.startCols = e.startCols
	last.cursorCol = e.cursorCol
}
