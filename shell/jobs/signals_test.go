package jobs

import (
	"syscall"
	"testing"
)

func TestParseSignal(t *testing.T) {
	tests := []struct {
		spec string
		sig  syscall.Signal
		ok   bool
	}{
		{"TERM", syscall.SIGTERM, true},
		{"SIGTERM", syscall.SIGTERM, true},
		{"term", syscall.SIGTERM, true},
		{"sigint", syscall.SIGINT, true},
		{"9", syscall.SIGKILL, true},
		{"0", 0, true},
		{"IOT", syscall.SIGABRT, true},
		{"CLD", syscall.SIGCHLD, true},
		{"RTMIN", 34, true},
		{"RTMIN+3", 37, true},
		{"SIGRTMAX-1", 63, true},
		{"RTMAX", 64, true},
		{"NOSUCH", 0, false},
		{"65", 0, false},
		{"-1", 0, false},
		{"32", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		sig, ok := ParseSignal(tt.spec)
		if sig != tt.sig || ok != tt.ok {
			t.Errorf("ParseSignal(%q) = %d, %v; want %d, %v", tt.spec, sig, ok, tt.sig, tt.ok)
		}
	}
}

func TestSignalNamesRoundTrip(t *testing.T) {
	sigs := Signals()
	if len(sigs) != 31+31 {
		t.Errorf("%d signals listed", len(sigs))
	}
	for _, sig := range sigs {
		name := SignalName(sig)
		back, ok := ParseSignal(name)
		if !ok || back != sig {
			t.Errorf("%d is %q, which parses as %d, %v", sig, name, back, ok)
		}
	}
	for sig, want := range map[syscall.Signal]string{
		syscall.SIGHUP: "HUP", 49: "RTMIN+15", 50: "RTMAX-14", 32: "",
	} {
		if got := SignalName(sig); got != want {
			t.Errorf("SignalName(%d) = %q, want %q", sig, got, want)
		}
	}
}

func TestDescribeSignal(t *testing.T) {
	for sig, want := range map[syscall.Signal]string{
		syscall.SIGTERM: "Terminated", syscall.SIGKILL: "Killed", syscall.SIGTSTP: "Stopped",
		syscall.SIGTTIN: "Stopped (tty input)", syscall.SIGSEGV: "Segmentation fault",
	} {
		if got := DescribeSignal(sig); got != want {
			t.Errorf("DescribeSignal(%v) = %q, want %q", sig, got, want)
		}
	}
}
