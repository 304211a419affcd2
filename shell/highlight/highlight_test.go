package highlight

import (
	"regexp"
	"strings"
	"testing"
)

func testHighlighter() *Highlighter {
	return &Highlighter{
		Resolver: fakeResolver,
		Styles:   DefaultStyles(),
		Danger:   func(s string) bool { return strings.HasPrefix(s, "rm -rf /") && !strings.HasPrefix(s, "rm -rf /tmp") },
		IsSlash:  func(w string) bool { return w == "/help" || w == "/config" },
	}
}

func TestSpans(t *testing.T) {
	tests := []struct{ line, want string }{
		// Command names by what they resolve to.
		{`ls -la`, `{command:ls} {option:-la}`},
		{`echo hi`, `{builtin:echo} hi`},
		{`myfunc; ll; nope`, `{function:myfunc}{operator:;} {alias:ll}{operator:;} {unknown:nope}`},
		{`"ls" 'cat'`, `{command:"ls"} {string:'cat'}`},
		{`$cmd arg`, `{variable:$cmd} arg`},
		{`/bin/ls x`, `{command:/bin/ls} x`},
		{`sudo -u root rm -rf /tmp`, `{builtin:sudo} {option:-u} root {command:rm} {option:-rf} /tmp`},
		{`env A=1 ls`, `{command:env} A=1 {command:ls}`},
		// Strings, variables, expansions, comments.
		{`ls "a b" $HOME ${x:-y} # hi`, `{command:ls} {string:"a b"} {variable:$HOME} {variable:${x:-y}} {comment:# hi}`},
		{`echo "x $y z"`, `{builtin:echo} {string:"x }{variable:$y}{string: z"}`},
		{`echo $(ls -l)`, `{builtin:echo} {operator:$(}{command:ls} {option:-l}{operator:)}`},
		{`echo "$(ls)"`, `{builtin:echo} {string:"}{operator:$(}{command:ls}{operator:)}{string:"}`},
		{"echo `ls`", "{builtin:echo} {operator:`}{command:ls}{operator:`}"},
		{`echo $((1+2))`, `{builtin:echo} {operator:$((}1+2{operator:))}`},
		{`a=1 b=2 ls`, `{variable:a}=1 {variable:b}=2 {command:ls}`},
		{`export A=1 B`, `{builtin:export} {variable:A}=1 {variable:B}`},
		{`ls ~/x ~root *.go a?[bc]`, `{command:ls} {variable:~}/x {variable:~root} {operator:*}.go a{operator:?[}bc{operator:]}`},
		{`ls \*`, `{command:ls} \*`},
		// Operators and redirections.
		{`ls | grep x && cat || echo; ls &`, `{command:ls} {operator:|} {command:grep} x {operator:&&} {command:cat} {operator:||} {builtin:echo}{operator:;} {command:ls} {operator:&}`},
		{`ls 2>&1 >/dev/null <in`, `{command:ls} {redirect:2>&1} {redirect:>}/dev/null {redirect:<}in`},
		{"cat <<EOF\nhi $x\nEOF\nls", "{command:cat} {redirect:<<EOF}\n{string:hi }{variable:$x}{string:\nEOF}\n{command:ls}"},
		{`(cd x; ls)`, `{operator:(}{builtin:cd} x{operator:;} {command:ls}{operator:)}`},
		// Reserved words.
		{`if true; then echo a; fi`, `{keyword:if} {unknown:true}{operator:;} {keyword:then} {builtin:echo} a{operator:;} {keyword:fi}`},
		{`for x in a b; do echo $x; done`, `{keyword:for} {variable:x} {keyword:in} a b; {keyword:do} {builtin:echo} {variable:$x}{operator:;} {keyword:done}`},
		{`while ls; do :; done`, `{keyword:while} {command:ls}{operator:;} {keyword:do} {unknown::}{operator:;} {keyword:done}`},
		{`case $x in a) ls;; esac`, `{keyword:case} {variable:$x} {keyword:in} a) {command:ls}{operator:;;} {keyword:esac}`},
		{`function f { ls; }`, `{keyword:function} {function:f} {keyword:{} {command:ls}{operator:;} {keyword:}}`},
		{`[[ -f x && $a == b* ]]`, `{keyword:[[} {option:-f} x {operator:&&} {variable:$a} {operator:==} b{operator:*} {keyword:]]}`},
		{`! ls`, `{keyword:!} {command:ls}`},
		{`time ls`, `{keyword:time} {command:ls}`},
		// Incomplete input: only the opener is marked.
		{`echo "abc`, `{builtin:echo} {error:"}{string:abc}`},
		{"echo 'abc\ndef", "{builtin:echo} {error:'}{string:abc\ndef}"},
		{`echo $'a`, `{builtin:echo} {error:$'}{string:a}`},
		{`echo ${x`, `{builtin:echo} {error:${}{variable:x}`},
		{`echo $(ls`, `{builtin:echo} {error:$(}{command:ls}`},
		{`echo "$(ls "b`, `{builtin:echo} {error:"$(}{command:ls} {error:"}{string:b}`},
		{`if true; then`, `{keyword:if} {unknown:true}{operator:;} {keyword:then}`},
		{`ls |`, `{command:ls} {operator:|}`},
		{"for x in a\ndo", "{keyword:for} {variable:x} {keyword:in} a\n{keyword:do}"},
		{`[[ -f x`, `{error:[[} {option:-f} x`},
		{`echo $((1+`, `{builtin:echo} {operator:$((}1{error:+}`},
		{"cat <<EOF\nfoo\n", "{command:cat} {error:<<}{redirect:EOF}\n{string:foo\n}"},
		// Parse errors: the token is marked and the rest still coloured.
		{`echo ) ls`, `{builtin:echo} {error:)} {command:ls}`},
		{`fi`, `{error:fi}`},
		{`echo a; ;`, `{builtin:echo} a{operator:;} {error:;}`},
		// Danger covers the whole statement.
		{`rm -rf / ; ls`, `{danger:rm -rf / ;} {command:ls}`},
		{`ls && rm -rf /`, `{command:ls} {operator:&&} {command:rm} {option:-rf} /`},
		// Questions and slash commands.
		{`? find big files`, `{operator:?} find big files`},
		{`  ?? do "it`, `  {operator:??} do "it`},
		{`?x`, `{operator:?}x`},
		{`/help me`, `{builtin:/help} me`},
		{`/helpme`, `{unknown:/helpme}`},
		{"", ""},
	}
	h := testHighlighter()
	for _, tt := range tests {
		if got := marked(h, tt.line); got != tt.want {
			t.Errorf("%q:\n got  %s\n want %s", tt.line, got, tt.want)
		}
	}
}

