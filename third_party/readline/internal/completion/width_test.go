package completion

import (
	"testing"

	"github.com/reeflective/readline/internal/color"
	"github.com/reeflective/readline/internal/strutil"
)

// TestColumnsMatchesRealLength: the menu's measure of a row agrees with
// the library's (colours stripped, graphemes measured).
func TestColumnsMatchesRealLength(t *testing.T) {
	for _, s := range []string{
		"", "ls", "résumé", "e\u0301te\u0301", "\u0301x", "\x1b[m\u0301ab", "日本語", "👍🏽 ok",
		"family-👨\u200d👩\u200d👧", "\x1b[1;32m宽宽\x1b[0m  -- x", "a\x1b[0m\u0301", "\x1b[?25lhidden",
		"Ünïcödé-\x1b[33mcoloured\x1b[0m", "한국어",
	} {
		if got, want := columns(s), strutil.RealLength(color.Strip(s)); got != want {
			t.Errorf("columns(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestTrimColumns: a cut keeps whole characters and the sequences before
// the cut, and never more columns than asked.
func TestTrimColumns(t *testing.T) {
	cases := []struct {
		in   string
		n    int
		want string
	}{
		{"résumé", 3, "rés"},
		{"日本語", 3, "日"},
		{"日本語", 4, "日本"},
		{"\x1b[31mred\x1b[0m", 2, "\x1b[31mre"},
		{"e\u0301te\u0301", 1, "e\u0301"},
		{"\x1b[m\u0301ete\u0301\x1b[0m   ", 4, "\x1b[m\u0301ete\u0301\x1b[0m "},
		{"abc", 0, ""},
	}
	for _, c := range cases {
		if got := c.in[:trimColumns(c.in, c.n)]; got != c.want {
			t.Errorf("trimColumns(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
