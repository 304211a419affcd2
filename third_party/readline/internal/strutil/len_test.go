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
