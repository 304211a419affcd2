package markdown

import (
	"strings"
	"testing"
)

func TestShowControls(t *testing.T) {
	for _, c := range []struct{ in, prose, command string }{
		{"plain text, été, 日本, 👨\u200d👩\u200d👧", "plain text, été, 日本, 👨\u200d👩\u200d👧", "plain text, été, 日本, 👨<U+200D>👩<U+200D>👧"},
		{"a\tb\nc", "a\tb\nc", "a\tb\nc"},
		{"ls #\x1b[2K\r\x1b[1Aecho fine", "ls #␛[2K␍␛[1Aecho fine", "ls #␛[2K␍␛[1Aecho fine"},
		{"x\x1b]52;c;cGF5bG9hZA==\x07", "x␛]52;c;cGF5bG9hZA==␇", "x␛]52;c;cGF5bG9hZA==␇"},
		{"echo ok \u202e; rm x; \u202c", "echo ok <U+202E>; rm x; <U+202C>", "echo ok <U+202E>; rm x; <U+202C>"},
		{"r\u200bm -rf x", "r\u200bm -rf x", "r<U+200B>m -rf x"},
		{"c1 \u009b2J, del \x7f, bad \xff\xfe", "c1 <U+009B>2J, del ␡, bad <0xFF><0xFE>", "c1 <U+009B>2J, del ␡, bad <0xFF><0xFE>"},
	} {
		if got := ShowControls(c.in); got != c.prose {
			t.Errorf("ShowControls(%q) = %q, want %q", c.in, got, c.prose)
		}
		if got := ShowInvisible(c.in); got != c.command {
			t.Errorf("ShowInvisible(%q) = %q, want %q", c.in, got, c.command)
		}
	}
}

// TestRenderShowsControls: a model's text cannot reach the terminal as
// codes through the renderer, in prose or in code, whole or streamed in
// pieces that split a character.
func TestRenderShowsControls(t *testing.T) {
	src := "hello \x1b]52;c;cGF5bG9hZA==\x07 world\x1b[2K\r `code\x1b[31m` \u202eabc\n\n```\nx\x1b[1Ay\n```\n"
	for _, opt := range []Options{{}, {Color: true, Hyperlinks: true}} {
		whole := Render(src, opt)
		var b strings.Builder
		r := New(&b, opt)
		for i := 0; i < len(src); i += 3 {
			r.Write([]byte(src[i:min(i+3, len(src))]))
		}
		r.Close()
		for _, out := range []string{whole, b.String()} {
			if strings.Contains(out, "\x1b]52") || strings.Contains(out, "\x1b[2K") || strings.Contains(out, "\x1b[1A") ||
				strings.Contains(out, "\u202e") || strings.Contains(out, "\r") || strings.Contains(out, "\a") {
				t.Errorf("a control reached the output: %q", out)
			}
			if !strings.Contains(out, "␛]52") || !strings.Contains(out, "<U+202E>") {
				t.Errorf("the controls are not shown: %q", out)
			}
		}
	}
}
