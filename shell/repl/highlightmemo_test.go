package repl

import "testing"

func TestLineColours(t *testing.T) {
	calls := 0
	c := &lineColours{highlight: func(s string) string { calls++; return "<" + s + ">" }}
	steps := []struct {
		line   string
		forget bool
		want   string
		calls  int
	}{
		{"ls", false, "<ls>", 1},
		{"ls", false, "<ls>", 1}, // the same line: kept
		{"ls ", false, "<ls >", 2},
		{"ls", false, "<ls>", 3},
		{"ls", true, "<ls>", 4}, // a new line starts: coloured again
		{"", false, "<>", 5},
		{"", false, "<>", 5},
		{"é", false, "<é>", 6},
		{"é", false, "<é>", 6},
		{"e\u0301", false, "<e\u0301>", 7},
	}
	for i, s := range steps {
		if s.forget {
			c.forget()
		}
		if got := c.colour([]rune(s.line)); got != s.want || calls != s.calls {
			t.Errorf("step %d (%q): got %q after %d calls, want %q after %d", i, s.line, got, calls, s.want, s.calls)
		}
	}
	var none *lineColours
	none.forget() // no highlighting: nothing to forget
}
