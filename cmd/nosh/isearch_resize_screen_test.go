package main

import (
	"fmt"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenHistorySearchResized: a resize during Ctrl+R, from a full
// scrolled screen, keeps the prompt row above the search's, the match
// on the line, and the list bounded and made of matching entries.
func TestScreenHistorySearchResized(t *testing.T) {
	entries, file := searchHistory(300)
	entries["seq 200"] = true
	for _, size := range []struct{ rows, cols int }{{18, 80}, {30, 80}, {24, 60}, {24, 100}} {
		t.Run(fmt.Sprintf("80x24 to %dx%d", size.cols, size.rows), func(t *testing.T) {
			term := startNosh(t, screentest.Options{Rows: 24, Cols: 80, Files: map[string]string{
				".local/state/nosh/history": file,
			}})
			term.Fill()
			term.Type("\x12git")
			s := waitSearch(term, "git")
			checkSearch(t, s, entries, "git", "before the resize")
			term.Type("\x12\x12")
			s = waitSearchLine(term, "$ git commit -m 'message 284'")
			term.Resize(size.rows, size.cols)
			s = term.WaitFor("the search redrawn", func(s screentest.Screen) bool {
				h := searchRow(s)
				return len(s.Rows) == size.rows && h > 0 && s.Rows[h-1] == "$ git commit -m 'message 284'"
			})
			checkSearch(t, s, entries, "git", "after the resize")
			term.Type("\x12")
			s = waitSearchLine(term, "$ git commit -m 'message 278'")
			checkSearch(t, s, entries, "git", "after the resize and Ctrl+R")
		})
	}
}
