package quote

import "testing"

// TestQuoting checks the quoting styles of printf %q and set -x.
func TestQuoting(t *testing.T) {
	tests := []struct{ in, bash, trace string }{
		{"a b", `a\ b`, `'a b'`},
		{"", "''", "''"},
		{"it's", `it\'s`, `'it'\''s'`},
		{"~x", `\~x`, `'~x'`},
		{"a\nb", `$'a\nb'`, `$'a\nb'`},
		{"plain", "plain", "plain"},
	}
	for _, tt := range tests {
		if got := Bash(tt.in); got != tt.bash {
			t.Errorf("Bash(%q) = %q, want %q", tt.in, got, tt.bash)
		}
		if got := ForTrace(tt.in); got != tt.trace {
			t.Errorf("ForTrace(%q) = %q, want %q", tt.in, got, tt.trace)
		}
	}
}
