package repl

import (
	"strings"
	"testing"
)

func TestLayoutRows(t *testing.T) {
	tests := []struct {
		line        string
		prompt, col int
		want        int
	}{
		{"", 2, 80, 0},
		{"echo hi", 2, 80, 0},
		{strings.Repeat("a", 77), 2, 80, 0},
		{strings.Repeat("a", 78), 2, 80, 1}, // fills the row: the editor goes on to the next
		{strings.Repeat("a", 79), 2, 80, 1},
		{strings.Repeat("a", 200), 2, 80, 2},
		{strings.Repeat("a", 80), 0, 80, 1},
		{strings.Repeat("a", 160), 0, 80, 2},
		{strings.Repeat("a", 81), 0, 80, 1},
		{"é" + strings.Repeat("a", 79), 0, 80, 1},
		{"é" + strings.Repeat("a", 78), 0, 80, 0},
		{"for i in 1 2\ndo echo\ndone", 2, 80, 2},
		{"a\n" + strings.Repeat("b", 90), 2, 80, 2},
		// A wide character that does not fit the row's last column goes
		// to the next row whole.
		{"echo " + strings.Repeat("漢", 37), 2, 80, 1},
		{"echo " + strings.Repeat("漢", 36), 2, 80, 0},
		{"x" + strings.Repeat("漢", 39), 0, 80, 0},
		{"x" + strings.Repeat("漢", 40), 0, 80, 1},
		{"é", 10, 5, 2},
	}
	for _, tc := range tests {
		if got := layoutRows(tc.line, tc.prompt, tc.col); got != tc.want {
			t.Errorf("layoutRows(%q, %d, %d) = %d, want %d", tc.line, tc.prompt, tc.col, got, tc.want)
		}
	}
}

// TestASCIIRowsAgreesWithLayout checks the per-key shortcut against the
// general layout, around every row boundary.
func TestASCIIRowsAgreesWithLayout(t *testing.T) {
	for _, cols := range []int{1, 2, 5, 80} {
		for prompt := 0; prompt <= 2*cols+1; prompt++ {
			for n := 0; n <= 3*cols+1; n++ {
				line := strings.Repeat("a", n)
				got, ok := asciiRows([]rune(line), prompt, cols)
				if want := layoutRows(line, prompt, cols); !ok || got != want {
					t.Fatalf("asciiRows(%d chars, %d, %d) = %d, %v; layoutRows says %d", n, prompt, cols, got, ok, want)
				}
			}
		}
	}
	for _, line := range []string{"a\nb", "é", "\t", "x\x7f"} {
		if _, ok := asciiRows([]rune(line), 2, 80); ok {
			t.Errorf("asciiRows(%q) took the shortcut", line)
		}
	}
}

func TestSplitOSC(t *testing.T) {
	tests := []struct{ in, visible, osc string }{
		{"$ ", "$ ", ""},
		{"\x1b]0;root@vm: ~\a\x1b[01;32mroot@vm\x1b[00m# ", "\x1b[01;32mroot@vm\x1b[00m# ", "\x1b]0;root@vm: ~\a"},
		{"a\x1b]2;t\x1b\\b", "ab", "\x1b]2;t\x1b\\"},
		{"x\x1b]0;unterminated", "x", "\x1b]0;unterminated"},
	}
	for _, tc := range tests {
		vis, osc := splitOSC(tc.in)
		if vis != tc.visible || osc != tc.osc {
			t.Errorf("splitOSC(%q) = %q, %q; want %q, %q", tc.in, vis, osc, tc.visible, tc.osc)
		}
	}
}

func BenchmarkLayoutRows(b *testing.B) {
	line := strings.Repeat("echo hello world | grep -v x ", 4)
	for b.Loop() {
		layoutRows(line, 12, 80)
	}
}
