package shell

import (
	"os"
	"testing"

	"nosh/perms/sandbox"
)

// TestMain makes the test binary the launcher of the agent's sandboxed
// commands (/proc/self/exe), as nosh is, for BenchmarkAgentSandbox.
func TestMain(m *testing.M) {
	sandbox.Launch(os.Args)
	// And of the programs a subshell starts with its own ignored signals.
	Launch(os.Args)
	os.Exit(m.Run())
}
