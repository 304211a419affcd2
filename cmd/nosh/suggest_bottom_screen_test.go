package main

import (
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenMultiLineSuggestionAtTheBottom: at the bottom of a full
// screen, a suggestion from history that spans two rows (a multi-line
// command) must get its rows like a typed line does. Without them, the
// editor's clearing below the input walked up over the row above the
// prompt: the error message of the command before vanished.
func TestScreenMultiLineSuggestionAtTheBottom(t *testing.T) {
	term := startNosh(t, screentest.Options{Rows: 20})
	term.Type("echo \"two\r")
	term.WaitPrompt2()
	term.Run("rows\"")
	term.Fill()
	term.Run("cd /nonexistent-dir-for-the-test")
	term.WaitText("No such file or directory")
	term.Type("echo \"t")
	s := term.WaitFor("the two-row suggestion", func(s screentest.Screen) bool {
		return strings.Contains(s.CursorLine(), "echo \"two") && s.Row+1 < len(s.Rows) &&
			strings.Contains(s.Rows[s.Row+1], "rows\"")
	})
	if !s.Contains("No such file or directory") {
		t.Errorf("the error line above the prompt was overwritten:\n%s", s.Framed())
	}
	term.Type("\x15")
	s = term.Run("echo after")
	if !s.Contains("No such file or directory") || !s.Contains("$ echo after") || s.Count("after") != 1 {
		t.Errorf("the screen lost a row:\n%s", s.Framed())
	}
}
