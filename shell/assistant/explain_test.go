package assistant

import (
	"testing"
)

func TestExplainTarget(t *testing.T) {
	a := New(Config{}, fakeHost{kinds: map[string]string{"ls": "program", "tar": "program", "echo": "builtin", "cat": "program"}})
	for _, c := range []struct {
		in, cmd string
		ok      bool
	}{
		{"explain ls -la", "ls -la", true},
		{"Explain `tar -xzf a.tgz`", "tar -xzf a.tgz", true},
		{"explain ./configure --prefix=/usr", "./configure --prefix=/usr", true},
		{"explain x=1; echo $x | cat", "x=1; echo $x | cat", true},
		{"explain how tar works", "", false},
		{"explain @main.go", "", false},
		{"explain grep foo @main.go", "", false},
		{"explain", "", false},
		{"explain 'unterminated", "", false},
		{"list files", "", false},
	} {
		cmd, ok := a.explainTarget(c.in)
		if cmd != c.cmd || ok != c.ok {
			t.Errorf("%q: got %q %v, want %q %v", c.in, cmd, ok, c.cmd, c.ok)
		}
	}
}

// fakeHost is a shell that knows some command names and nothing else.
type fakeHost struct {
	Host
	kinds map[string]string
}

func (h fakeHost) CommandKind(name string) string { return h.kinds[name] }
