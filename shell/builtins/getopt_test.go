package builtins

import (
	"fmt"
	"strings"
	"testing"
)

func TestGetopt(t *testing.T) {
	for _, tc := range []struct {
		spec, args string
		opts       string // each option found: letter, with =arg
		rest       string
		err        string
	}{
		{"rd:", "-r -d x a b", "r d=x", "a b", ""},
		{"rd:", "-rdx a", "r d=x", "a", ""},
		{"rd:", "-rd", "r", "", "-d: option requires an argument"},
		{"rd:", "-rz a", "r", "a", "-z: invalid option"},
		{"rd:", "--foo", "", "", "--: invalid option"},
		{"rd:", "-- -r", "", "-r", ""},
		{"rd:", "- -r", "", "- -r", ""},
		{"rd:", "a -r", "", "a -r", ""},
		{"rd:", "+r", "", "+r", ""},
		{"+o:", "+o x -o y n", "+o=x o=y", "n", ""},
		{"+o:", "+z", "", "", "+z: invalid option"},
		{"Sn;t;", "-n 5 -t -S 7", "n=5 t S", "7", ""},
		{"Sn;t;", "-n5t", "n=5t", "", ""},
		{"d:", "-d '' x", "d=''", "x", ""},
		{"a:", "-:", "", "", "-:: invalid option"},
	} {
		t.Run(tc.spec+" "+tc.args, func(t *testing.T) {
			g := NewGetopt(tc.spec, strings.Fields(tc.args))
			var opts []string
			for g.Next() {
				o := string(g.Opt)
				if g.Plus {
					o = "+" + o
				}
				if g.Arg != "" || g.HasArg {
					o += "=" + g.Arg
				}
				opts = append(opts, o)
			}
			errText := ""
			if g.Err() != nil {
				errText = g.Err().Error()
			}
			got := fmt.Sprintf("%s|%s|%s", strings.Join(opts, " "), strings.Join(g.Rest(), " "), errText)
			want := fmt.Sprintf("%s|%s|%s", tc.opts, tc.rest, tc.err)
			if errText != "" {
				// After an error the operands do not matter.
				got = fmt.Sprintf("%s|%s", strings.Join(opts, " "), errText)
				want = fmt.Sprintf("%s|%s", tc.opts, tc.err)
			}
			if got != want {
				t.Errorf("got %q, want %q", got, want)
			}
		})
	}
}
