package shell

import (
	"bytes"
	"context"
	"nosh/shell/internal/interpunsafe"
	"strings"
	"testing"
)

// newTestShell returns a shell writing to one buffer, in dir.
func newTestShell(t testing.TB, dir string) (*Shell, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	s, err := New(Config{Name: "nosh", Stdout: &buf, Stderr: &buf, Dir: dir, Env: []string{"HOME=" + dir, "PATH=/usr/bin:/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	s.SetArg0("nosh")
	return s, &buf
}

// TestRunnerInternals checks that what package interpunsafe reaches
// inside interp.Runner is where nosh's shell expects it: the option table
// order, and the linked methods (the fields' layouts are checked when the
// package loads, and by interpunsafe's own tests).
func TestRunnerInternals(t *testing.T) {
	s, buf := newTestShell(t, t.TempDir())
	r := s.Runner
	ctx := context.Background()
	// nosh turns expand_aliases on at start (POSIX); start from all off.
	s.RunString(ctx, "shopt -u expand_aliases", "t")
	for _, name := range interpunsafe.BashOptions() {
		buf.Reset()
		s.RunString(ctx, "shopt -s "+name, "t")
		for _, other := range interpunsafe.BashOptions() {
			if got := *interpunsafe.Option(r, other); got != (other == name) {
				t.Errorf("after shopt -s %s: %s is %v; output %q", name, other, got, buf.String())
			}
		}
		s.RunString(ctx, "shopt -u "+name, "t")
	}
	for _, o := range interpunsafe.SetOptions() {
		if o.Name == "xtrace" || o.Name == "noexec" {
			continue // nosh's own; and noexec would stop the test
		}
		s.RunString(ctx, "set -o "+o.Name, "t")
		if !*interpunsafe.Option(r, o.Name) {
			t.Errorf("set -o %s did not set interp's option", o.Name)
		}
		s.RunString(ctx, "set +o "+o.Name, "t")
	}

	// The linked methods: run a statement, read its status and streams.
	buf.Reset()
	s.RunString(ctx, "f() { return 7; }; x=1", "t")
	f, _ := s.Parser().Parse(strings.NewReader("f; echo $? $x"), "")
	for _, st := range f.Stmts {
		s.rewrite(st)
		interpunsafe.Stmt(r, ctx, st)
	}
	if got := buf.String(); got != "7 1\n" {
		t.Errorf("runnerStmt: got %q", got)
	}
	if got := interpunsafe.LastExit(r).Code; got != 0 {
		t.Errorf("last exit after echo: %d", got)
	}
	if w, ok := interpunsafe.GetStreams(r).Stdout.(*bytes.Buffer); !ok || w != buf {
		t.Errorf("streams: stdout is %T", interpunsafe.GetStreams(r).Stdout)
	}
	if v := interpunsafe.LookupVar(r, "x"); v.String() != "1" {
		t.Errorf("lookupVar x = %q", v.String())
	}
	if err := interpunsafe.SetString(r, "y", "2"); err != nil || interpunsafe.LookupVar(r, "y").String() != "2" {
		t.Errorf("setStringVar: %v", err)
	}
}

// TestBuiltins runs scripts through nosh's builtins and rewrites, without
// the reference shells (those are in TestConformance).
func TestBuiltins(t *testing.T) {
	tests := []struct {
		name, script, want string
		status             int
	}{
		{"echo flags", `echo -ne 'a\tb'; echo -x; echo -- -n`, "a\tb-x\n-- -n\n", 0},
		{"printf reuse", `printf '%s=%d\n' a 1 b`, "a=1\nb=0\n", 0},
		{"printf invalid number", `printf '%d\n' 12x`, "nosh: printf: 12x: invalid number\n12\n", 1},
		{"printf q", `printf '%q ' 'a b' "it's" ''; echo`, `a\ b it\'s '' ` + "\n", 0},
		{"printf b stop", `printf '%b|%s\n' 'x\cy' z; echo`, "x\n", 0},
		{"printf v", `printf -v out '%03d' 7; echo $out`, "007\n", 0},
		{"read ifs", "IFS=: read -r a b <<'E'\nx::y:\nE\necho \"[$a][$b]\"", "[x][:y:]\n", 0},
		{"read last field", "IFS=: read -r a b <<'E'\nx:y:\nE\necho \"[$a][$b]\"", "[x][y]\n", 0},
		{"read eof", "printf abc | { read v; echo $? $v; }", "1 abc\n", 0},
		{"read n", "echo abcdef | { read -n 2 v; echo $v; }", "ab\n", 0},
		{"getopts", `set -- -ab x -c; while getopts abc o; do printf %s $o; done; echo " $OPTIND"`, "ab 2\n", 0},
		{"split ifs", `IFS=:; x='a::b:'; printf '[%s]' $x; echo`, "[a][][b]\n", 0},
		{"split default", `x=' a  b '; printf '[%s]' $x; echo`, "[a][b]\n", 0},
		{"dollar at concat", `set -- a b; printf '[%s]' "x$@y"; echo`, "[xa][by]\n", 0},
		{"default keeps quotes", `unset u; printf '[%s]' ${u:-"a b" c}; echo`, "[a b][c]\n", 0},
		{"arith split", `IFS=1; printf '[%s]' $((212)); echo`, "[2][2]\n", 0},
		{"fd 3", `exec 3>&1; echo hi >&3; exec 3>&-`, "hi\n", 0},
		{"fd swap", `{ echo err >&2; } 3>&1 1>&2 2>&3`, "err\n", 0},
		{"bad fd", `echo x >&7; echo $?`, "nosh: 7: Bad file descriptor\n1\n", 0},
		{"noclobber", `set -C; echo a > f; echo b > f; echo $?; echo c >| f; cat f`, "nosh: f: cannot overwrite existing file\n1\nc\n", 0},
		{"exit trap status", `trap 'exit 7' EXIT; exit 3`, "", 7},
		{"subshell exit trap", `(trap 'echo bye' EXIT; echo in); echo out`, "in\nbye\nout\n", 0},
		{"pipe last in subshell", `x=1; echo 2 | read x; echo $x`, "1\n", 0},
		{"pipestatus", `(exit 2) | true | (exit 3); echo $? ${PIPESTATUS[@]}`, "3 2 0 3\n", 0},
		{"pipefail", `set -o pipefail; (exit 2) | true; echo $?`, "2\n", 0},
		{"eval dollar zero", `eval 'echo $0'`, "nosh\n", 0},
		{"source args", "echo 'echo $# $1' > lib; set -- o; . ./lib a b; echo $1", "2 a\no\n", 0},
		{"return default", `f() { false; return; }; f; echo $?`, "1\n", 0},
		{"shift too far", `set -- a; shift 2; echo $? $#; shopt -s shift_verbose; shift 2 2>&1`, "1 1\nnosh: shift: 2: shift count out of range\n", 1},
		{"command -v", `f() { :; }; command -v f echo; command -v nonexistent-x; echo $?`, "f\necho\n1\n", 0},
		{"type", `type echo if; type -t nonexistent-x; echo $?`, "echo is a shell builtin\nif is a shell keyword\n1\n", 0},
		{"cd dash", `mkdir a b; cd a; cd ../b; cd - >/dev/null; basename $PWD`, "a\n", 0},
		{"pushd popd", `mkdir a; pushd a >/dev/null; echo ${#DIRSTACK[@]}; popd >/dev/null; echo ${#DIRSTACK[@]}`, "2\n1\n", 0},
		{"test precedence", `[ 1 = 2 -a 2 = 2 -o 3 = 3 ]; echo $?; [ -n ]; echo $?; [ ! = x ]; echo $?`, "0\n0\n1\n", 0},
		{"unset readonly", `readonly r=1; unset r; echo $?`, "nosh: unset: r: cannot unset: readonly variable\n1\n", 0},
		{"local unset", `x=g; f() { local x; echo "[${x-unset}]"; }; f`, "[unset]\n", 0},
		{"positional 10", `set -- 1 2 3 4 5 6 7 8 9 ten; echo ${10}`, "ten\n", 0},
		{"quoted pattern", `x='a*b'; p='a*'; echo "${x#"$p"}" ${x#'a'}`, "b *b\n", 0},
		{"xtrace", `set -x; x='a b'; echo $x "c d"`, "+ x='a b'\n+ echo a b 'c d'\na b c d\n", 0},
		{"alias", "shopt -s expand_aliases; alias say='echo said'\nsay it; alias say", "said it\nalias say='echo said'\n", 0},
		{"declare listing", `export EX1=v; export -p | grep EX1; declare -p EX1`, "declare -x EX1=\"v\"\ndeclare -x EX1=\"v\"\n", 0},
		{"line with syntax error", "echo a; fi", "nosh: t:1:9: `fi` can only be used to end an `if`\n", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, buf := newTestShell(t, t.TempDir())
			st, exited := s.RunString(context.Background(), tt.script, "t")
			if !exited {
				st = s.Exit(context.Background(), st)
			}
			if got := buf.String(); got != tt.want || st != tt.status {
				t.Errorf("%s\ngot  %q (status %d)\nwant %q (status %d)", tt.script, got, st, tt.want, tt.status)
			}
		})
	}
}
