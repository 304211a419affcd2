package repl

import (
	"testing"

	"nosh/shell/history"
)

// TestHistorySearch: ↑ and ↓ walk the entries that start with what is
// typed before the cursor, and ↓ past the newest brings the typed line
// back, as bash's history-search-backward/-forward do.
func TestHistorySearch(t *testing.T) {
	se := benchSession(t)
	for _, l := range []string{"echo alpha-one", "echo beta-two", "echo alpha-three", "true"} {
		se.hist.Add(history.Entry{Command: l, Dir: "/"})
	}
	rl := se.rl
	cmds := rl.Keymap.Commands()
	up, down := cmds["history-search-backward"], cmds["history-search-forward"]
	rl.Line().Set([]rune("echo a")...)
	rl.Cursor().Set(len("echo a"))
	for i, step := range []struct {
		key  func()
		want string
	}{
		{up, "echo alpha-three"}, {up, "echo alpha-one"}, {up, "echo alpha-one"},
		{down, "echo alpha-three"}, {down, "echo a"}, {down, "echo a"},
	} {
		step.key()
		if got := string(*rl.Line()); got != step.want || rl.Cursor().Pos() != len("echo a") {
			t.Fatalf("key %d: line %q, cursor %d; want %q, cursor %d", i+1, got, rl.Cursor().Pos(), step.want, len("echo a"))
		}
	}
	// An edited line starts a new search from what it now holds; on an
	// empty line ↑ is the previous entry.
	rl.Line().Set()
	rl.Cursor().Set(0)
	up()
	if got := string(*rl.Line()); got != "true" || rl.Cursor().Pos() != len("true") {
		t.Errorf("↑ on an empty line: %q, cursor %d; want the last entry, cursor at its end", got, rl.Cursor().Pos())
	}
}
