package screentest

import (
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var built struct {
	once sync.Once
	path string
	err  error
	out  []byte
}

// BuildNosh builds nosh (the module's cmd/nosh) once per test process,
// into a temporary directory, and returns the binary's path; for tests
// outside the shell package, which cannot run their own test binary as
// nosh. The directory is left for the system to clean, since later tests
// of the process share the binary.
func BuildNosh(tb testing.TB) string {
	tb.Helper()
	built.once.Do(func() {
		dir, err := os.MkdirTemp("", "screentest-nosh-")
		if err != nil {
			built.err = err
			return
		}
		built.path = filepath.Join(dir, "nosh")
		cmd := exec.Command("go", "build", "-o", built.path, "nosh/cmd/nosh")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		built.out, built.err = cmd.CombinedOutput()
	})
	if built.err != nil {
		tb.Fatalf("building nosh: %v\n%s", built.err, built.out)
	}
	return built.path
}
