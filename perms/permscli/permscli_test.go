package permscli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, store string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Main(args, &out, &errb, store)
	return code, out.String(), errb.String()
}

func TestCLI(t *testing.T) {
	store := filepath.Join(t.TempDir(), "nosh", "permissions.toml")
	t.Setenv("HOME", "/home/user")

	if code, out, _ := run(t, store, "list"); code != 0 || strings.Contains(out, "allow") {
		t.Fatalf("empty list: %d %q", code, out)
	}
	if code, out, errs := run(t, store, "allow", "du", "git status"); code != 0 || out != "allow du\nallow git status\n" {
		t.Fatalf("allow: %d %q %q", code, out, errs)
	}
	if code, _, _ := run(t, store, "deny", "git push"); code != 0 {
		t.Fatal("deny failed")
	}
	code, out, _ := run(t, store, "list")
	if code != 0 || !strings.Contains(out, "allow  du\nallow  git status\ndeny   git push\n") {
		t.Fatalf("list: %d %q", code, out)
	}

	tests := []struct {
		args  []string
		first string
		has   string
	}{
		{[]string{"check", "--", "du", "-sh", "x"}, "allow", "allowed by a rule: du"},
		{[]string{"check", "du -sh x | sort"}, "ask", "add: sort"},
		{[]string{"check", "--allow", "sort", "--", "du -sh x | sort"}, "allow", "sort"},
		{[]string{"check", "--allow=sort", "du -sh x | sort"}, "allow", "sort"},
		{[]string{"check", "--", "git", "-C", ".", "push"}, "deny", "matches a deny rule: git push"},
		{[]string{"check", "--deny", "du", "--", "du"}, "deny", "matches a deny rule: du"},
		{[]string{"check", "--", "rm -rf /"}, "deny", "recursive rm of /"},
		{[]string{"check", "--", "echo hi > ~/.bashrc"}, "ask", "writes to a file"},
		{[]string{"check", "--", "ls |"}, "ask", "does not parse"},
		// How it would be confined as an agent command.
		{[]string{"check", "--", "du"}, "allow", "\nsandbox  "},
		{[]string{"check", "--allow", "tee", "--", "tee /etc/motd"}, "ask", "outside  write /etc/motd — /etc/motd: asked"},
		// As a ? translation, which runs in your shell.
		{[]string{"check", "--", "set +o history"}, "allow", ""},
		{[]string{"check", "--translation", "--", "set +o history"}, "ask", "your shell's options"},
		{[]string{"check", "--translation", "n=1"}, "allow", ""},
	}
	for _, tt := range tests {
		code, out, errs := run(t, store, tt.args...)
		if code != 0 {
			t.Errorf("%q: exit %d, stderr %q", tt.args, code, errs)
			continue
		}
		first, _, _ := strings.Cut(out, "\n")
		if first != tt.first || !strings.Contains(out, tt.has) {
			t.Errorf("%q:\n%s\nwant first line %q and %q", tt.args, out, tt.first, tt.has)
		}
	}

	if code, _, _ := run(t, store, "rm", "du"); code != 0 {
		t.Error("rm du failed")
	}
	if code, _, errs := run(t, store, "rm", "du"); code != 1 || !strings.Contains(errs, `no rule "du"`) {
		t.Errorf("rm of a missing rule: %d %q", code, errs)
	}
}

func TestCLIUsage(t *testing.T) {
	store := filepath.Join(t.TempDir(), "permissions.toml")
	for _, args := range [][]string{
		nil, {"frobnicate"}, {"allow"}, {"deny"}, {"rm"}, {"check"}, {"check", "--allow"},
		{"check", "--"}, {"list", "extra"}, {"check", "--allow", "a; b", "--", "ls"},
	} {
		if code, _, errs := run(t, store, args...); code != 2 || !strings.Contains(errs, "usage:") {
			t.Errorf("%q: exit %d, stderr %q; want usage error 2", args, code, errs)
		}
	}
	if code, _, _ := run(t, store, "allow", "./x.sh"); code != 1 {
		t.Errorf("allow of a path: exit %d, want 1", code)
	}
}

func TestCLIBrokenFile(t *testing.T) {
	store := filepath.Join(t.TempDir(), "permissions.toml")
	if err := os.WriteFile(store, []byte("allow = [\"rm\"]\ndeny = [\"curl\"]\n!!!\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := run(t, store, "check", "--", "rm x; curl y")
	if code != 0 || !strings.HasPrefix(out, "deny\n") {
		t.Errorf("check with a broken file: %d %q", code, out)
	}
	if !strings.Contains(errs, store+":3:") {
		t.Errorf("broken file not reported with its line: %q", errs)
	}
	if !strings.Contains(out, "ask    rm x") {
		t.Errorf("allow rules of a broken file were used:\n%s", out)
	}
	if code, _, errs := run(t, store, "list"); code != 1 || !strings.Contains(errs, store+":3:") {
		t.Errorf("list of a broken file: %d %q", code, errs)
	}
	if code, _, _ := run(t, store, "allow", "ls"); code != 1 {
		t.Errorf("allow into a broken file: exit %d", code)
	}
}
