package strutil

import "testing"

func TestExpandTabs(t *testing.T) {
	for _, c := range []struct {
		in        string
		col, want int
		out       string
	}{
		{"echo a\tb", 2, 0, "echo a        b"},
		{"\x1b[31mecho\x1b[0m a\tb", 2, 0, "\x1b[31mecho\x1b[0m a        b"},
		{"é\tb", 0, 0, "é       b"},
		{"ab\n\tc", 0, 0, "ab\n      c"},
		{"no tab", 5, 0, "no tab"},
	} {
		if got := ExpandTabs(c.in, c.col, 2, 80); got != c.out {
			t.Errorf("ExpandTabs(%q, %d) = %q, want %q", c.in, c.col, got, c.out)
		}
	}
}

func TestCaretsAndSpan(t *testing.T) {
	if got := string(Carets([]rune("a\x01b\x7f\tc"))); got != "a^Ab^?\tc" {
		t.Errorf("Carets = %q", got)
	}
	if Carets([]rune("plain\ttext")) != nil {
		t.Error("Carets of a line without control characters is not nil")
	}
	for _, c := range []struct {
		line   string
		indent int
		x, y   int
	}{
		{"echo a\tb", 2, 17, 0},
		{"a\x01b", 0, 4, 0},
		{"é\tb", 2, 9, 0},
	} {
		x, y := wrappedSpan(c.line, c.indent, 80)
		if x != c.x || y != c.y {
			t.Errorf("wrappedSpan(%q, %d) = %d, %d, want %d, %d", c.line, c.indent, x, y, c.x, c.y)
		}
	}
}
