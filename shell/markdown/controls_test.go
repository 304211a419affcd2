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

// TestControlFilter: a program's colours pass, everything else that
// would act on the terminal is shown, however the output is split.
func TestControlFilter(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"plain\nlines\ttabbed\n", "plain\nlines\ttabbed\n"},
		{"\x1b[1;31mred\x1b[0m \x1b[38;2;1;2;3mrgb\x1b[m\n", "\x1b[1;31mred\x1b[0m \x1b[38;2;1;2;3mrgb\x1b[m\n"},
		{"ok\x1b]52;c;cm0gLXJmIH4K\x07\n", "ok␛]52;c;cm0gLXJmIH4K␇\n"},
		{"a\x1b[2K\x1b[1A\rfake\n", "a␛[2K␛[1A␍fake\n"},
		{"dos\r\nline\r\n", "dos\nline\n"},
		{"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\\n", "␛]8;;http://x␛\\link␛]8;;␛\\\n"},
		{"bell\a back\b \u202eevil\u202c \u009b2J é\n", "bell␇ back␈ <U+202E>evil<U+202C> <U+009B>2J é\n"},
		{"\x1bc reset \x1b7save\n", "␛c reset ␛7save\n"},
		{"cut \x1b[", "cut ␛["},
	} {
		for _, size := range []int{1, 2, 3, 7, 1 << 20} {
			var b strings.Builder
			f := &ControlFilter{W: &b}
			for i := 0; i < len(c.in); i += size {
				f.Write([]byte(c.in[i:min(i+size, len(c.in))]))
			}
			f.Flush()
			if b.String() != c.want {
				t.Errorf("%q in pieces of %d: %q, want %q", c.in, size, b.String(), c.want)
			}
		}
	}
}
