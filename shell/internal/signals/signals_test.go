package signals

import (
	"os"
	"syscall"
	"testing"
)

// TestIgnoreActionSeenInProc: the kernel's disposition set with
// rt_sigaction is what /proc reports, which is how a shell learns what its
// parent ignores.
func TestIgnoreActionSeenInProc(t *testing.T) {
	old := setIgnoreAction(syscall.SIGUSR2)
	defer restoreAction(syscall.SIGUSR2, old)
	if mask := procSigIgn(os.Getpid()); mask&(1<<(syscall.SIGUSR2-1)) == 0 {
		t.Errorf("SigIgn %#x lacks SIGUSR2 after setIgnoreAction", mask)
	}
	restoreAction(syscall.SIGUSR2, old)
	if mask := procSigIgn(os.Getpid()); mask&(1<<(syscall.SIGUSR2-1)) != 0 {
		t.Errorf("SigIgn %#x still has SIGUSR2 after restoreAction", mask)
	}
}

func TestTrapsListedInSignalOrder(t *testing.T) {
	st := &Dispositions{JobControl: func() bool { return false }}
	st.SetTrap(syscall.SIGUSR2, "echo two", false)
	st.SetTrap(syscall.SIGUSR1, "", false)
	st.SetTrap(syscall.SIGHUP, "echo hup", false)
	defer func() {
		for _, sig := range []syscall.Signal{syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGHUP} {
			st.SetTrap(sig, "", true)
		}
	}()
	got := st.Traps()
	want := []Trap{{syscall.SIGHUP, "echo hup"}, {syscall.SIGUSR1, ""}, {syscall.SIGUSR2, "echo two"}}
	if len(got) != len(want) {
		t.Fatalf("Traps() = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("Traps()[%d] = %v, want %v", i, got[i], want[i])
		}
	}
	if !st.Catches(syscall.SIGUSR2) || st.Catches(syscall.SIGUSR1) {
		t.Errorf("Catches: SIGUSR2 %v (want true), SIGUSR1 %v (want false: ignored)",
			st.Catches(syscall.SIGUSR2), st.Catches(syscall.SIGUSR1))
	}
	st.SetTrap(syscall.SIGUSR2, "", true)
	if st.Catches(syscall.SIGUSR2) {
		t.Error("SIGUSR2 still caught after its trap was reset")
	}
}

func TestName(t *testing.T) {
	for sig, want := range map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"} {
		if got := Name(sig); got != want {
			t.Errorf("Name(%d) = %q, want %q", sig, got, want)
		}
	}
}

func TestParseCondition(t *testing.T) {
	for _, tt := range []struct {
		cond, name string
		sig        syscall.Signal
		ok         bool
	}{
		{"EXIT", "EXIT", 0, true}, {"0", "EXIT", 0, true}, {"sigexit", "EXIT", 0, true},
		{"ERR", "ERR", 0, true}, {"DEBUG", "DEBUG", 0, true},
		{"INT", "SIGINT", syscall.SIGINT, true}, {"sigterm", "SIGTERM", syscall.SIGTERM, true},
		{"1", "SIGHUP", syscall.SIGHUP, true}, {"NOSUCH", "", 0, false}, {"999", "", 0, false},
	} {
		name, sig, ok := ParseCondition(tt.cond)
		if name != tt.name || sig != tt.sig || ok != tt.ok {
			t.Errorf("ParseCondition(%q) = %q, %d, %v; want %q, %d, %v", tt.cond, name, sig, ok, tt.name, tt.sig, tt.ok)
		}
	}
}
