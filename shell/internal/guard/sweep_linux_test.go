package guard

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"nosh/perms/sandbox"
)

func TestMain(m *testing.M) {
	// The test binary is its own sandbox launcher, as nosh is; started
	// with strayVar it is a program that outlives its run.
	sandbox.Launch(os.Args)
	if os.Getenv(strayVar) != "" {
		time.Sleep(time.Minute)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

const strayVar = "NOSH_GUARD_TEST_STRAY"

// startStray starts this test binary as a program that sleeps, confined
// by the sandbox when confine is set, in a session of its own when ap is
// not nil (recorded as one of ap's, as Note records an agent program's),
// and not noted as any run's program: what a daemon's double fork leaves
// behind.
func startStray(t *testing.T, confine bool, ap *Programs) *exec.Cmd {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := &exec.Cmd{Path: self, Args: []string{self}}
	if confine {
		cmd.Path, cmd.Args = sandbox.Command(self, []string{self}, sandbox.Policy{Rules: []sandbox.Rule{{Path: t.TempDir(), Access: sandbox.All}}})
	}
	cmd.Env = append(os.Environ(), strayVar+"=1")
	if ap != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if ap != nil {
		ap.mu.Lock()
		ap.noteSessionLocked(cmd.Process.Pid)
		ap.mu.Unlock()
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd
}

// exited waits for cmd to end, at most a generous while.
func exited(cmd *exec.Cmd) bool {
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	select {
	case <-done:
		return true
	case <-time.After(20 * time.Second):
		return false
	}
}

// TestRunStopsDetachedPrograms: a confined program the run started that
// is none of its jobs (it forked and its parent exited) is stopped when
// the run ends; a confined program from before the run and an unconfined
// one (a child of the user's own background job) are left alone.
func TestRunStopsDetachedPrograms(t *testing.T) {
	if _, err := sandbox.Available(); err != nil {
		t.Skip(err)
	}
	before := startStray(t, true, nil)
	// Start times count in ticks of 10 ms: the run begins after.
	time.Sleep(30 * time.Millisecond)
	ctx, stop := Track(context.Background())
	ap := ProgramsOf(ctx)
	stray := startStray(t, true, ap)
	inOwn := startStray(t, true, nil)
	// Another run's (another nosh's) program, in a session of its own.
	other := startStray(t, true, &Programs{})
	users := startStray(t, false, nil)
	// Wait until the strays are confined (the launcher has become them).
	deadline := time.Now().Add(20 * time.Second)
	for _, c := range []*exec.Cmd{stray, inOwn, other} {
		for !confined(c.Process.Pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	if n := stop(); n < 2 {
		t.Errorf("stop() = %d, want the strays counted", n)
	}
	if !exited(stray) {
		t.Fatalf("the detached program outlived its run")
	}
	if !exited(inOwn) {
		t.Fatalf("a confined program of nosh's own session outlived the run")
	}
	for name, c := range map[string]*exec.Cmd{"a confined program from before the run": before, "an unconfined program": users,
		"another run's program": other} {
		if err := c.Process.Signal(syscall.Signal(0)); err != nil {
			t.Errorf("%s was stopped: %v", name, err)
		}
	}
}

// state returns a process's state letter from /proc/PID/stat.
func state(pid int) byte {
	b, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) {
		return b[i+2]
	}
	return 0
}

// TestFreezeHoldsRunProgramsDuringQuestion: while nosh asks the user,
// the run's confined programs are stopped (they could redraw the question
// on the terminal), and continue after; others are not touched.
func TestFreezeHoldsRunProgramsDuringQuestion(t *testing.T) {
	if _, err := sandbox.Available(); err != nil {
		t.Skip(err)
	}
	ctx, stop := Track(context.Background())
	defer stop()
	ap := ProgramsOf(ctx)
	stray := startStray(t, true, ap)
	users := startStray(t, false, nil)
	other := startStray(t, true, &Programs{})
	deadline := time.Now().Add(20 * time.Second)
	for _, c := range []*exec.Cmd{stray, other} {
		for !confined(c.Process.Pid) && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
	}
	thaw := ap.Freeze()
	if s := state(stray.Process.Pid); s != 'T' {
		t.Errorf("the run's program is in state %c while the question is asked, want T (stopped)", s)
	}
	if s := state(users.Process.Pid); s == 'T' {
		t.Errorf("an unconfined program was stopped")
	}
	if s := state(other.Process.Pid); s == 'T' {
		t.Errorf("another run's program was stopped")
	}
	thaw()
	for state(stray.Process.Pid) == 'T' && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if s := state(stray.Process.Pid); s == 'T' {
		t.Errorf("the run's program stayed stopped after the answer")
	}
}
