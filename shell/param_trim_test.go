package shell

import (
	"context"
	"testing"
)

// TestLiteralTrim checks ${name#word} and its kin with a literal word,
// which nosh computes itself (engine's param_trim.go), against what bash
// prints: in words split or not, in double quotes, assignments, case, [[ ]],
// here-documents and command substitutions, with trailing newlines, IFS,
// arrays, locals, unset variables and set -u.
func TestLiteralTrim(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"ops", `s=abcdefghij; echo ${s#abc} ${s##abc} ${s%hij} ${s%%hij} ${s#zzz} "${s#abc}" "x${s%j}y"`,
			"defghij defghij abcdefg abcdefg abcdefghij defghij xabcdefghiy\n"},
		{"trailing newlines kept", `n=$'line\n\n'; m=${n#li}; printf '<%s>' "$m"`, "<ne\n\n>"},
		{"split", `t='  a  b  '; printf '<%s>' ${t#x}; printf '[%s]' "${t# }"`, "<a><b>[ a  b  ]"},
		{"ifs", `s=abcdefghij; IFS=d; echo ${s#abc}`, " efghij\n"},
		{"local", `f() { local v=inner; echo ${v#in}; }; f; v=outer; echo ${v%er}`, "ner\nout\n"},
		{"array", `a=(one two); echo ${a#o} ${a[@]#t}`, "ne one wo\n"},
		{"unset", `echo ${unset#abc}end`, "end\n"},
		{"case", `s=abc; case ${s#a} in bc) echo ok;; esac`, "ok\n"},
		{"test", `s=abc; [[ ${s%c} == ab ]] && echo ok`, "ok\n"},
		{"heredoc", "s=abc\ncat <<E\n${s#a}\nE", "bc\n"},
		{"command substitution", `s=abc; x=$(echo ${s#a}); echo $x`, "bc\n"},
		{"glob result", `cd "$HOME"; touch xa xb; g='x*'; echo ${g#q}`, "xa xb\n"},
		{"set -a", `set -a; s=abc; x=${s#a}; /bin/true && echo started "${s%c}"`, "started ab\n"},
		{"set -u", `set -u; s=abc; echo ${s#a}; echo ${nope#abc}; echo not`, "bc\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			s, buf := newTestShell(t, dir)
			s.RunString(context.Background(), tc.src, "t")
			got := buf.String()
			if tc.name == "set -u" {
				if want := tc.want + "nosh: nope: unbound variable\n"; got != want {
					t.Errorf("%s\ngot  %q\nwant %q", tc.src, got, want)
				}
				return
			}
			if got != tc.want {
				t.Errorf("%s\ngot  %q\nwant %q", tc.src, got, tc.want)
			}
		})
	}
}
