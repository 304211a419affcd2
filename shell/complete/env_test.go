package complete

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"nosh/shell/highlight"
)

// fakeEnv is a shell with fixed tables.
type fakeEnv struct {
	dir      string
	vars     map[string]string
	builtins []string
	funcs    []string
	aliases  map[string]string
	jobs     []Job
}

func (e *fakeEnv) Builtins() []string         { return e.builtins }
func (e *fakeEnv) Functions() []string        { return e.funcs }
func (e *fakeEnv) Aliases() map[string]string { return e.aliases }
func (e *fakeEnv) Get(name string) string     { return e.vars[name] }
func (e *fakeEnv) Dir() string                { return e.dir }
func (e *fakeEnv) Jobs() []Job                { return e.jobs }
func (e *fakeEnv) Vars() []string {
	var out []string
	for k := range e.vars {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func mkfile(t testing.TB, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}

// testCompleter builds a completer over a temporary tree:
//
//	work/  (the shell's directory)
//	  My Documents/  my file.txt  it's.txt  quote"d.txt  $dollar  .hidden
//	  notes.md  run.sh (executable)  Makefile  src/main.go  src/util.go
//	home/  .ssh/config  .ssh/known_hosts  docs/
//	bin/   tool  toolbox  grep  (executables)  data (not executable)
//	passwd
func testCompleter(t testing.TB) (*Completer, *fakeEnv) {
	t.Helper()
	root := t.TempDir()
	work, home, bin := filepath.Join(root, "work"), filepath.Join(root, "home"), filepath.Join(root, "bin")
	for _, f := range []string{"my file.txt", "it's.txt", `quote"d.txt`, "$dollar", ".hidden", "notes.md", "src/main.go", "src/util.go", "My Documents/report.txt"} {
		mkfile(t, filepath.Join(work, f), "x", 0o644)
	}
	mkfile(t, filepath.Join(work, "run.sh"), "#!/bin/sh\n", 0o755)
	mkfile(t, filepath.Join(work, "Makefile"), "all: build test ## everything\nbuild:\n\tgo build\ntest: build\n.PHONY: all\n%.o: %.c\nVAR := x\n", 0o644)
	mkfile(t, filepath.Join(home, ".ssh", "config"), "Host alpha beta\n  HostName a.example\nHost *.corp\nhost=gamma\n", 0o644)
	mkfile(t, filepath.Join(home, ".ssh", "known_hosts"), "delta.example,10.0.0.1 ssh-ed25519 AAAA\n|1|hash= ssh-rsa AAAA\n[epsilon]:2222 ssh-rsa AAAA\n@cert-authority *.example ssh-rsa AAAA\n", 0o644)
	mkfile(t, filepath.Join(home, "docs", "a.txt"), "x", 0o644)
	for _, f := range []string{"tool", "toolbox", "grep"} {
		mkfile(t, filepath.Join(bin, f), "#!/bin/sh\n", 0o755)
	}
	mkfile(t, filepath.Join(bin, "data"), "x", 0o644)
	mkfile(t, filepath.Join(root, "passwd"), "root:x:0:0:Super User:/root:/bin/sh\nrobin:x:1000:1000::"+home+":/bin/sh\n", 0o644)
	env := &fakeEnv{
		dir:      work,
		vars:     map[string]string{"HOME": home, "PATH": bin, "HOSTNAME": "h", "MY_DIR": work + "/src"},
		builtins: []string{"cd", "echo", "export", "fg", "kill", "sudo", "unset"},
		funcs:    []string{"myfunc"},
		aliases:  map[string]string{"ll": "ls -l", "g": "git"},
		jobs:     []Job{{ID: 1, Text: "sleep 100"}, {ID: 2, Text: "vim notes.md"}},
	}
	c := New(env)
	c.Passwd = filepath.Join(root, "passwd")
	c.Path = highlight.NewPathCache()
	c.NoCarapace = true
	// The slash commands a REPL registers (it sets Slash from its table).
	for _, name := range []string{"/help", "/config", "/reload", "/clear", "/context", "/agent", "/yolo", "/perms", "/history"} {
		c.Slash = append(c.Slash, Candidate{Value: name, Description: "the " + name + " command", Tag: "slash commands"})
	}
	return c, env
}

// values lists the candidates' Values, each followed by "␣" unless
// NoSpace, so that tables show where a space would follow.
func values(r Result) string {
	var out []string
	for _, c := range r.Candidates {
		v := c.Value
		if !c.NoSpace {
			v += "␣"
		}
		out = append(out, v)
	}
	return strings.Join(out, " | ")
}
