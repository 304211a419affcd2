package completion

import (
	"fmt"
	"strings"
	"testing"

	"github.com/reeflective/readline/internal/core"
	"github.com/reeflective/readline/internal/keymap"
	"github.com/reeflective/readline/internal/term"
)

// TestIsearchStopsAtTheOldestMatch: Ctrl+R past the oldest match keeps it
// and says the search failed, as bash does; it went round to the newest.
// Ctrl+S from there goes back to newer matches, and the failure is no
// longer shown.
func TestIsearchStopsAtTheOldestMatch(t *testing.T) {
	c := menuCase{name: "history", width: 80, height: 24}
	for i := range 30 {
		c.cands = append(c.cands, Candidate{Value: fmt.Sprintf("echo %d", 30-i)}) // newest first
	}

	eng := newMenuEngine(c)
	eng.keymap.SetLocal(keymap.Isearch)
	eng.GenerateWith(func() Values {
		vals := AddRaw(append([]Candidate(nil), c.cands...))
		vals.NoSort["*"] = true
		return vals
	})
	eng.IsearchStart("history", true, true)
	eng.isearchBuf.Set([]rune("echo 1")...) // echo 19 … echo 10, echo 1
	eng.isearchCur.Set(eng.isearchBuf.Len())
	eng.UpdateIsearch()

	selected := func() string {
		line, _ := eng.Line()
		return string(*line)
	}
	ctrlR := func() {
		core.MatchedKeys(eng.keys, []byte{'\x12'})
		eng.Select(1, 0)
	}

	if got := selected(); got != "echo 19" {
		t.Fatalf("first match %q, want the newest, echo 19", got)
	}

	for range 10 {
		ctrlR()
	}

	if got := selected(); got != "echo 1" {
		t.Fatalf("after the oldest match: %q, want echo 1 kept", got)
	}

	if hint := eng.hint.Text(); strings.Contains(hint, "failing") {
		t.Errorf("hint %q says the search failed on its last match", hint)
	}

	for range 2 {
		ctrlR()

		if got := selected(); got != "echo 1" {
			t.Fatalf("Ctrl+R past the oldest match: %q, want echo 1 kept", got)
		}

		if hint := eng.hint.Text(); !strings.Contains(hint, "failing") {
			t.Errorf("hint %q does not say the search failed", hint)
		}
	}

	core.MatchedKeys(eng.keys, []byte{'\x13'})
	eng.Select(-1, 0)

	if got := selected(); got != "echo 10" {
		t.Fatalf("Ctrl+S: %q, want echo 10", got)
	}

	if hint := eng.hint.Text(); strings.Contains(hint, "failing") {
		t.Errorf("hint %q still says the search failed", hint)
	}
}

// TestIsearchReachesTheOldestMatch: a history completer gives as many
// matches as the list shows (history.Complete's maxLines); Ctrl+R past
// the last of them asks for more, as far as the oldest match, where the
// search stops. It went round to the newest after the list's last row.
func TestIsearchReachesTheOldestMatch(t *testing.T) {
	c := menuCase{name: "history", width: 80, height: 24}
	eng := newMenuEngine(c)
	eng.keymap.SetLocal(keymap.Isearch)

	const entries = 100
	eng.GenerateWith(func() Values {
		want := max(8, eng.IsearchReach())

		var cands []Candidate
		for i := entries; i > 0 && len(cands) < want; i-- {
			line := fmt.Sprintf("echo %d", i)
			if eng.IsearchRegex == nil || eng.IsearchRegex.MatchString(line) {
				cands = append(cands, Candidate{Value: line})
			}
		}

		vals := AddRaw(cands)
		vals.NoSort["*"] = true

		return vals
	})
	eng.IsearchStart("history", true, true)
	eng.isearchBuf.Set([]rune("echo")...)
	eng.isearchCur.Set(eng.isearchBuf.Len())
	eng.UpdateIsearch()

	selected := func() string {
		line, _ := eng.Line()
		return string(*line)
	}

	for i := entries; i > 0; i-- {
		if got, want := selected(), fmt.Sprintf("echo %d", i); got != want {
			t.Fatalf("after %d Ctrl+R: %q, want %q", entries-i, got, want)
		}

		if err := checkFrame(eng, menuCase{width: 80, maxRows: 8}); err != nil {
			t.Fatalf("after %d Ctrl+R: %v", entries-i, err)
		}

		core.MatchedKeys(eng.keys, []byte{'\x12'})
		eng.Select(1, 0)
	}

	if got := selected(); got != "echo 1" {
		t.Fatalf("past the oldest match: %q, want echo 1 kept", got)
	}

	if hint := eng.hint.Text(); !strings.Contains(hint, "failing") {
		t.Errorf("hint %q does not say the search failed", hint)
	}
}

// TestIsearchResizeKeepsTheMatch: the list made again after a resize
// (ApplyRegen) keeps the selected match and the search's row; it lost
// both, and the next Ctrl+R went back to the second match.
func TestIsearchResizeKeepsTheMatch(t *testing.T) {
	c := menuCase{name: "history", width: 80, height: 24}
	eng := newMenuEngine(c)
	eng.keymap.SetLocal(keymap.Isearch)
	eng.GenerateWith(func() Values {
		var cands []Candidate
		for i := 40; i > 0; i-- {
			line := fmt.Sprintf("echo %d", i)
			if eng.IsearchRegex == nil || eng.IsearchRegex.MatchString(line) {
				cands = append(cands, Candidate{Value: line})
			}
		}
		eng.hint.Set("history source") // as history.Complete does
		vals := AddRaw(cands)
		vals.NoSort["*"] = true
		return vals
	})
	eng.IsearchStart("history", true, true)
	eng.isearchBuf.Set([]rune("echo 3")...)
	eng.isearchCur.Set(eng.isearchBuf.Len())
	eng.UpdateIsearch() // echo 39 … echo 30, echo 3

	for range 3 {
		core.MatchedKeys(eng.keys, []byte{'\x12'})
		eng.Select(1, 0)
	}

	selected := func() string {
		line, _ := eng.Line()
		return string(*line)
	}
	if got := selected(); got != "echo 36" {
		t.Fatalf("before the resize: %q, want echo 36", got)
	}

	term.SetSize(60, 18)
	eng.RequestRegen()
	eng.ApplyRegen()

	if got := selected(); got != "echo 36" {
		t.Errorf("after the resize: %q, want echo 36", got)
	}
	if hint := eng.hint.Text(); !strings.Contains(hint, "inc-search") {
		t.Errorf("after the resize the search's row is %q", hint)
	}

	core.MatchedKeys(eng.keys, []byte{'\x12'})
	eng.Select(1, 0)

	if got := selected(); got != "echo 35" {
		t.Errorf("Ctrl+R after the resize: %q, want echo 35", got)
	}
}
