package perms

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLeaf: no part of perms knows the shell or the AI. (Inside perms the
// direction perms → programs → analysis needs no test: the other way
// round would be an import cycle.)
func TestLeaf(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "nosh/perms/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, d := range strings.Fields(string(out)) {
		if d == "nosh/shell" || strings.HasPrefix(d, "nosh/shell/") || d == "nosh/ai" || strings.HasPrefix(d, "nosh/ai/") {
			t.Errorf("perms depends on %s", d)
		}
	}
}
