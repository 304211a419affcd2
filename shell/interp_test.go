package shell

import (
	"bytes"
	"context"
	"testing"

	"nosh/shell/internal/interpunsafe"
)

func TestCurrentRunner(t *testing.T) {
	var buf bytes.Buffer
	s, err := New(Config{Name: "nosh", Stdout: &buf, Stderr: &buf})
	if err != nil {
		t.Fatal(err)
	}
	// `f` is a function only inside the subshell; a call there must see it.
	st, _ := s.RunString(context.Background(), `(umask(){ echo fn; }; umask)`, "t")
	if st != 0 || buf.String() != "fn\n" {
		t.Fatalf("subshell function did not shadow the builtin: %q %d", buf.String(), st)
	}
	if opts := interpunsafe.SetOptionValues(s.Runner); len(opts) != len(interpunsafe.SetOptions()) {
		t.Fatalf("interp options unreadable: %v", opts)
	}
}

func TestInterpOpts(t *testing.T) {
	var buf bytes.Buffer
	s, _ := New(Config{Name: "nosh", Stdout: &buf, Stderr: &buf})
	s.RunString(context.Background(), "set -e -u -o pipefail -x +x", "t")
	got := interpunsafe.SetOptionValues(s.Runner)
	want := map[string]bool{"errexit": true, "nounset": true, "pipefail": true}
	for _, o := range interpunsafe.SetOptions() {
		if got[o.Name] != want[o.Name] {
			t.Errorf("%s = %v, want %v", o.Name, got[o.Name], want[o.Name])
		}
	}
}

func TestAliases(t *testing.T) {
	var buf bytes.Buffer
	s, _ := New(Config{Name: "nosh", Stdout: &buf, Stderr: &buf, Interactive: true})
	s.RunString(context.Background(), "alias ll='ls -l' g=git", "t")
	got := aliases(s.Runner)
	if got["ll"] != "ls -l" || got["g"] != "git" || len(got) != 2 {
		t.Errorf("aliases = %q", got)
	}
	if !hasAlias(s.Runner, "ll") || hasAlias(s.Runner, "nope") {
		t.Errorf("hasAlias is wrong")
	}
}
