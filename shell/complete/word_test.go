package complete

import "testing"

func TestLex(t *testing.T) {
	lx := lexer{
		getenv: func(k string) string { return map[string]string{"HOME": "/h", "D": "/d"}[k] },
		home: func(u string) (string, bool) {
			switch u {
			case "":
				return "/h", true
			case "bob":
				return "/home/bob", true
			}
			return "", false
		},
	}
	tests := []struct {
		raw   string
		value string
		state quoteState
		flags string // e: escaped, d: dynamic, v: variable, u: user
	}{
		{`abc`, "abc", bare, ""},
		{`a\ b`, "a b", bare, ""},
		{`a\`, "a", bare, "e"},
		{`"a b`, "a b", double, ""},
		{`"a\"b\$c\d`, `a"b$c\d`, double, ""},
		{`'a\b`, `a\b`, single, ""},
		{`'a'"b"c`, "abc", bare, ""},
		{`$'a\nb`, "a\nb", dollarSingle, ""},
		{`~/x`, "/h/x", bare, ""},
		{`~bob/x`, "/home/bob/x", bare, ""},
		{`~nobody/x`, "~nobody/x", bare, ""},
		{`~bo`, "", bare, "u"},
		{`$HOME/x`, "/h/x", bare, ""},
		{`${D}/x`, "/d/x", bare, ""},
		{`"$D/x`, "/d/x", double, ""},
		{`$HO`, "", bare, "v"},
		{`${HO`, "", bare, "v"},
		{`$`, "", bare, "v"},
		{`$(ls)/x`, "", bare, "d"},
		{"`ls`/x", "/x", bare, "d"},
		{`${x:-y}/z`, "/z", bare, "d"},
		{`$1/x`, "/x", bare, "d"},
		{`a$`, "a", bare, "v"},
		{`$-x`, "x", bare, "d"},
		{`a\
b`, "ab", bare, ""},
	}
	for _, tt := range tests {
		w := lx.lex(tt.raw)
		flags := ""
		for _, f := range []struct {
			on bool
			c  string
		}{{w.escaped, "e"}, {w.dynamic, "d"}, {w.isVar, "v"}, {w.isUser, "u"}} {
			if f.on {
				flags += f.c
			}
		}
		if w.value != tt.value || w.state != tt.state || flags != tt.flags {
			t.Errorf("lex(%q) = %q state %d flags %q; want %q, %d, %q", tt.raw, w.value, w.state, flags, tt.value, tt.state, tt.flags)
		}
	}
}

func TestQuote(t *testing.T) {
	tests := []struct {
		w    word
		s    string
		want string
	}{
		{word{raw: "x"}, "a b'c\"d$e`f\\g&|;<>()*?[]{}!h", `a\ b\'c\"d\$e\` + "`" + `f\\g\&\|\;\<\>\(\)\*\?\[\]\{\}\!h`},
		{word{raw: ""}, "~x#", `\~x#`},
		{word{raw: ""}, "#x", `\#x`},
		{word{raw: "a"}, "~x#", `~x#`},
		{word{raw: "x"}, "a\nb\x01", `a$'\n'b$'\x01'`},
		{word{raw: `"`, state: double}, "a \"$`\\'", `a \"\$\` + "`" + `\\'`},
		{word{raw: `'`, state: single}, "it's", `it'\''s`},
		{word{raw: `$'`, state: dollarSingle}, "it's\\\n", `it\'s\\\n`},
		{word{raw: `a\`, escaped: true}, " b c", ` b\ c`},
		{word{raw: "$HO", state: verbatim}, "ME}", "ME}"},
	}
	for _, tt := range tests {
		if got := tt.w.quote(tt.s); got != tt.want {
			t.Errorf("quote(%q, %+v) = %q, want %q", tt.s, tt.w, got, tt.want)
		}
	}
	if got := Quote("my file"); got != `my\ file` {
		t.Errorf("Quote = %q", got)
	}
}
