package markdown

import (
	"strings"
	"testing"
)

func render(in string, color bool, chunk int) string {
	var b strings.Builder
	r := New(&b, color, "")
	for len(in) > 0 {
		n := min(chunk, len(in))
		r.Write([]byte(in[:n]))
		in = in[n:]
	}
	r.Close()
	return b.String()
}

func TestPlainRendering(t *testing.T) {
	in := "# Disk use\n\nMost space is in **/var/log** (`2.1G`).\n\n- old *journal* files\n- docker images\n1. run this:\n```sh\njournalctl --vacuum-size=200M\n```\n> careful\n---\ntail"
	want := "Disk use\n\nMost space is in /var/log (2.1G).\n\n• old journal files\n• docker images\n1. run this:\nsh\n  journalctl --vacuum-size=200M\n│ careful\n" + strings.Repeat("─", 40) + "\ntail\n"
	for _, chunk := range []int{1, 3, 7, 1000} {
		if got := render(in, false, chunk); got != want {
			t.Errorf("chunk %d:\n got %q\nwant %q", chunk, got, want)
		}
	}
}

func TestColorRendering(t *testing.T) {
	got := render("**b** *i* `c` snake_case_name 2*3*4\n", true, 5)
	for _, want := range []string{"\x1b[1mb\x1b[0m", "\x1b[3mi\x1b[0m", "\x1b[36mc\x1b[0m", "snake_case_name", "2*3*4"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
}

func TestIndent(t *testing.T) {
	var b strings.Builder
	r := New(&b, false, "  ")
	r.Write([]byte("a\nb"))
	r.Close()
	if b.String() != "  a\n  b\n" {
		t.Errorf("got %q", b.String())
	}
}
