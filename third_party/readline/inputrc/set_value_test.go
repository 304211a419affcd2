package inputrc

import (
	"strings"
	"testing"
)

// TestSetValueNotTakenForAString: a set's value is a quoted string only
// when it starts with a quote; `set bell-style none` read "non", its
// first letter taken for a quote that the second n closed.
func TestSetValueNotTakenForAString(t *testing.T) {
	for _, tc := range []struct{ line, name, want string }{
		{"set bell-style none", "bell-style", "none"},
		{"set bell-style none\n", "bell-style", "none"},
		{"set bell-style visible", "bell-style", "visible"},
		{"set editing-mode emacs", "editing-mode", "emacs"},
		{"set isearch-terminators abca", "isearch-terminators", "abca"},
	} {
		cfg := NewDefaultConfig()
		if err := ParseBytes([]byte(tc.line), cfg); err != nil {
			t.Fatalf("%q: %v", tc.line, err)
		}
		if got := cfg.GetString(tc.name); got != tc.want {
			t.Errorf("%q: %s = %q, want %q", tc.line, tc.name, got, tc.want)
		}
	}
	// A quoted value still reads to its closing quote, blanks included.
	cfg := NewDefaultConfig()
	if err := ParseBytes([]byte(`set vi-ins-mode-string "(ins) x"`), cfg); err != nil {
		t.Fatal(err)
	}
	if got := cfg.GetString("vi-ins-mode-string"); !strings.Contains(got, "(ins) x") {
		t.Errorf("quoted value read as %q", got)
	}
}
