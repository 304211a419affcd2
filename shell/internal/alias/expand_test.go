package alias

import (
	"strings"
	"testing"
)

func TestAliasExpander(t *testing.T) {
	aliases := map[string]string{
		"ll":     "ls -l",
		"ls":     "ls -F",
		"e3":     "echo ",
		"x4":     "ll ",
		"LEFT":   "{",
		"t1":     "echo hi|wc -c",
		"FOR1":   "for ",
		"FOR2":   "FOR1 ",
		"eye1":   "i ",
		"eye2":   "eye1 ",
		"IN":     "in ",
		"empty":  "",
		"loop":   "for i in 1 2 3; do echo $i;",
		"nl":     "echo 1\necho 2",
		"a":      "b",
		"b":      "a",
		"ok":     "echo ok",
		"keyIf":  "if",
		"hidoc":  "cat <<EOF",
		"equals": "x=1",
	}
	lookup := func(n string) (string, bool) { v, ok := aliases[n]; return v, ok }
	for _, tc := range []struct{ in, want string }{
		{"ll\n", "ls -F -l\n"},
		{"ll; ll | ll && ll\n", "ls -F -l; ls -F -l | ls -F -l && ls -F -l\n"},
		{"echo ll\n", "echo ll\n"},
		{"'ll' \\ll \"ll\"\n", "'ll' \\ll \"ll\"\n"},
		{"e3 ll\n", "echo  ls -l\n"},
		{"x4 ll\n", "ls -F -l  ls -l\n"},
		{"LEFT ok; }\n", "{ echo ok; }\n"},
		{"t1\n", "echo hi|wc -c\n"},
		{"FOR2 eye2 IN ok ll; do ok; done\n", "for   i   in  echo ok ll; do echo ok; done\n"},
		{"empty ok\n", " echo ok\n"},
		{"loop done\n", "for i in 1 2 3; do echo $i; done\n"},
		{"a\n", "a\n"},
		{"if ok; then ok; fi\n", "if echo ok; then echo ok; fi\n"},
		{"x=1 ok\n", "x=1 echo ok\n"},
		{">/dev/null ok\n", ">/dev/null echo ok\n"},
		{"echo $(ok) `ok` \"$(ok)\"\n", "echo $(echo ok) `echo ok` \"$(echo ok)\"\n"},
		{"case ok in ok) ok;; ok|ll) ok;; esac\n", "case ok in ok) echo ok;; ok|ll) echo ok;; esac\n"},
		{"for ok in ok; do ok; done\n", "for ok in ok; do echo ok; done\n"},
		{"[[ ok == ok ]] && ok\n", "[[ ok == ok ]] && echo ok\n"},
		{"f() { ok; }\n", "f() { echo ok; }\n"},
		{"function ok { ok; }\n", "function ok { echo ok; }\n"},
		{"echo ${x:-ok} $((1+2)) # ok\n", "echo ${x:-ok} $((1+2)) # ok\n"},
		{"(( x = 1 )) && ok\n", "(( x = 1 )) && echo ok\n"},
		{"! ok\n", "! echo ok\n"},
		{"time -p ok\n", "time -p echo ok\n"},
		{"ok 2>&1 ok\n", "echo ok 2>&1 ok\n"},
		{"equals ok\n", "x=1 echo ok\n"},
		{"ok", "echo ok"},
	} {
		e := NewExpander(lookup, nil, nil)
		got := ""
		for _, l := range strings.SplitAfter(tc.in, "\n") {
			if l != "" {
				got += e.Line(l)
			}
		}
		if got != tc.want {
			t.Errorf("%q:\n got %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

func TestAliasExpanderLines(t *testing.T) {
	lookup := func(n string) (string, bool) {
		if n == "ok" {
			return "echo ok", true
		}
		return "", false
	}
	e := NewExpander(lookup, nil, nil)
	for _, tc := range []struct{ in, want string }{
		{"cat <<EOF; ok\n", "cat <<EOF; echo ok\n"},
		{"ok\n", "ok\n"},
		{"EOF\n", "EOF\n"},
		{"ok\n", "echo ok\n"},
		{"echo 'a\n", "echo 'a\n"},
		{"ok' ok\n", "ok' ok\n"},
		{"ok\n", "echo ok\n"},
		{"x=$(\n", "x=$(\n"},
		{"ok\n", "echo ok\n"},
		{")\n", ")\n"},
		{"case x in\n", "case x in\n"},
		{"ok) ok;;\n", "ok) echo ok;;\n"},
		{"esac\n", "esac\n"},
		{"cat <<-'E' | ok\n", "cat <<-'E' | echo ok\n"},
		{"\tok\n", "\tok\n"},
		{"\tE\n", "\tE\n"},
		{"ok\n", "echo ok\n"},
	} {
		if got := e.Line(tc.in); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
