package signals

import (
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestProcSigIgnAgreesWithStatus checks the mask read from /proc/PID/stat
// against the SigIgn line of /proc/PID/status, with a signal ignored so
// that the mask is not empty.
func TestProcSigIgnAgreesWithStatus(t *testing.T) {
	signal.Ignore(syscall.SIGWINCH)
	defer signal.Reset(syscall.SIGWINCH)
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip(err)
	}
	_, rest, _ := strings.Cut(string(data), "\nSigIgn:")
	field, _, _ := strings.Cut(rest, "\n")
	want, err := strconv.ParseUint(strings.TrimSpace(field), 16, 64)
	if err != nil {
		t.Fatalf("status SigIgn %q: %v", field, err)
	}
	if want&(1<<(syscall.SIGWINCH-1)) == 0 {
		t.Fatalf("status SigIgn %#x does not show SIGWINCH ignored", want)
	}
	if got := procSigIgn(os.Getpid()); got != want {
		t.Errorf("procSigIgn = %#x, /proc/self/status SigIgn = %#x", got, want)
	}
}

func TestStatSigIgn(t *testing.T) {
	tail := " S 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 0 0 4100 65536 0 0"
	for _, tc := range []struct {
		stat string
		want uint64
	}{
		{"42 (bash)" + tail, 4100},
		{"42 (a) b (c))" + tail, 4100},
		{"42 (x) S 1 2", 0},
		{"garbage", 0},
	} {
		if got := statSigIgn(tc.stat); got != tc.want {
			t.Errorf("statSigIgn(%q) = %d, want %d", tc.stat, got, tc.want)
		}
	}
}
