package patterns

import (
	"regexp"
	"testing"

	"mvdan.cc/sh/v3/pattern"
)

func TestFoldPattern(t *testing.T) {
	tests := []struct {
		pat   string
		match []string
		miss  []string
	}{
		{"abc", []string{"abc", "ABC", "aBc"}, []string{"abd"}},
		{`a\*`, []string{"a*", "A*"}, []string{"ab"}},
		{`\a`, []string{"a", "A"}, []string{"b"}},
		{"[a-c]x", []string{"bx", "BX"}, []string{"dx"}},
		{"[!a-c]", []string{"d", "D"}, []string{"b", "B"}},
		{"[[:upper:]]", []string{"A"}, []string{"a"}},
		{"[[:alpha:]q]", []string{"Q", "q", "z"}, []string{"1"}},
		{"*.TXT", []string{"a.txt", "B.TxT"}, []string{"a.txd"}},
		{"ä?", []string{"Äx", "äy"}, []string{"ax"}},
		{"[", []string{"["}, []string{"a"}},
	}
	for _, tc := range tests {
		folded := FoldCase(tc.pat)
		rx, err := pattern.Regexp(folded, pattern.EntireString)
		if err != nil {
			t.Errorf("FoldCase(%q) = %q: %v", tc.pat, folded, err)
			continue
		}
		re := mustCompile(t, rx)
		for _, s := range tc.match {
			if !re.MatchString(s) {
				t.Errorf("FoldCase(%q) = %q does not match %q", tc.pat, folded, s)
			}
		}
		for _, s := range tc.miss {
			if re.MatchString(s) {
				t.Errorf("FoldCase(%q) = %q matches %q", tc.pat, folded, s)
			}
		}
	}
}

func mustCompile(t *testing.T, rx string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(rx)
	if err != nil {
		t.Fatal(err)
	}
	return re
}
