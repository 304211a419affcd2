package strutil

import (
	"strings"
	"testing"

	"github.com/rivo/uniseg"
)

// TestRealLengthASCIIShortcut checks that the shortcut for printable ASCII
// gives the width the general measure gives.
func TestRealLengthASCIIShortcut(t *testing.T) {
	var all strings.Builder
	for c := byte(0x20); c <= 0x7e; c++ {
		all.WriteByte(c)
	}
	for _, s := range []string{"", "a", "echo hello", all.String()} {
		if got, want := RealLength(s), uniseg.StringWidth(s); got != want {
			t.Errorf("RealLength(%q) = %d, want %d", s, got, want)
		}
		if w, ok := printableASCIIRunes([]rune(s)); !ok || w != uniseg.StringWidth(s) {
			t.Errorf("printableASCIIRunes(%q) = %d, %v", s, w, ok)
		}
	}
	// Anything else takes the general path.
	for _, s := range []string{"\t", "\x1b[31mred\x1b[0m", "é", "漢字", "a\x7f"} {
		if printableASCII(s) {
			t.Errorf("printableASCII(%q) took the shortcut", s)
		}
		if _, ok := printableASCIIRunes([]rune(s)); ok {
			t.Errorf("printableASCIIRunes(%q) took the shortcut", s)
		}
	}
	if got := RealLength("\x1b[31mred\x1b[0m\t"); got != 8 {
		t.Errorf("RealLength of a coloured word and a tab = %d, want 8", got)
	}
}

// TestWrappedSpan: where text written from a column ends, as a terminal
// wraps it; a wide character that does not fit in the last column goes to
// the next row, leaving that column blank.
func TestWrappedSpan(t *testing.T) {
	for _, c := range []struct {
		text          string
		indent, width int
		x, y          int
	}{
		{"abc", 2, 10, 5, 0},
		{"abcdefgh", 2, 10, 0, 1},
		{"漢字", 0, 10, 4, 0},
		{"abcdefg漢", 2, 10, 2, 1},  // 漢 would take columns 9 and 10
		{"abcdef漢", 2, 10, 0, 1},   // 漢 takes columns 8 and 9: fits
		{"abcdefg漢字", 2, 10, 4, 1}, // the wrap counts once
		{"é\u0301x", 0, 10, 2, 0},
		{"\x1b[31m漢\x1b[0m", 9, 10, 2, 1},
		{"a\tb", 0, 80, 9, 0},
		{strings.Repeat("漢", 10), 1, 10, 2, 2}, // four a row, one column left blank
	} {
		if x, y := wrappedSpan(c.text, c.indent, c.width); x != c.x || y != c.y {
			t.Errorf("wrappedSpan(%q, %d, %d) = %d, %d; want %d, %d", c.text, c.indent, c.width, x, y, c.x, c.y)
		}
	}
}
