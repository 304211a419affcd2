package histexpand

import (
	"fmt"
	"os/exec"
	"strings"
	"testing"
)

// history is what every case expands against, oldest first.
var history = Lines{
	"echo one two three",
	"ls -l a/b/c.tar.gz",
	`grep -r "foo bar" src | wc -l`,
	"cat <<EOF >out.txt",
	"echo last-arg final",
}

type expandCase struct {
	in   string
	want string // the expanded line, or the error message
	err  bool
	// interactiveOnly marks behaviour bash has only at its prompt (where
	// ! before ( is literal), not in the `history -p` the test runs.
	interactiveOnly bool
}

var expandCases = []expandCase{
	// Nothing to expand.
	{in: "echo plain", want: "echo plain"},
	{in: "echo !", want: "echo !"},
	{in: "echo a! b", want: "echo a! b"},
	{in: "x!=y", want: "x!=y"},
	{in: "[ ! -f x ]", want: "[ ! -f x ]"},
	{in: "echo $! ${!HOME} [!a]*", want: "echo $! ${!HOME} [!a]*"},
	{in: "echo !(foo)", want: "echo !(foo)", interactiveOnly: true},
	// Quoting protects: single quotes and a backslash; double quotes do
	// not, except before the closing quote.
	{in: "echo '!!'", want: "echo '!!'"},
	{in: `echo \!!`, want: `echo \!!`},
	{in: `echo "!!"`, want: `echo "echo last-arg final"`},
	{in: `echo "hi!"`, want: `echo "hi!"`},
	{in: `echo $'a\'!!'`, want: `echo $'a\'!!'`},
	{in: "echo # !!", want: "echo # !!"},
	{in: "echo x#!!", want: "echo x#echo last-arg final"},
	// Event designators.
	{in: "!!", want: "echo last-arg final"},
	{in: "sudo !!", want: "sudo echo last-arg final"},
	{in: "!1", want: "echo one two three"},
	{in: "!-2", want: "cat <<EOF >out.txt"},
	{in: "!ls", want: "ls -l a/b/c.tar.gz"},
	{in: "!ec:1", want: "last-arg"},
	{in: "!?foo?", want: `grep -r "foo bar" src | wc -l`},
	{in: "!?two", want: "echo one two three"},
	{in: "!?two?:%", want: "two"},
	{in: "echo !#", want: "echo echo "},
	{in: "!9", err: true, want: "!9: event not found"},
	{in: "!0", err: true, want: "!0: event not found"},
	{in: "!-9", err: true, want: "!-9: event not found"},
	{in: "!nosuch", err: true, want: "!nosuch: event not found"},
	{in: "!nosuch; ls", err: true, want: "!nosuch: event not found"},
	{in: "!?nosuch?", err: true, want: "!?nosuch?: event not found"},
	// Word designators.
	{in: "echo !$", want: "echo final"},
	{in: "echo !^", want: "echo last-arg"},
	{in: "echo !*", want: "echo last-arg final"},
	{in: "echo !1:0", want: "echo echo"},
	{in: "echo !1:2", want: "echo two"},
	{in: "echo !1:1-2", want: "echo one two"},
	{in: "echo !1:1-$", want: "echo one two three"},
	{in: "echo !1:2*", want: "echo two three"},
	{in: "echo !1:1-", want: "echo one two"},
	{in: "echo !1:-2", want: "echo echo one two"},
	{in: "echo !3:2", want: `echo "foo bar"`},
	{in: "echo !3:4", want: "echo |"},
	{in: "echo !4:2", want: "echo EOF"},
	{in: "echo !4:3", want: "echo >"},
	{in: "echo !1:9", err: true, want: ":9: bad word specifier"},
	// Modifiers.
	{in: "echo !2:$:h", want: "echo a/b"},
	{in: "echo !2:$:t", want: "echo c.tar.gz"},
	{in: "echo !2:$:r", want: "echo a/b/c.tar"},
	{in: "echo !2:$:e", want: "echo .gz"},
	{in: "echo !2:$:t:r:r", want: "echo c"},
	{in: "!1:s/two/2/", want: "echo one 2 three"},
	{in: "!1:s/o/0/", want: "ech0 one two three"},
	{in: "!1:gs/o/0/", want: "ech0 0ne tw0 three"},
	{in: "!1:Gs/o/0/", want: "ech0 0ne tw0 three"},
	{in: "!1:s/two/[&]/", want: "echo one [two] three"},
	{in: `!1:s/two/\&/`, want: "echo one & three"},
	{in: "!1:s|one|1", want: "echo 1 two three"},
	{in: "!1:s/zzz/y/", err: true, want: ":s/zzz/y/: substitution failed"},
	{in: "!1:z", err: true, want: ":z: unrecognized history modifier"},
	{in: "!1:q", want: `'echo one two three'`},
	{in: "!1:x", want: `'echo' 'one' 'two' 'three'`},
	// Quick substitution.
	{in: "^last^first^", want: "echo first-arg final"},
	{in: "^final^done", want: "echo last-arg done"},
	{in: "^nope^x^", err: true, want: ":s^nope^x^: substitution failed"},
	// Several in one line, non-ASCII around them.
	{in: "echo café !1:1 ß !$ 漢", want: "echo café one ß final 漢"},
	{in: "!1 && !!", want: "echo one two three && echo last-arg final"},
}

