package shell

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestMayStartProgram: a statement's pipeline texts (for jobs) are taken
// only when one of its simple commands may start a program itself.
func TestMayStartProgram(t *testing.T) {
	s, _ := newTestShell(t, t.TempDir())
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"true", false},
		{"cd / && echo hi; export X=1", false},
		{"x=1", false},
		{"f() { sleep 1; }", false},
		{"eval sleep 1", false}, // eval's statements take their own
		{"ls", true},
		{"true | cat", true},
		{"echo $(date)", true},
		{"x=$(date)", true},
		{"$cmd arg", true},
		{"command ls", true},
		{"if true; then sleep 1; fi", true},
		{"true &", false},
		{"sleep 1 &", true},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := s.mayStartProgram(f.Stmts[0]); got != tc.want {
			t.Errorf("%q: may start a program %v, want %v", tc.src, got, tc.want)
		}
	}
}
