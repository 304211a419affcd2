package main

import (
	"strings"
	"testing"
)

// An interactive shell reading lines that are not typed at a terminal
// (nosh -i <file, as test suites drive it) reads a command's following
// lines as bash does: a here-document's body, whatever quoting its
// delimiter has, and the open parts of compound commands.
func TestInteractiveContinuationLines(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, input, out string }{
		{"here-document", "cat <<END\nhi $((1+1))\nEND\necho next\n", "hi 2\nnext\n"},
		{"quoted delimiter", "cat <<'END'\nhi $x\nEND\necho next\n", "hi $x\nnext\n"},
		{"backslashed delimiter", "cat <<\\END\nhi $x\nEND\necho next\n", "hi $x\nnext\n"},
		{"tab-stripped", "cat <<-'END'\n\thi\n\tEND\necho next\n", "hi\nnext\n"},
		{"two in one line", "cat <<A; cat <<'B'\na\nA\nb\nB\necho next\n", "a\nb\nnext\n"},
		{"compound", "if true\nthen echo in\nfi\necho next\n", "in\nnext\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, errs, st := runInteractive(t, "", tc.input)
			if out != tc.out || strings.TrimSpace(errs) != "" || st != 0 {
				t.Errorf("stdout %q, stderr %q, status %d; want stdout %q", out, errs, st, tc.out)
			}
		})
	}
}
