package escapes

import "testing"

func TestStrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain", "plain"},
		{"\x1b[1;36m~/wd\x1b[0m # ", "~/wd # "},
		{"\x1bD\x1bM$ ", "$ "},
		{"\x1b]0;title\x07x", "x"},
		{"\x1b]8;;https://e.x\x1b\\link\x1b]8;;\x1b\\", "link"},
		{"été \x1b[31mrouge\x1b[m", "été rouge"},
	} {
		if got := Strip(tc.in); got != tc.want {
			t.Errorf("Strip(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
