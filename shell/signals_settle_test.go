package shell

import (
	"context"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestSignalFreeStatement: which statements a non-interactive shell runs
// before its signal set-up. Anything that can start a program, run beside
// the shell, wait, loop, touch a trap or run code not seen here is not.
func TestSignalFreeStatement(t *testing.T) {
	s, _ := newTestShell(t, t.TempDir())
	s.RunString(context.Background(), "echo() { :; }; g() { :; }", "t")
	tests := []struct {
		src  string
		free bool
	}{
		{"true", true},
		{":", true},
		{"x=1", true},
		{"x=$((1+2)) y=${x:-z}", true},
		{"export A=1 B", true},
		{"readonly y=2", true},
		{"declare -i z", true},
		{"[ -d / ] && cd / || false", true},
		{"[[ $x == y* ]]", true},
		{"if [ -n \"$x\" ]; then printf '%s\\n' x; elif true; then set -u; else shift; fi", true},
		{"case $x in a) x=1 ;; *) unset x ;; esac", true},
		{"{ pwd; umask 022; }", true},
		{"((x++))", true},
		{"let x=1", true},
		{"f() { ls; while :; do :; done; }", true}, // a definition runs nothing
		{"type ls && hash -r", true},
		{"alias ll='ls -l'", true},
		{"! true", true},
		{"printf hi >/dev/null 2>&1", true},

		{"ls", false},
		{"/bin/true", false},
		{"g", false},               // a function: its body is not seen
		{"echo hi", false},         // a function shadows the builtin
		{"printf() { :; }", false}, // and would shadow this one
		{"kill -INT $$", false},
		{"trap 'echo x' INT", false},
		{"trap - INT", false},
		{"wait", false},
		{"read x", false},
		{"mapfile a", false},
		{"exec 3>/dev/null", false},
		{"exit 3", false},
		{"eval true", false},
		{"command true", false},
		{"builtin true", false},
		{". ./lib.sh", false},
		{"source ./lib.sh", false},
		{"true &", false},
		{"true | true", false},
		{"(true)", false},
		{"x=$(true)", false},
		{"x=`true`", false},
		{"cat <(true)", false},
		{"true >(true)", false},
		{"while :; do :; done", false},
		{"until false; do :; done", false},
		{"for i in 1 2; do :; done", false},
		{"for ((i=0; i<3; i++)); do :; done", false},
		{"time true", false},
		{"coproc true", false},
		{"$cmd", false},
		{"'true'", false},
		{"if true; then sleep 1; fi", false},
		{"[ -d / ] && jobs", false},
	}
	p := syntax.NewParser(syntax.Variant(syntax.LangBash))
	for _, tc := range tests {
		f, err := p.Parse(strings.NewReader(tc.src), "t")
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		if len(f.Stmts) != 1 {
			t.Fatalf("%q: %d statements", tc.src, len(f.Stmts))
		}
		if got := s.signalFreeStatement(f.Stmts[0]); got != tc.free {
			t.Errorf("signalFreeStatement(%q) = %v, want %v", tc.src, got, tc.free)
		}
	}
}
