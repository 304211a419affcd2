package main

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenWideCharInsideLikeBash is a wide character typed inside the
// line: the cursor stays after it, where nosh's moved by its width, past
// the next character (echo ab, ←, 漢, X gave a漢bX).
func TestScreenWideCharInsideLikeBash(t *testing.T) {
	compareWithBash(t, keysOptions(""), func(term *screentest.Term) {
		partFill(term)
		term.Type("echo ab\x1b[D")
		term.WaitOutput()
		term.Type("漢")
		term.WaitOutput()
		term.Type("X")
		term.WaitOutput()
		term.CheckpointLine("a漢Xb")
		term.Type("\r")
		term.WaitPrompt()
		term.Checkpoint("run")
	})
}

// TestScreenGraphemeClustersTyped is characters of several code points
// typed (a hand and its skin tone, a family joined by ZWJ, e and a
// combining accent): all of each goes in the line, as in bash; nosh kept
// the first code point of each. The bytes are checked with od, since
// terminals draw such clusters in different widths.
func TestScreenGraphemeClustersTyped(t *testing.T) {
	term := startNosh(t, keysOptions(""))
	partFill(term)
	term.Type("printf %s '👍🏽 👨\u200d👩\u200d👧 e\u0301x' | od -An -tx1 | tr -d ' \\n'; echo\r")
	want := "f09f918df09f8fbd20f09f91a8e2808df09f91a9e2808df09f91a72065cc8178"
	term.WaitFor("the bytes typed, whole", func(s screentest.Screen) bool { return s.Contains(want) })
}
