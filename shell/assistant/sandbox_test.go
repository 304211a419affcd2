package assistant

import (
	"os"
	"strconv"
	"testing"
)

// TestUserProcessesCountsThreads: the run's process limit starts from
// what the kernel counts for RLIMIT_NPROC, threads included: this test
// process alone has several (the Go runtime's).
func TestUserProcessesCountsThreads(t *testing.T) {
	own := threadsOf(strconv.Itoa(os.Getpid()))
	if own < 2 {
		t.Errorf("threadsOf(self) = %d; a Go process has several threads", own)
	}
	if n := userProcesses(os.Getuid()); n < own {
		t.Errorf("userProcesses = %d, fewer than this process's %d threads", n, own)
	}
	if threadsOf("no-such-pid") != 1 {
		t.Errorf("an unreadable process counts as one")
	}
}
