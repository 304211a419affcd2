package perms

import (
	"slices"
	"testing"

	"nosh/config/dialect"
)

func analyze(src string) Analysis {
	env, _ := testEnv()
	return Analyze(src, dialect.Bash, env, "")
}

// unitStrings renders units as "context: argv" for comparison.
func unitStrings(an Analysis) []string {
	var out []string
	for _, u := range an.Units {
		s := u.String()
		if u.Context != "" {
			s = u.Context + ": " + s
		}
		out = append(out, s)
	}
	return out
}

func TestAnalyzeUnits(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{"ls -la", []string{"ls -la"}},
		{"a; b && c || d | e", []string{"a", "b", "c", "d", "e"}},
		{"r''m x; \\rm y; \"rm\" z; $'\\x72m' w", []string{"rm x", "rm y", "rm z", "rm w"}},
		{"echo $(date) `id`", []string{"$(…): date", "`…`: id", "echo $(date) `id`"}},
		{"diff <(sort a) >(cat)", []string{"<(…): sort a", ">(…): cat", "diff <(sort a) >(cat)"}},
		{"x=$(whoami)", []string{"$(…): whoami"}},
		{"f() { g; }", []string{"function f: g"}},
		{"if a; then b; elif c; then d; else e; fi", []string{"a", "b", "c", "d", "e"}},
		{"for i in $(seq 3); do echo $i; done", []string{"$(…): seq 3", "echo $i"}},
		{"case $(x) in a) y;; esac", []string{"$(…): x", "y"}},
		{"echo ${v:-$(def)}", []string{"$(…): def", "echo ${v:-$(def)}"}},
		{"echo $(( $(n) + 1 ))", []string{"$(…): n", "echo $(( $(n) + 1 ))"}},
		{"cat <<EOF\n$(inner)\nEOF", []string{"$(…): inner", "cat"}},
		{"cat <<'EOF'\n$(inner)\nEOF", []string{"cat"}},
		{"sudo -u root rm x", []string{"sudo -u root rm x", "sudo: rm x"}},
		{"env -i A=1 rm x", []string{"env -i A=1 rm x", "env: rm x"}},
		{"timeout -s KILL 5 rm x", []string{"timeout -s KILL 5 rm x", "timeout: rm x"}},
		{"xargs -0 -n1 grep foo", []string{"xargs -0 -n1 grep foo", "xargs: grep foo {input}"}},
		{"find . -exec rm {} \\; -print", []string{"find . -exec rm '{}' ';' -print", "find -exec: rm '{}'"}},
		{"sh -c 'a | b'", []string{"sh -c 'a | b'", "sh -c: a", "sh -c: b"}},
		{"bash -ec 'x; y'", []string{"bash -ec 'x; y'", "bash -c: x", "bash -c: y"}},
		{"eval 'a;' b", []string{"eval 'a;' b", "eval: a", "eval: b"}},
		{"trap 'cleanup' EXIT", []string{"trap cleanup EXIT", "trap: cleanup"}},
		{"alias ll='ls -l'", []string{"alias 'll=ls -l'", "alias ll: ls -l"}},
		{"command -v git", []string{"command -v git"}},
		{"command git st", []string{"command git st", "command: git st"}},
		{"busybox rm x", []string{"busybox rm x", "busybox: rm x"}},
		{"ssh host ls /", []string{"ssh host ls /", "ssh host: ls /"}},
		{"watch -n 1 'df -h'", []string{"watch -n 1 'df -h'", "watch: df -h"}},
		{"git rebase -x 'make test' main", []string{"git rebase -x 'make test' main", "git rebase --exec: make test"}},
		{"{rm,-rf,x}", []string{"{rm,-rf,x}"}},
		{"time ls", []string{"ls"}},
		{"[[ $(a) ]] && (( $(b) ))", []string{"$(…): a", "$(…): b"}},
		{"a=(x $(y))", []string{"$(…): y"}},
		{"export A=$(b)", []string{"$(…): b"}},
		{"echo \"${arr[$(i)]}\"", []string{"$(…): i", "echo \"${arr[$(i)]}\""}},
	}
	for _, tt := range tests {
		got := unitStrings(analyze(tt.src))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q:\n got  %q\n want %q", tt.src, got, tt.want)
		}
	}
}

