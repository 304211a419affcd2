//go:build unix

package display_test

import (
	"strings"
	"testing"
	"time"
)

// TestRedrawInPlaceMatchesFullFrames types the same keys into two
// consoles, one drawing its frames in place and one drawing them whole,
// and checks after each key that both show the same screen with the
// cursor at the same place: a right prompt reaching the last column is
// kept, dropped when the line leaves it no room, and drawn again when
// the line is erased back.
func TestRedrawInPlaceMatchesFullFrames(t *testing.T) {
	cfg := consoleConfig{prompt: "P> ", cols: 24, rows: 8, noProbe: true, rightPrompt: "[rp]"}
	full := cfg
	full.fullRedraw = true
	inPlace, whole := startConsole(t, cfg), startConsole(t, full)
	inPlace.waitForScreen("[rp]")
	whole.waitForScreen("[rp]")

	keys := strings.Split("a b c d e f g h i j k l m n o p q r", " ")
	keys = append(keys, "\x1b[D", "\x1b[D", "X", "\x7f")
	for range 8 {
		keys = append(keys, "\x7f")
	}

	// Every key changes the screen or the cursor: each console has
	// drawn it when its screen is no longer the one before.
	beforeA, beforeB := inPlace.screenAndCursor(), whole.screenAndCursor()
	for i, k := range keys {
		inPlace.send(k)
		whole.send(k)

		deadline := time.Now().Add(screenWaitTimeout)
		for {
			a, b := inPlace.screenAndCursor(), whole.screenAndCursor()
			if a != beforeA && b != beforeB && a == b {
				beforeA, beforeB = a, b
				break
			}

			if time.Now().After(deadline) {
				t.Fatalf("after key %d (%q) the screens differ:\nin place:\n%s\nwhole:\n%s", i+1, k, a, b)
			}

			time.Sleep(10 * time.Millisecond)
		}
	}
}

// TestFirstFrameOfAnEmptyLine starts a line over text a program left on
// the prompt's row and the rows below, with the cursor moved back up and
// the colours left on, in a console whose first frame is drawn with the
// prompt (firstframe.go) and in one drawing every frame whole: both
// screens must be the same, the leftover text cleared, and stay the same
// as keys are typed, erased and the line accepted.
func TestFirstFrameOfAnEmptyLine(t *testing.T) {
	cfg := consoleConfig{prompt: "P> ", cols: 30, rows: 8, noProbe: true,
		prelude: "left over on this row\r\nand on the next\r\n\x1b[2A\x1b[31m"}
	full := cfg
	full.fullRedraw = true
	opened, whole := startConsole(t, cfg), startConsole(t, full)

	same := func(what string) {
		t.Helper()

		deadline := time.Now().Add(screenWaitTimeout)
		for {
			a, b := opened.screenAndCursor(), whole.screenAndCursor()
			if a == b && strings.Contains(a, "P> ") && !strings.Contains(a, "this row") &&
				!strings.Contains(a, "on the next") {
				return
			}

			if time.Now().After(deadline) {
				t.Fatalf("%s: the screens differ or keep the old text:\nopened:\n%s\nwhole:\n%s", what, a, b)
			}

			time.Sleep(10 * time.Millisecond)
		}
	}

	same("at the prompt")

	for _, k := range []string{"a", "b", "\x7f", "c"} {
		opened.send(k)
		whole.send(k)
	}
	opened.waitForScreen("P> ac")
	whole.waitForScreen("P> ac")
	same("after keys")

	opened.send("\r")
	whole.send("\r")
	opened.waitForScreen("[LINE:ac]")
	whole.waitForScreen("[LINE:ac]")
	same("after the line")
}
