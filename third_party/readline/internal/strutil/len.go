package strutil

import (
	"strings"

	"github.com/rivo/uniseg"

	"github.com/reeflective/readline/internal/color"
	"github.com/reeflective/readline/internal/term"
)

// RealLength returns the real length of a string (the number of terminal
// columns used to render the line, which may contain special graphemes).
// Before computing the width, it replaces tabs with (4) spaces, and strips colors.
func RealLength(s string) int {
	if printableASCII(s) {
		return len(s) // one column a character, nothing to strip
	}

	colors := color.Strip(s)
	tabs := strings.ReplaceAll(colors, "\t", "     ")

	return uniseg.StringWidth(tabs)
}

// LineSpan computes the number of columns and lines that are needed for a given line,
// accounting for any ANSI escapes/color codes, and tabulations replaced with 4 spaces.
// A wide character that does not fit in the last column of a row is drawn
// by the terminal at the start of the next one, the last cell left blank,
// and counted so here: the cursor stood a column off on every row after it.
func LineSpan(line []rune, idx, indent int) (x, y int) {
	termWidth := term.GetWidth()

	lineLen, ascii := printableASCIIRunes(line)
	if ascii {
		lineLen += indent
		x, y = lineLen%termWidth, lineLen/termWidth
	} else {
		x, y = wrappedSpan(string(line), indent, termWidth)
	}

	// Empty lines are still considered a line.
	if idx != 0 {
		y++
	}

	return x, y
}

// wrappedSpan is where text written from column indent ends on a
// terminal of width columns: the column, and the rows wrapped.
func wrappedSpan(text string, indent, width int) (x, y int) {
	if width <= 0 {
		width = 1
	}
	x, y = indent%width, indent/width
	text = color.Strip(text)

	state := -1
	for len(text) > 0 {
		var w int
		var cluster string
		cluster, text, w, state = uniseg.FirstGraphemeClusterInString(text, state)
		// A tab's spaces, and ^X, are narrow text that wraps as it goes.
		if wide := spanWidth(cluster, x, w); wide != w {
			x += wide
			for x >= width {
				x, y = x-width, y+1
			}

			continue
		}
		if x+w > width && w <= width {
			x, y = 0, y+1
		}
		x += w
		if x >= width {
			x, y = x-width, y+1
		}
	}

	return x, y
}

// WrapsBefore reports whether the character that starts next, written at
// column col, goes to the next row because it does not fit in this one:
// the cursor on it stands at the start of that row.
func WrapsBefore(next []rune, col int) bool {
	if len(next) == 0 || next[0] < 0x7f {
		return false
	}
	width := term.GetWidth()
	cluster, _, w, _ := uniseg.FirstGraphemeClusterInString(string(next[:min(len(next), 8)]), -1)

	return cluster != "" && w > 1 && col+w > width && w <= width
}

// printableASCII reports whether s has only printable ASCII characters,
// each one column wide, with no escape sequence or tab: the common case,
// measured several times at every key, needs no stripping, no string
// made of runes and no grapheme segmentation.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}

	return true
}

// printableASCIIRunes is printableASCII for runes, and their width.
func printableASCIIRunes(line []rune) (width int, ok bool) {
	for _, r := range line {
		if r < 0x20 || r > 0x7e {
			return 0, false
		}
	}

	return len(line), true
}
