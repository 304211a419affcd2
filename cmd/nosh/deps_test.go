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
