package main

import (
	"strings"
	"testing"
	"unicode"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenSlashHelpWraps: /help's descriptions were printed as one
// line each and the terminal cut them mid-word at its edge ("(as /ne"
// and "w)" on the next row). They wrap at word boundaries now, under
// their own column.
func TestScreenSlashHelpWraps(t *testing.T) {
	const cols = 60
	term := startNosh(t, screentest.Options{Rows: 40, Cols: cols})
	term.Fill()
	term.Type("/help\r")
	s := term.WaitFor("/help's last command and a prompt", func(s screentest.Screen) bool {
		return s.Contains("/yolo") && s.AtPrompt("$ ")
	})
	first := -1
	for i, r := range s.Rows {
		if strings.HasPrefix(r, "A line is run as a shell command") {
			first = i
		}
	}
	if first < 0 {
		t.Fatalf("no /help on the screen:\n%s", s.Framed())
	}
	letter := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := first; i+1 < s.Row; i++ {
		row, next := []rune(s.Rows[i]), []rune(s.Rows[i+1])
		if len(row) >= cols && len(next) > 0 && letter(row[cols-1]) && letter(next[0]) {
			t.Errorf("rows %d and %d split a word:\n%s", i, i+1, s.Framed())
		}
		if strings.HasPrefix(s.Rows[i+1], "    ") && !strings.HasPrefix(s.Rows[i+1], "    /") &&
			!strings.HasPrefix(s.Rows[i+1], strings.Repeat(" ", 15)) {
			t.Errorf("row %d continues a description outside its column:\n%s", i+1, s.Framed())
		}
	}
}