func TestExpand(t *testing.T) {
	for _, tc := range expandCases {
		var e Expander
		res, err := e.Expand(tc.in, history)
		switch {
		case tc.err && err == nil:
			t.Errorf("%q: expanded to %q, want error %q", tc.in, res.Line, tc.want)
		case tc.err && err.Error() != tc.want:
			t.Errorf("%q: error %q, want %q", tc.in, err, tc.want)
		case !tc.err && err != nil:
			t.Errorf("%q: error %v, want %q", tc.in, err, tc.want)
		case !tc.err && res.Line != tc.want:
			t.Errorf("%q: got %q, want %q", tc.in, res.Line, tc.want)
		case !tc.err && res.Expanded != (res.Line != tc.in):
			t.Errorf("%q: Expanded=%v for %q", tc.in, res.Expanded, res.Line)
		}
	}
}

func TestExpandPrintOnly(t *testing.T) {
	var e Expander
	res, err := e.Expand("!1:p", history)
	if err != nil || !res.PrintOnly || res.Line != "echo one two three" {
		t.Fatalf("got %+v, %v", res, err)
	}
}

func TestExpandRemembers(t *testing.T) {
	var e Expander
	steps := []struct{ in, want string }{
		{"!1:s/one/1/", "echo 1 two three"},
		{"!1:&", "echo 1 two three"},           // the last substitution again
		{"!?three?:s//3/", "echo 3 two three"}, // an empty pattern is the last one
		{"!!:s/last/first/", "echo first-arg final"},
		{"!1:g&", "echo one two three"}, // "last" is not in line 1
	}
	for _, st := range steps[:4] {
		res, err := e.Expand(st.in, history)
		if err != nil || res.Line != st.want {
			t.Errorf("%q: got %q, %v; want %q", st.in, res.Line, err, st.want)
		}
	}
	if _, err := e.Expand(steps[4].in, history); err == nil {
		t.Errorf("%q: want substitution failed", steps[4].in)
	}
	// With no substitution yet, an empty pattern is the last search.
	var fresh Expander
	fresh.Expand("!?three?", history)
	if res, err := fresh.Expand("!1:s//3/", history); err != nil || res.Line != "echo one two 3" {
		t.Errorf("empty pattern after a search: got %q, %v", res.Line, err)
	}
}

func TestTokenize(t *testing.T) {
	for in, want := range map[string][]string{
		"echo a  b":                 {"echo", "a", "b"},
		`echo "a b" 'c d'`:          {"echo", `"a b"`, "'c d'"},
		"a|b&&c;d":                  {"a", "|", "b", "&&", "c", ";", "d"},
		"cmd 2>&1 >>log":            {"cmd", "2>&1", ">>", "log"},
		"echo $(date +%s) <(ls -l)": {"echo", "$(date +%s)", "<(ls -l)"},
		`echo a\ b`:                 {"echo", `a\ b`},
	} {
		if got := tokenize(in); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("tokenize(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestAgainstBash runs the cases that expand through bash's own
// `history -p` and compares.
func TestAgainstBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	var script strings.Builder
	script.WriteString("set -o history -H\n")
	var cases []expandCase
	for _, tc := range expandCases {
		if tc.err || tc.interactiveOnly {
			continue
		}
		cases = append(cases, tc)
		script.WriteString("history -c\n")
		for _, h := range history {
			fmt.Fprintf(&script, "history -s %s\n", singleQuote(h))
		}
		fmt.Fprintf(&script, "history -p %s 2>&1; echo '<<END>>'\n", singleQuote(tc.in))
	}
	out, err := exec.Command(bash, "--norc", "-c", script.String()).Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	got := strings.Split(string(out), "<<END>>\n")
	for i, tc := range cases {
		if i >= len(got) {
			t.Fatalf("bash printed too little: %q", out)
		}
		b := strings.TrimSuffix(got[i], "\n")
		if b != tc.want {
			t.Errorf("%q: bash gives %q, the table says %q", tc.in, b, tc.want)
		}
	}
}
