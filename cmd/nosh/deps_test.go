package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestNoTransportInShell: the shell's start-up must not pay for the AI's
// HTTP and TLS stacks; only the helper, nosh-ai, links them.
func TestNoTransportInShell(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "nosh/cmd/nosh").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		switch pkg {
		case "net/http", "crypto/tls", "net", "nosh/ai/client":
			t.Errorf("nosh links %s: reach the AI through nosh/ai/remote", pkg)
		case "net/url", "net/netip":
			// netip's initialisation makes unique handles and starts
			// the runtime's cleanup goroutines in every process.
			t.Errorf("nosh links %s: check URLs with config.CheckHTTPURL", pkg)
		}
	}
}

// TestFloorLinksNosh: bench/floor/linked, the start-up floor bench/run.sh
// times beside nosh, links exactly the packages nosh links.
func TestFloorLinksNosh(t *testing.T) {
	deps := func(pkg string) map[string]bool {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Skipf("go list: %v", err)
		}
		m := map[string]bool{}
		for _, p := range strings.Fields(string(out)) {
			m[p] = true
		}
		delete(m, pkg)
		return m
	}
	nosh, floor := deps("nosh/cmd/nosh"), deps("nosh/bench/floor/linked")
	for p := range nosh {
		// The command's own internal packages (earlystack, which only
		// changes how the main goroutine's stack grows) cannot be
		// imported from bench/; they are nosh's command, not its
		// packages.
		if strings.HasPrefix(p, "nosh/cmd/nosh/internal/") {
			continue
		}
		if !floor[p] {
			t.Errorf("bench/floor/linked does not link %s", p)
		}
	}
	for p := range floor {
		if !nosh[p] {
			t.Errorf("bench/floor/linked links %s, which nosh does not", p)
		}
	}
}

// TestLayers: dependencies point one way (cmd → shell/repl →
// shell/assistant and the core → the core's engine; ai and perms never
// reach the shell). The
// core must not link the line editor or the AI, so that a script pays for
// neither and the layers stay apart.
func TestLayers(t *testing.T) {
	deps := func(pkg string) []string {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Skipf("go list: %v", err)
		}
		return strings.Fields(string(out))
	}
	rules := []struct {
		pkg       string
		forbidden []string // package paths, or prefixes ending in "/"
	}{
		{"nosh/shell", []string{"github.com/reeflective/readline", "nosh/ai", "nosh/ai/", "nosh/perms", "nosh/perms/",
			"nosh/shell/repl", "nosh/shell/assistant", "nosh/shell/complete", "nosh/shell/highlight",
			"nosh/shell/history", "nosh/shell/histexpand", "nosh/shell/prompt", "nosh/shell/markdown", "nosh/shell/linekind"}},
		// The engine (the statement rewrite and its private builtins)
		// sits below the core: it sees the shell only through its Host.
		{"nosh/shell/internal/engine", []string{"nosh/shell", "nosh/shell/repl", "nosh/shell/assistant",
			"github.com/reeflective/readline", "nosh/ai", "nosh/ai/", "nosh/perms", "nosh/perms/"}},
		{"nosh/shell/assistant", []string{"nosh/shell", "nosh/shell/repl", "github.com/reeflective/readline",
			"nosh/shell/complete", "nosh/shell/highlight", "nosh/shell/history", "nosh/shell/prompt"}},
		// The option tables know nothing of the runner or the core.
		{"nosh/shell/internal/options", []string{"nosh/shell", "nosh/shell/internal/interpunsafe", "mvdan.cc/sh/v3/interp"}},
		// Signal dispositions: the process's, not the runner's.
		{"nosh/shell/internal/signals", []string{"nosh/shell", "nosh/shell/internal/interpunsafe", "mvdan.cc/sh/v3/interp"}},
		// The engine's leaves: string and word rewrites that know nothing
		// of the runner's state, the engine or the core.
		{"nosh/shell/internal/patterns", []string{"nosh/shell", "nosh/shell/internal/engine", "nosh/shell/internal/interpunsafe", "mvdan.cc/sh/v3/interp"}},
		{"nosh/shell/internal/rewrite", []string{"nosh/shell", "nosh/shell/internal/engine", "nosh/shell/internal/interpunsafe", "mvdan.cc/sh/v3/interp"}},
		{"nosh/shell/internal/stagepipe", []string{"nosh/shell", "nosh/shell/internal/engine", "nosh/shell/internal/interpunsafe", "mvdan.cc/sh/v3/interp"}},
		// The core's leaves: what they compute needs neither the core nor
		// the engine.
		{"nosh/shell/internal/dynvars", []string{"nosh/shell", "nosh/shell/internal/engine"}},
		{"nosh/shell/internal/varlist", []string{"nosh/shell", "nosh/shell/internal/engine"}},
		{"nosh/shell/internal/deadcwd", []string{"nosh/shell", "nosh/shell/internal/engine", "mvdan.cc/sh/v3/interp"}},
		{"nosh/shell/internal/linefeed", []string{"nosh/shell", "nosh/shell/internal/engine", "mvdan.cc/sh/v3/interp"}},
		{"nosh/shell/internal/escapes", []string{"nosh/shell", "nosh/shell/internal/engine", "mvdan.cc/sh/v3/interp"}},
		{"nosh/shell/internal/guard", []string{"nosh/shell", "nosh/shell/internal/engine", "nosh/ai", "nosh/ai/", "nosh/perms", "nosh/perms/"}},
		{"nosh/ai/...", []string{"nosh/shell", "nosh/shell/"}},
		{"nosh/perms/...", []string{"nosh/shell", "nosh/shell/"}},
	}
	for _, r := range rules {
		for _, d := range deps(r.pkg) {
			for _, f := range r.forbidden {
				if d == f || strings.HasSuffix(f, "/") && strings.HasPrefix(d, f) {
					t.Errorf("%s depends on %s", r.pkg, d)
				}
			}
		}
	}
}
