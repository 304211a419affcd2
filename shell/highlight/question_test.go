package highlight

import (
	"reflect"
	"testing"

	"nosh/config/dialect"
)

func TestCommandPositions(t *testing.T) {
	tests := []struct {
		words []string
		want  []int
	}{
		{[]string{"ls", "-l"}, []int{0}},
		{[]string{"sudo"}, []int{0, 1}},
		{[]string{"sudo", "-u", "root", "ls", "x"}, []int{0, 3}},
		{[]string{"sudo", "env", "A=1", "nohup", "make"}, []int{0, 1, 3, 4}},
		{[]string{"timeout", "-s", "KILL", "5", "cmd"}, []int{0, 4}},
		{[]string{"command", "--", "ls"}, []int{0, 2}},
		{[]string{"xargs", "-I", "{}", "rm"}, []int{0, 3}},
		{[]string{""}, []int{0}},
	}
	for _, tt := range tests {
		if got := CommandPositions(tt.words); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("CommandPositions(%q) = %v, want %v", tt.words, got, tt.want)
		}
	}
}

func TestPOSIXDialect(t *testing.T) {
	h := testHighlighter()
	h.Dialect = dialect.POSIX
	// [[ is not POSIX: it is a command name there (and ]] a glob).
	if got, want := marked(h, `[[ -f x ]] ; ls`), `{unknown:[[} {option:-f} x {operator:]]} {operator:;} {command:ls}`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
