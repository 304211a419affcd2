package jobs

import (
	"time"

	"golang.org/x/sys/unix"
)

// DecidePid fixes the process ID `$!` names for the job: pid, or, when
// pid is 0, a synthetic ID for a job that has no process to name. Only
// the first decision counts.
func (j *Job) DecidePid(pid int) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.t.decidePidLocked(j, pid)
}

// Pid returns the process ID `$!` names for the job, waiting up to
// timeout for the job to start its first process (or to show that it
// runs something else first).
func (j *Job) Pid(timeout time.Duration) int {
	select {
	case <-j.pidReady:
	default:
		timer := time.NewTimer(timeout)
		select {
		case <-j.pidReady:
		case <-timer.C:
			j.DecidePid(0)
		}
		timer.Stop()
	}
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.pid
}

// Leader returns the process ID that `jobs -p` shows: the process group
// leader with job control, else the ID `$!` names.
func (j *Job) Leader() int {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.leaderLocked()
}

func (j *Job) leaderLocked() int {
	if j.pgid != 0 {
		return j.pgid
	}
	if j.pid != 0 {
		return j.pid
	}
	if len(j.procs) > 0 {
		return j.procs[0].Pid
	}
	return 0
}

// SaveModes keeps the terminal modes the job had when it stopped.
func (j *Job) SaveModes(m *unix.Termios) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.modes = m
}

// Modes returns the terminal modes saved when the job stopped, or nil.
func (j *Job) Modes() *unix.Termios {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.modes
}

// Disown marks the job so that the shell leaves it alone when it exits.
func (j *Job) Disown() {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.disowned = true
}

// SetNoHup marks the job so that it is not sent SIGHUP when the shell
// hangs up (disown -h).
func (j *Job) SetNoHup() {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.noHup = true
}

// HangsUp reports whether the job gets SIGHUP when the shell hangs up.
func (j *Job) HangsUp() bool {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return !j.disowned && !j.noHup
}

// Report returns the job's state if it changed since the last call, for
// the notices printed before a prompt.
func (j *Job) Report() (State, bool) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	st := j.stateLocked()
	if j.anyReport && st == j.reported {
		return st, false
	}
	j.anyReport, j.reported = true, st
	return st, true
}

// ReportedDone reports whether the job's end has been reported (by a
// notice before a prompt, or by `jobs`).
func (j *Job) ReportedDone() bool {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.anyReport && j.reported == Done
}

// MarkReported records st as already reported (a stop the shell printed
// as it happened).
func (j *Job) MarkReported(st State) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.anyReport, j.reported = true, st
}
