package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"nosh/cmd/nosh/internal/screentest"
	"nosh/shell/history"
)

// TestFourShellsShareHistory types commands into four interactive shells
// at once, on 40-row terminals that the commands fill and scroll, all
// writing one history file: it ends with every command once.
func TestFourShellsShareHistory(t *testing.T) {
	t.Parallel()
	const shells, lines = 4, 60
	home := t.TempDir()
	opts := screentest.Options{Rows: 40, Env: []string{"HOME=" + home,
		"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config")}}
	var terms []*screentest.Term
	for range shells {
		term := screentest.StartShell(t, noshShell(t), opts)
		term.SetQuiet(10 * time.Millisecond)
		terms = append(terms, term)
	}
	for i := range lines {
		for w, term := range terms {
			term.Type(fmt.Sprintf(": shell-%d-line-%d\r", w, i))
		}
		for _, term := range terms {
			term.WaitPrompt()
		}
	}
	for _, term := range terms {
		term.Type("exit\r")
		term.WaitExit()
	}
	h, err := history.Open(history.Options{Path: filepath.Join(home, "state/nosh/history")})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for i := range h.Len() {
		c := h.Entry(i).Command
		if c == "exit" {
			continue
		}
		if !strings.HasPrefix(c, ": shell-") || seen[c] {
			t.Fatalf("entry %d damaged or repeated: %q", i, c)
		}
		seen[c] = true
	}
	if len(seen) != shells*lines {
		t.Fatalf("history has %d entries, want %d", len(seen), shells*lines)
	}
}
