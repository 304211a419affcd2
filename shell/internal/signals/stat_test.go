package signals

import (
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// TestProcSigIgnAgreesWithStatus checks the mask procSigIgn reads
// against os.ReadFile of the same file, with a signal below 32 and one
// above ignored, so that the mask is not empty and a mask cut at 31 bits
// (as /proc/PID/stat's) would show.
func TestProcSigIgnAgreesWithStatus(t *testing.T) {
	rt := syscall.Signal(40)
	signal.Ignore(syscall.SIGWINCH, rt)
	defer signal.Reset(syscall.SIGWINCH, rt)
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
	for _, sig := range []syscall.Signal{syscall.SIGWINCH, rt} {
		if want&(1<<(sig-1)) == 0 {
			t.Fatalf("status SigIgn %#x does not show signal %d ignored", want, sig)
		}
	}
	if got := procSigIgn(os.Getpid()); got != want {
		t.Errorf("procSigIgn = %#x, /proc/self/status SigIgn = %#x", got, want)
	}
}

func TestStatusSigIgn(t *testing.T) {
	for _, tc := range []struct {
		status string
		want   uint64
	}{
		{"Name:\tbash\nSigBlk:\t0000000000010000\nSigIgn:\t0000008000384004\nSigCgt:\t000000004b813efb\n", 0x8000384004},
		{"Name:\tx\nSigIgn:\tzz\n", 0},
		{"Name:\tx\n", 0},
		{"", 0},
	} {
		if got := statusSigIgn(tc.status); got != tc.want {
			t.Errorf("statusSigIgn(%q) = %#x, want %#x", tc.status, got, tc.want)
		}
	}
}
