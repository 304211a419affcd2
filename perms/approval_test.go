package perms

import (
	"testing"

	"nosh/perms/analysis"
)

func TestMatchWords(t *testing.T) {
	tests := []struct {
		pat  string
		argv []string
		want bool
	}{
		{"wc -l \"$f\"", []string{"wc", "-l", "main.go"}, true},
		{"wc -l \"$f\"", []string{"wc", "-l"}, false},
		{"wc -l \"$f\"", []string{"wc", "-l", "a", "b"}, false},
		{"ls *.go", []string{"ls", "a.go", "b.go"}, true},
		{"ls *.go", []string{"ls"}, true},
		{"rm $files now", []string{"rm", "a", "b", "now"}, true},
		{"rm $files now", []string{"rm", "a", "b"}, false},
		{"$c -rf x", []string{"rm", "-rf", "x"}, false},
		{"git log", []string{"git", "log"}, true},
		{"git log", []string{"git", "push"}, false},
	}
	for _, tt := range tests {
		pat := firstUnit(t, tt.pat).Words
		if got := matchWords(pat, analysis.StaticWords(tt.argv)); got != tt.want {
			t.Errorf("%q against %q = %v, want %v", tt.argv, tt.pat, got, tt.want)
		}
	}
}

func TestApprovalCovers(t *testing.T) {
	p := newTestPolicy(t, nil, "ls")
	d := p.Check(`for f in *.go; do wc -l "$f" > "$f.count"; done; export PATH=/x:$PATH; g() { :; }`)
	a := d.Approval("/work")
	cases := []struct {
		argv []string
		want bool
	}{
		{[]string{"wc", "-l", "main.go"}, true},
		{[]string{"ls", "-la"}, true}, // allowed by a rule
		{[]string{"rm", "main.go"}, false},
		{[]string{"g"}, true}, // the function it defines
		{[]string{"rm", "-rf", "/"}, false},
	}
	for _, c := range cases {
		if got := a.Covers(p.CheckArgv(c.argv, nil, ""), true); got != c.want {
			t.Errorf("covers %q = %v, want %v", c.argv, got, c.want)
		}
	}
	if a.Covers(p.CheckArgv([]string{"g"}, nil, ""), false) {
		t.Error("function name covered as an external program")
	}
	if !a.CoversVar("PATH") || a.CoversVar("LD_PRELOAD") {
		t.Error("variable approvals wrong")
	}
	if a.CoversWrite("out.txt", "/work") {
		t.Error("unapproved write covered")
	}
	var none *Approval
	if none.Covers(p.CheckArgv([]string{"rm", "x"}, nil, ""), true) || !none.Covers(p.CheckArgv([]string{"ls"}, nil, ""), true) {
		t.Error("nil approval must approve exactly what the rules allow")
	}
	if p.Check("rm -rf /").Approval("") != nil {
		t.Error("a denied decision approved something")
	}
	w := p.Check("echo x > out.txt").Approval("/work")
	if !w.CoversWrite("out.txt", "/work") || !w.CoversWrite("/work/out.txt", "/elsewhere") || w.CoversWrite("other.txt", "/work") {
		t.Error("write approvals wrong")
	}
}