func TestNoResolver(t *testing.T) {
	h := &Highlighter{Styles: DefaultStyles()}
	if got, want := marked(h, "nope x"), "{command:nope} x"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestDangerSeesStatements(t *testing.T) {
	var seen []string
	h := &Highlighter{Styles: DefaultStyles(), Danger: func(s string) bool {
		seen = append(seen, s)
		return false
	}}
	h.Highlight("ls -l | wc; x=$(rm y) && echo\necho 2")
	want := []string{"ls -l | wc;", "x=$(rm y) && echo", "echo 2"}
	if strings.Join(seen, "|") != strings.Join(want, "|") {
		t.Errorf("Danger saw %q, want %q", seen, want)
	}
}

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestHighlightKeepsText(t *testing.T) {
	h := testHighlighter()
	for _, line := range []string{benchLine, "echo \"a\nb\" | x", "rm -rf /", "é€ \"ü", "cat <<E\nx\nE"} {
		out := h.Highlight(line)
		if got := ansi.ReplaceAllString(out, ""); got != line {
			t.Errorf("stripped %q != %q", got, line)
		}
		if out == line {
			t.Errorf("%q: nothing coloured", line)
		}
	}
}

func TestHighlightClosesBeforeNewline(t *testing.T) {
	h := testHighlighter()
	out := h.Highlight("echo \"one\ntwo\" # c\n'x")
	for i, l := range strings.Split(out, "\n") {
		opens := strings.Count(l, "\x1b[") - strings.Count(l, "\x1b[0m")
		if opens != strings.Count(l, "\x1b[0m") {
			t.Errorf("line %d %q leaves a style open", i, l)
		}
	}
	if !strings.Contains(out, "\x1b[33m\"one\x1b[0m\n\x1b[33mtwo") {
		t.Errorf("string not reopened after the newline: %q", out)
	}
}

func TestNoColorIsIdentity(t *testing.T) {
	s, err := NewStyles(map[string]string{"command": "red"}, true)
	if err != nil {
		t.Fatal(err)
	}
	h := &Highlighter{Styles: s, Resolver: fakeResolver}
	if got := h.Highlight(benchLine); got != benchLine {
		t.Errorf("NO_COLOR output differs: %q", got)
	}
}

func FuzzHighlight(f *testing.F) {
	for _, s := range []string{benchLine, `echo "a`, "cat <<EOF\nx", `[[ -f x`, `? hi`, `$((1+`, "a\\\nb", `${x:-$(ls "`, `case x in (a) ;; esac`} {
		f.Add(s)
	}
	h := testHighlighter()
	f.Fuzz(func(t *testing.T, line string) {
		out := h.Highlight(line)
		if got := ansi.ReplaceAllString(out, ""); got != line {
			t.Fatalf("stripped output %q != input %q", got, line)
		}
	})
}
