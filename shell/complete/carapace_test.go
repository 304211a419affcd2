package complete

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeCarapace installs a carapace on the test PATH that answers with
// one value echoing its arguments, or fails for the command "unknown".
func fakeCarapace(t *testing.T, env *fakeEnv) {
	script := `#!/bin/sh
if [ "$1" = unknown ]; then echo "unknown completer" >&2; exit 1; fi
printf '{"version":"v1","messages":[],"nospace":"/","usage":"usage of %s","values":[{"value":"from-carapace","display":"from-carapace","description":"%s","tag":"carapace"},{"value":"fruit/","display":"fruit/"}]}' "$1" "$*"
`
	mkfile(t, filepath.Join(env.vars["PATH"], "carapace"), script, 0o755)
}

func TestCarapace(t *testing.T) {
	c, env := testCompleter(t)
	fakeCarapace(t, env)
	c.NoCarapace = false
	c.Timeout = 10 * time.Second

	r := complete(c, `foo --x "a b" fr`)
	if values(r) != `from-carapace␣ | fruit/` {
		t.Fatalf("carapace candidates: %s", values(r))
	}
	if got := r.Candidates[0].Description; got != "foo export foo --x a b fr" {
		t.Errorf("carapace was called with %q", got)
	}
	if r.Usage != "usage of foo" {
		t.Errorf("usage %q", r.Usage)
	}

	// Aliases are expanded before asking.
	if got := complete(c, `g fr`).Candidates[0].Description; got != "git export git fr" {
		t.Errorf("alias: carapace called with %q", got)
	}
	// carapace comes before nosh's own specs, except those that need the
	// shell's state.
	if got := values(complete(c, `make fr`)); got != `from-carapace␣ | fruit/` {
		t.Errorf("make with carapace: %s", got)
	}
	if got := values(complete(c, `cd s`)); got != `src/` {
		t.Errorf("cd with carapace: %s", got)
	}
	// A command carapace does not know falls back to files.
	if got := values(complete(c, `unknown no`)); got != `notes.md␣` {
		t.Errorf("unknown command: %s", got)
	}
	c.NoCarapace = true
	if got := values(complete(c, `foo no`)); got != `notes.md␣` {
		t.Errorf("NoCarapace: %s", got)
	}
	if !strings.Contains(values(complete(c, `make `)), "build") {
		t.Error("NoCarapace: make targets missing")
	}
}
