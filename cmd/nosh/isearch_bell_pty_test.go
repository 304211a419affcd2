package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// oscSequence is an operating system command (a window title), which
// BEL may end.
var oscSequence = regexp.MustCompile("\x1b\\][^\a\x1b]*(\a|\x1b\\\\)")

// TestIsearchBellAtOldestMatch: Ctrl+R typed past the oldest match rings
// the terminal's bell, once per key, as bash's does (the search shows
// "failing" and keeps its match); with inputrc's `set bell-style none` (a
// value the inputrc reader used to cut to "non") it stays silent.
func TestIsearchBellAtOldestMatch(t *testing.T) {
	for _, tc := range []struct {
		name, inputrc string
		bells         int
	}{
		{"audible", "set redraw-in-place off\n", 2},
		{"none", "set redraw-in-place off\nset bell-style none\n", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inputrc := filepath.Join(t.TempDir(), "inputrc")
			if err := os.WriteFile(inputrc, []byte(tc.inputrc), 0o644); err != nil {
				t.Fatal(err)
			}
			s := startPty(t, []string{"INPUTRC=" + inputrc})
			s.ExpectPrompt()
			s.Line("echo first-entry")
			s.Expect("first-entry")
			s.ExpectPrompt()
			s.Send("\x12")
			s.Expect("inc-search")
			s.Send("first")
			s.Expect("first-entry")
			bells := func() int {
				s.mu.Lock()
				defer s.mu.Unlock()
				// BEL also ends the OSC sequences that set the title.
				return strings.Count(oscSequence.ReplaceAllString(s.raw.String(), ""), "\a")
			}
			before := bells()
			s.Send("\x12")
			s.Expect("failing")
			s.Send("\x12")
			s.Expect("failing") // the hint drawn again for the second key
			deadline := time.Now().Add(ptyTimeout)
			for bells()-before < tc.bells && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
			// Ctrl+G gives up the search; once the prompt is back, a bell
			// that should not have come has had its chance.
			s.Send("\x07")
			s.ExpectPrompt()
			if got := bells() - before; got != tc.bells {
				t.Errorf("Ctrl+R past the oldest match rang %d bells, want %d", got, tc.bells)
			}
		})
	}
}
