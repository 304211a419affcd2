package strutil

import (
	"strings"

	"github.com/rivo/uniseg"
)

// TabStop is the distance between tab stops, as terminals set them and as
// GNU readline expands a tab in the line.
const TabStop = 8

// isCaret reports whether r is a control character that the line shows
// as ^ and a letter, as readline does (a tab and a newline are laid out
// instead).
func isCaret(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' || r == 0x7f
}

// Carets returns line with each control character in it spelled as
// readline shows it, ^ and the letter 64 above (^? for DEL), or nil when
// there is none: a quoted Ctrl+V Ctrl+A is one character of the line and
// two columns of the screen.
func Carets(line []rune) []rune {
	found := false
	for _, r := range line {
		if isCaret(r) {
			found = true
			break
		}
	}

	if !found {
		return nil
	}

	shown := make([]rune, 0, len(line)+4)
	for _, r := range line {
		if isCaret(r) {
			shown = append(shown, '^', r^0x40)
		} else {
			shown = append(shown, r)
		}
	}

	return shown
}

// ExpandTabs returns s, a line as drawn (text and escape sequences),
// with each tab replaced by the spaces up to the next tab stop of a
// terminal width columns wide, the text starting at column col; after a
// newline the text starts again at column indent.
func ExpandTabs(s string, col, indent, width int) string {
	if strings.IndexByte(s, '\t') < 0 {
		return s
	}

	if width <= 0 {
		width = 1
	}

	var b strings.Builder
	col %= width
	state := -1

	for len(s) > 0 {
		switch c := s[0]; {
		case c == 0x1b:
			n := escapeLen(s)
			b.WriteString(s[:n])
			s = s[n:]
			state = -1 // what follows is measured afresh

			continue
		case c == '\t':
			n := TabStop - col%TabStop
			b.WriteString(strings.Repeat(" ", n))
			col = (col + n) % width
			s = s[1:]
			state = -1

			continue
		case c == '\n':
			b.WriteByte(c)
			col = indent % width
			s = s[1:]
			state = -1

			continue
		}

		var cluster string
		var w int
		cluster, s, w, state = uniseg.FirstGraphemeClusterInString(s, state)
		b.WriteString(cluster)

		if col+w > width && w <= width {
			col = 0
		}

		col = (col + w) % width
	}

	return b.String()
}

// escapeLen is the length of the escape sequence s starts with: a CSI
// sequence up to its final byte, or ESC and one character.
func escapeLen(s string) int {
	if len(s) < 2 {
		return len(s)
	}

	if s[1] != '[' {
		return 2
	}

	for i := 2; i < len(s); i++ {
		if s[i] >= 0x40 && s[i] <= 0x7e {
			return i + 1
		}
	}

	return len(s)
}

// spanWidth is the columns a cluster of the line takes at column x: a
// tab to the next tab stop, a control character two (^X).
func spanWidth(cluster string, x, w int) int {
	switch {
	case cluster == "\t":
		return TabStop - x%TabStop
	case len(cluster) == 1 && isCaret(rune(cluster[0])):
		return 2
	}

	return w
}
