package patterns

import (
	"strings"
	"testing"
)

func TestMatcher(t *testing.T) {
	tests := []struct {
		pat, s string
		mode   MatchMode
		want   bool
	}{
		{"pass@(wd|x)", "passwd", 0, true},
		{"+(pass)wd", "passpasswd", 0, true},
		{"+(pass)wd", "wd", 0, false},
		{"*(pass)wd", "wd", 0, true},
		{"?(a)b", "ab", 0, true},
		{"?(a)b", "aab", 0, false},
		{"hostn!(x)", "hostname", 0, true},
		{"hostn!(x)", "hostnx", 0, false},
		{"a!(b)*", "abc", 0, true}, // !(b) matches the empty string
		{"!(*.log)", "c.log", 0, false},
		{"!(*.log)", "d", 0, true},
		{"!(!(d))", "d", 0, true},
		{"@(a|@(d|e.*))", "e.txt", 0, true},
		{"*(+(c|.)|log)", "c.log", 0, true},
		{"[[:digit:]]@([a-c]|x)", "1b", 0, true},
		{`\@(a)`, "@(a)", 0, true},
		{`@(a`, "@(a", 0, true}, // unclosed: literal
		{"[!a]", "b", 0, true},
		{"[]x]", "]", 0, true},
		{"!(*.log)", ".a", Filename, false},
		{"*", ".a", Filename, false},
		{"*", ".a", Filename | DotGlob, true},
		{"@(.a|d)", ".a", Filename, true},
		{"*(.)a", ".a", Filename, true},
		{".!(a)", ".b", Filename, true},
		{"@(*)", ".a", Filename, false},
		{"@(D|E)", "d", NoCase, true},
		{"[a-c]X", "Bx", NoCase, true},
		{"é@(t|x)é", "été", 0, true},
		// Backtracking over these is exponential without memoization.
		{"+(a|aa)b", strings.Repeat("a", 200) + "c", 0, false},
		{"*(*(a))b", strings.Repeat("a", 200) + "c", 0, false},
		{"!(+(a|aa))", strings.Repeat("a", 200), 0, false},
		{"*a*a*a*a*a*b", strings.Repeat("a", 200) + "b", 0, true},
	}
	for _, tt := range tests {
		if got := Compile(tt.pat, tt.mode).Match(tt.s); got != tt.want {
			t.Errorf("Compile(%q, %v).Match(%q) = %v, want %v", tt.pat, tt.mode, tt.s, got, tt.want)
		}
	}
}

func TestHasExtGlob(t *testing.T) {
	for pat, want := range map[string]bool{
		"@(a)": true, "x!(y)z": true, "+(a|b)": true, `\@(a)`: false, "@(a": false, "*.c": false, "(a)": false,
	} {
		if got := HasExtGlob(pat); got != want {
			t.Errorf("HasExtGlob(%q) = %v, want %v", pat, got, want)
		}
	}
}
