package guard

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// A program of the run may fork and let its parent exit (a daemon's
// double fork): the child is then no process nosh started, and neither
// the run's jobs nor their process groups reach it. Each program of a
// run starts in a session of its own (no controlling terminal), and the
// sandbox refuses setsid, so whatever it starts stays in that session;
// the end of the run finds it among the processes of the run's sessions
// (and nosh's own, for a program started without one) started since the
// run began that run confined (no new privileges and a seccomp filter,
// as the launcher sets both), and stops it, so that it cannot change the
// workspace after the run's report nor draw on a later prompt.

// clockTicks is the kernel's USER_HZ, fixed at 100 on Linux.
const clockTicks = 100

// bootTicks returns the time since boot in clock ticks, as
// /proc/PID/stat counts a process's start.
func bootTicks() uint64 {
	b, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	secs, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 0
	}
	return uint64(secs * clockTicks)
}

// procStat returns a process's session and start time from
// /proc/PID/stat.
func procStat(pid int) (sid int, start uint64, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, false
	}
	// The command name, in parentheses, may hold spaces and parentheses:
	// the fields start after the last ')'.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, false
	}
	f := strings.Fields(string(b[i+1:]))
	// f[0] is field 3 (state): the session is field 6, the start field 22.
	if len(f) < 20 {
		return 0, 0, false
	}
	sid, err1 := strconv.Atoi(f[3])
	start, err2 := strconv.ParseUint(f[19], 10, 64)
	return sid, start, err1 == nil && err2 == nil
}

// confined reports whether a process runs as the sandbox's launcher leaves
// it: no new privileges, and a seccomp filter.
func confined(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return false
	}
	s := string(b)
	return strings.Contains(s, "\nNoNewPrivs:\t1\n") && strings.Contains(s, "\nSeccomp:\t2\n")
}

// stoppedOrGone reports whether a process is stopped, or no longer runs.
func stoppedOrGone(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	i := bytes.LastIndexByte(b, ')')
	if err != nil || i < 0 || i+2 >= len(b) {
		return true
	}
	switch b[i+2] {
	case 'T', 't', 'Z', 'X':
		return true
	}
	return false
}

// dying reports whether a process has exited (a zombie) or is exiting.
func dying(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if i := bytes.LastIndexByte(b, ')'); err == nil && i >= 0 && i+2 < len(b) {
		return b[i+2] == 'Z' || b[i+2] == 'X'
	}
	return true
}

// strays returns the confined processes of nosh's session or one of
// sessions started at or after since (clock ticks since boot).
func strays(since uint64, sessions map[int]bool) []int {
	self := os.Getpid()
	own, err := unix.Getsid(0)
	if err != nil {
		return nil
	}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == self {
			continue
		}
		if s, start, ok := procStat(pid); ok && (s == own || sessions[s]) && start+1 >= since && confined(pid) && !dying(pid) {
			out = append(out, pid)
		}
	}
	return out
}

// stopStrays kills the run's programs that left its jobs, and returns how
// many there were. SIGKILL: a program that would outlive its run gets no
// chance to act on a gentler signal.
func stopStrays(since uint64, sessions, counted map[int]bool) int {
	killed := map[int]bool{}
	// A stray may fork again while the first pass runs: look until none
	// is left, a few times at most.
	for range 5 {
		ps := strays(since, sessions)
		if len(ps) == 0 {
			break
		}
		for _, pid := range ps {
			if syscall.Kill(pid, syscall.SIGKILL) == nil && !counted[pid] {
				killed[pid] = true
			}
		}
	}
	return len(killed)
}

// Freeze stops (SIGSTOP) every confined process of the run's sessions
// started since the run began, while nosh asks the user about a command,
// and returns what continues them. A program of the run may write
// to its output (shown under the question) or, where the kernel has no
// Landlock to refuse it, open the terminal by name: running on, it could
// redraw the question to show another command than the one asked about.
// Stopped, it can do nothing until the answer is given.
func (ap *Programs) Freeze() (thaw func()) {
	if ap == nil || ap.since == 0 {
		return func() {}
	}
	sessions, since := ap.sessionSet()
	stopped := map[int]bool{}
	for range 5 {
		fresh := 0
		for _, pid := range strays(since, sessions) {
			if !stopped[pid] && syscall.Kill(pid, syscall.SIGSTOP) == nil {
				stopped[pid] = true
				fresh++
			}
		}
		if fresh == 0 {
			break
		}
	}
	// A signal is delivered when its target next runs: wait (a little)
	// until each has stopped, so that none still writes once the
	// question is drawn.
	deadline := time.Now().Add(200 * time.Millisecond)
	for pid := range stopped {
		for !stoppedOrGone(pid) && time.Now().Before(deadline) {
			time.Sleep(time.Millisecond)
		}
	}
	return func() {
		for pid := range stopped {
			syscall.Kill(pid, syscall.SIGCONT)
		}
	}
}