func TestAnalyzeWords(t *testing.T) {
	tests := []struct {
		src   string
		kinds []WordKind
		vals  []string
	}{
		{`rm "a b" 'c' d\ e`, []WordKind{Static, Static, Static, Static}, []string{"rm", "a b", "c", "d e"}},
		{`x "$f" $f *.go ~/x {a,b} $((1+2)) "$@"`, []WordKind{Static, Field, Fields, Fields, Field, Fields, Field, Fields},
			[]string{"x", `"$f"`, "$f", "*.go", "~/x", "{a,b}", "$((1+2))", `"$@"`}},
		{`echo "a\$b" '\n' $'\t' \*`, []WordKind{Static, Static, Static, Static, Static}, []string{"echo", "a$b", `\n`, "\t", "*"}},
		{`[ -f x ]`, []WordKind{Static, Static, Static, Static}, []string{"[", "-f", "x", "]"}},
	}
	for _, tt := range tests {
		an := analyze(tt.src)
		if len(an.Units) != 1 {
			t.Fatalf("%q: %d units", tt.src, len(an.Units))
		}
		var kinds []WordKind
		var vals []string
		for _, w := range an.Units[0].Words {
			kinds = append(kinds, w.Kind)
			vals = append(vals, w.Value)
		}
		if !slices.Equal(kinds, tt.kinds) || !slices.Equal(vals, tt.vals) {
			t.Errorf("%q:\n got  %v %q\n want %v %q", tt.src, kinds, vals, tt.kinds, tt.vals)
		}
	}
}

func TestAnalyzeFindings(t *testing.T) {
	tests := []struct {
		src  string
		want []string // kind:key
	}{
		{"ls", nil},
		{"ls > /dev/null 2>&1 >&2 2>&-", nil},
		{"echo x > out", []string{"redirect:out"}},
		{"echo x >> \"$log\"", []string{`redirect:"$log"`}},
		{"echo x > /dev/sda", []string{"catastrophic:/dev/sda"}},
		{"sleep 1 &", []string{"background:&"}},
		{"PATH=/x ls", []string{"assignment:PATH"}},
		{"FOO=1 ls", nil},
		{"export LD_PRELOAD=x", []string{"assignment:LD_PRELOAD"}},
		{"read -r IFS", []string{"assignment:IFS"}},
		{"f() { :; }", []string{"function:f"}},
		{"eval x", []string{"eval:eval"}},
		{"source x", []string{"eval:source"}},
		{"sudo x", []string{"wrapper:sudo"}},
		{"python3 -c 1", []string{"inline-code:python3 -c"}},
		{"echo x | python3", []string{"inline-code:python3 stdin"}},
		{"git -c a=b log", []string{"option:git -c"}},
		{"sed -i s/a/b/ f", []string{"option:sed -i"}},
		{"sort -o f g", []string{"option:sort -o"}},
		{"ls |", []string{"unparsed:ls |"}},
		{"sh -c 'ls |'", []string{"wrapper:sh -c", "unparsed:ls |"}},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range analyze(tt.src).Findings {
			got = append(got, f.Kind.String()+":"+f.Key)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%q:\n got  %q\n want %q", tt.src, got, tt.want)
		}
	}
}

func TestAnalyzeArgv(t *testing.T) {
	env, _ := testEnv()
	tests := []struct {
		argv     []string
		units    []string
		findings int
	}{
		// Run-time words are final: no quote removal, no re-expansion.
		{[]string{"echo", "$(rm x)"}, []string{"echo '$(rm x)'"}, 0},
		// eval's code comes back through the gate; it is not re-parsed.
		{[]string{"eval", "rm x"}, []string{"eval 'rm x'"}, 0},
		// Code run by another process is analysed.
		{[]string{"bash", "-c", "rm x"}, []string{"bash -c 'rm x'", "bash -c: rm x"}, 1},
		{[]string{"sudo", "rm", "-rf", "/home/user"}, []string{"sudo rm -rf /home/user", "sudo: rm -rf /home/user"}, 1},
	}
	for _, tt := range tests {
		an := AnalyzeArgv(tt.argv, dialect.Bash, env, "")
		if got := unitStrings(an); !slices.Equal(got, tt.units) || len(an.Findings) != tt.findings {
			t.Errorf("%q:\n got  %q (%d findings)\n want %q (%d)", tt.argv, got, len(an.Findings), tt.units, tt.findings)
		}
	}
	an := AnalyzeArgv([]string{"sudo", "rm", "-rf", "/home/user"}, dialect.Bash, env, "")
	if an.Units[1].Catastrophe == "" {
		t.Errorf("rm -rf $HOME at run time is not catastrophic")
	}
}

func TestAnalyzePOSIX(t *testing.T) {
	env, _ := testEnv()
	an := Analyze("export PATH=/x; ls", dialect.POSIX, env, "")
	var keys []string
	for _, f := range an.Findings {
		keys = append(keys, f.Key)
	}
	if !slices.Contains(keys, "PATH") {
		t.Errorf("POSIX export PATH=… not flagged: %q", keys)
	}
}
