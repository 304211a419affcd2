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
