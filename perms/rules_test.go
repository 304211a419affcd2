package perms

import (
	"slices"
	"testing"
)

func TestParseRule(t *testing.T) {
	tests := []struct {
		in    string
		words []string
		text  string
		err   bool
	}{
		{"git status", []string{"git", "status"}, "git status", false},
		{"  du  ", []string{"du"}, "du", false},
		{"grep -r 'a b'", []string{"grep", "-r", "a b"}, "grep -r 'a b'", false},
		{`echo "x"`, []string{"echo", "x"}, "echo x", false},
		{"rm '*.log'", []string{"rm", "*.log"}, "rm '*.log'", false},
		{"", nil, "", true},
		{"rm *.log", nil, "", true},
		{"echo $HOME", nil, "", true},
		{"a; b", nil, "", true},
		{"a > f", nil, "", true},
		{"X=1 a", nil, "", true},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.in)
		if (err != nil) != tt.err {
			t.Errorf("ParseRule(%q) error = %v, want error %v", tt.in, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		if !slices.Equal(r.Words(), tt.words) || r.String() != tt.text {
			t.Errorf("ParseRule(%q) = %q %q, want %q %q", tt.in, r.Words(), r.String(), tt.words, tt.text)
		}
		if back, err := ParseRule(r.String()); err != nil || !slices.Equal(back.Words(), r.Words()) {
			t.Errorf("ParseRule(%q).String() does not parse back: %v", tt.in, err)
		}
	}
}

func firstUnit(t *testing.T, src string) Unit {
	t.Helper()
	an := analyze(src)
	if len(an.Units) == 0 {
		t.Fatalf("%q: no units", src)
	}
	return an.Units[0]
}

func TestAllowRule(t *testing.T) {
	tests := []struct {
		rule, cmd string
		want      bool
	}{
		{"du", "du -sh x", true},
		{"du", "dudu", false},
		{"git status", "git status -s", true},
		{"git status", "git push", false},
		{"git status", "git", false},
		{"cat", "./cat x", false},
		{"cat", "/bin/cat x", false},
		{"cat", `\cat x`, true},
		{"cat", `c''at x`, true},
		{"cat", "$c x", false},
		{"ls", "ls *.go", true},
		{"ls '*.go'", "ls *.go", false},
		{"ls '*.go'", "ls '*.go'", true},
		{"git log", "git $sub", false},
		{"echo a", "echo {a,b}", false},
	}
	for _, tt := range tests {
		if got := MustRule(tt.rule).allows(firstUnit(t, tt.cmd)); got != tt.want {
			t.Errorf("allow rule %q on %q = %v, want %v", tt.rule, tt.cmd, got, tt.want)
		}
	}
}

func TestDenyRule(t *testing.T) {
	tests := []struct {
		rule, cmd string
		want      bool
	}{
		{"git push", "git push", true},
		{"git push", "git -C . push origin", true},
		{"git push", "git --git-dir=x --work-tree y push", true},
		{"git push", "/usr/bin/git push", true},
		{"git push", "git log push", false},
		{"git push", "git status", false},
		{"git push --force", "git push -f", true},
		{"git push --force", "git push", false},
		{"rm -rf", "rm -fr x", true},
		{"rm -rf", "rm -r -f x", true},
		{"rm -rf", "rm -R --force x", true},
		{"rm -rf", "rm --recursive --force x", true},
		{"rm -rf", "rm -r x", false},
		{"rm -rf", "rm -- -rf", false},
		{"rm", "./rm x", true},
		{"/bin/rm", "rm x", true},
		{"kubectl delete", "kubectl -n prod delete pod x", true},
		{"npm publish", "npm --tag next publish", true},
		{"kill -9", "kill -KILL 1", true},
		{"curl", "$c x", false},
		{"rm -rf", "{rm,-rf,x}", true},
	}
	for _, tt := range tests {
		if got := MustRule(tt.rule).denies(firstUnit(t, tt.cmd)); got != tt.want {
			t.Errorf("deny rule %q on %q = %v, want %v", tt.rule, tt.cmd, got, tt.want)
		}
	}
}

func TestSuggestRules(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"du -sh x", []string{"du"}},
		{"git log --oneline", []string{"git log"}},
		{"git -C repo log", []string{"git -C repo log"}},
		{"git --version", []string{"git --version"}},
		{"npm test", []string{"npm test"}},
		{"npm run build -- --watch", []string{"npm run build"}},
		{"docker ps -a", []string{"docker ps"}},
		{"docker compose up -d", []string{"docker compose up"}},
		{"kubectl get pods", []string{"kubectl get"}},
		{"kubectl -n prod get pods", nil},
		{"go test ./...", []string{"go test"}},
		{"go mod tidy", []string{"go mod tidy"}},
		{"cargo build --release", []string{"cargo build"}},
		{"aws s3 ls", []string{"aws s3 ls"}},
		{"python3 -m pytest -x", []string{"python3 -m pytest"}},
		{"python3 tool.py", []string{"python3 tool.py"}},
		{"git $sub", nil},
		{"./build.sh", nil},
		{"$cmd x", nil},
		{"echo hi", nil},
		{"grep 'a b' f", []string{"grep"}},
	}
	for _, tt := range tests {
		if got := SuggestRules(firstUnit(t, tt.cmd)); !slices.Equal(got, tt.want) {
			t.Errorf("SuggestRules(%q) = %q, want %q", tt.cmd, got, tt.want)
		}
	}
}
