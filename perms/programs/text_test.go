package programs

import "testing"

func TestSedRisky(t *testing.T) {
	safe := []string{`/^#/!p`, `s|a|b|g`, `/foo/d;s/x/y/`, "1i\\header", `$a\`, `y/abc/xyz/`, `0,/re/s//x/`,
		`/a/,+2d`, `$=`, `s/\//_/g`, `s/a/b/I`, `:a;N;$!ba;s/\n/ /g`, `s/a/b/2g`, `/x/{p;q}`, `1~2d`,
		`r /etc/hosts`, `w /dev/stdout`, "# comment\np"}
	for _, s := range safe {
		if r := sedRisky(s); r != "" {
			t.Errorf("sed %q flagged: %s", s, r)
		}
	}
	risky := []string{`e rm x`, `1e date`, `s/a/b/e`, `s/a/b/w out`, `w out`, `/x/W out`, `s/x/y/;e`, `k`, `s/unterminated`}
	for _, s := range risky {
		if sedRisky(s) == "" {
			t.Errorf("sed %q not flagged", s)
		}
	}
}

func TestAwkRisky(t *testing.T) {
	safe := []string{`NR==1 || /\/$/`, `{$1=$1}1`, `BEGIN{FS=","} {print $2}`, `$NF ~ /x|y/`,
		`{a[$1]++} END {for (k in a) print k, a[k]}`, `length > 72`, `{ print $1, $2 / $3 }`,
		`$3 > 100 { print $1 }`, `{ print ($1 > 2) }`, `{ s = "a|b"; print s }`, `# system()` + "\n{print}"}
	for _, p := range safe {
		if r := awkRisky(p); r != "" {
			t.Errorf("awk %q flagged: %s", p, r)
		}
	}
	risky := []string{`BEGIN { system("x") }`, `{ print | "sh" }`, `{ print > "f" }`, `{ printf "%s", $0 >> "f" }`,
		`{ "date" | getline d }`, `{ print |& "cmd" }`, `@load "x"`, `@include "x"`}
	for _, p := range risky {
		if awkRisky(p) == "" {
			t.Errorf("awk %q not flagged", p)
		}
	}
}
