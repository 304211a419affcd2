package rewrite

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestAssignTilde checks which tildes of an assignment become $HOME.
func TestAssignTilde(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"p=~/a:~/b", "p=~/a:${HOME}/b"},
		{"t=~:x", "t=${HOME}:x"},
		{"p=a:~x:~", "p=a:~x:${HOME}"},
		{"p=plain", "p=plain"},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tc.in), "")
		if err != nil {
			t.Fatal(err)
		}
		as := f.Stmts[0].Cmd.(*syntax.CallExpr).Assigns[0]
		AssignTilde(as)
		var b strings.Builder
		syntax.NewPrinter().Print(&b, as.Value)
		if got := as.Name.Value + "=" + b.String(); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.in, got, tc.want)
		}
	}
}
