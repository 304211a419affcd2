package attach

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name, in, text string
		paths          []string
	}{
		{"none", "find big files", "find big files", nil},
		{"one", "explain @main.go please", "explain @main.go please", []string{"main.go"}},
		{"at start and twice", "@a.txt and @b/ and @a.txt", "@a.txt and @b/ and @a.txt", []string{"a.txt", "b/"}},
		{"escaped", `mail \@team about @notes`, "mail @team about @notes", []string{"notes"}},
		{"single quoted word", "say '@x' aloud", "say '@x' aloud", nil},
		{"double quoted phrase", `say "hello @x" aloud`, `say "hello @x" aloud`, nil},
		{"apostrophe in a word", "don't touch @y", "don't touch @y", []string{"y"}},
		{"unclosed quote", "'tis @z", "'tis @z", []string{"z"}},
		{"mid-word at", "mail me@example.com", "mail me@example.com", nil},
		{"backslash space", `read @my\ file.txt now`, `read @my\ file.txt now`, []string{"my file.txt"}},
		{"quoted path", `read @'my file.txt' now`, `read @'my file.txt' now`, []string{"my file.txt"}},
		{"double-quoted path", `read @"a \"b\"" now`, `read @"a \"b\"" now`, []string{`a "b"`}},
		{"lone at", "look @ this", "look @ this", nil},
		{"tilde", "@~/x", "@~/x", []string{"~/x"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, refs := Parse(tt.in)
			var paths []string
			for _, r := range refs {
				paths = append(paths, r.Path)
			}
			if text != tt.text || !reflect.DeepEqual(paths, tt.paths) {
				t.Errorf("Parse(%q) = %q %q, want %q %q", tt.in, text, paths, tt.text, tt.paths)
			}
		})
	}
}

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abcd", 1},
		{"abcde", 2},
		{"привет", 3},
		{"日本語", 3},
		{"ab日本", 3},
	}
	for _, tt := range tests {
		if got := Tokens(tt.in); got != tt.want {
			t.Errorf("Tokens(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"a @b c", `\@x '@y' "@z w"`, `@'unclosed`, `@a\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text, refs := Parse(s)
		for _, r := range refs {
			if r.Path == "" {
				t.Errorf("empty path from %q", s)
			}
		}
		if len(text) > len(s) {
			t.Errorf("text grew: %q -> %q", s, text)
		}
	})
}
