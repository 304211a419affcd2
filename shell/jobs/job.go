package jobs

import (
	"context"
	"errors"
	"os/exec"
	"strconv"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"
)

// ErrKilled is the cancellation cause of a job body stopped by `kill`.
var ErrKilled = errors.New("job killed by a signal")

// Job is one unit of job control: a background command, or a foreground
// pipeline once it has been stopped. Create jobs with [Table.NewJob].
type Job struct {
	t      *Table
	owner  any
	termMu sync.Mutex // serialises starting a process with taking the terminal back

	// Guarded by t.mu.
	id         int // job number; 0 while not in the table's list
	text       string
	fg         bool
	pgid       int
	procs      []*Process
	hasBody    bool
	bodyDone   bool
	bodyStatus int
	cancel     context.CancelCauseFunc
	killedBy   syscall.Signal
	pid        int
	pidReady   chan struct{}
	modes      *unix.Termios
	reported   State
	anyReport  bool
	disowned   bool
	noHup      bool
	recency    int
}

// Owner returns the value the job was created with to say who started it
// (the shell uses the interpreter that ran the `&`).
func (j *Job) Owner() any { return j.owner }

// ID returns the job number, or 0 if the job is not listed.
func (j *Job) ID() int {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.id
}

// Text returns the command text shown by `jobs`.
func (j *Job) Text() string {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.text
}

// SetText sets the command text shown by `jobs`.
func (j *Job) SetText(s string) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.text = s
}

// Foreground reports whether the job owns the terminal (or would, once it
// starts a process).
func (j *Job) Foreground() bool {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.fg
}

// SetForeground marks the job as running in the foreground or not; its
// next processes are started accordingly.
func (j *Job) SetForeground(fg bool) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.fg = fg
}

// Start starts a process of the job, unless `kill` has killed the job
// ([ErrKilled]). build must return a fresh command
// each time it is called: when job control is on (tty ≥ 0) and the job's
// process group vanished just before the fork, the start is retried with
// the process as the leader of a new group. The returned process is
// followed by a goroutine until it ends; with job control, stops are seen
// too.
func (j *Job) Start(build func() *exec.Cmd, order int, tty int) (*Process, error) {
	j.termMu.Lock()
	defer j.termMu.Unlock()
	t := j.t
	t.mu.Lock()
	if j.killedBy != 0 {
		t.mu.Unlock()
		return nil, ErrKilled
	}
	pgid := 0
	if tty >= 0 {
		pgid = j.livePgidLocked()
	}
	fg := j.fg
	t.mu.Unlock()

	terminalUses.Add(1)
	cmd := build()
	// A command built with a session of its own (Setsid) stays out of
	// the terminal: no group of the job's, no foreground.
	own := cmd.SysProcAttr != nil && cmd.SysProcAttr.Setsid
	setProcAttr(cmd, tty, pgid, fg)
	err := cmd.Start()
	if err != nil && pgid != 0 && errors.Is(err, syscall.EPERM) {
		pgid = 0
		cmd = build()
		setProcAttr(cmd, tty, pgid, fg)
		err = cmd.Start()
	}
	if err != nil {
		if fg && tty >= 0 && !own {
			// The child puts itself in the foreground before it changes
			// directory and executes the program; when one of those
			// failed, the terminal belongs to a group that is gone, and
			// the shell, outside it, would get SIGTTOU at its next
			// change of the terminal's modes. It takes it back.
			NewTerminal(tty).SetForeground(syscall.Getpgrp())
		}
		return nil, err
	}
	p := &Process{t: t, job: j, Pid: cmd.Process.Pid, Args: cmd.Args, Order: order, cmd: cmd}
	t.mu.Lock()
	switch {
	case own:
		// The leader of its session and of its group: kill reaches
		// what it starts there, with or without job control.
		p.pgid, p.ownSession = p.Pid, true
		if tty >= 0 {
			j.pgid = p.pgid
		}
	case tty >= 0:
		p.pgid = pgid
		if pgid == 0 {
			p.pgid = p.Pid
		}
		j.pgid = p.pgid
	}
	j.procs = append(j.procs, p)
	t.decidePidLocked(j, p.Pid)
	t.changed()
	t.mu.Unlock()
	go t.monitor(p, tty >= 0)
	return p, nil
}

func setProcAttr(cmd *exec.Cmd, tty, pgid int, fg bool) {
	if tty < 0 || cmd.SysProcAttr != nil && cmd.SysProcAttr.Setsid {
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pgid: pgid}
	if fg {
		cmd.SysProcAttr.Foreground = true
		cmd.SysProcAttr.Ctty = tty
	}
}

// livePgidLocked returns the job's process group if a process of the job
// is still in it, or 0 when a new process must start a new group.
func (j *Job) livePgidLocked() int {
	for _, p := range j.procs {
		if p.pgid == j.pgid && p.pgid != 0 && p.state != Done {
			return j.pgid
		}
	}
	return 0
}

// Pgid returns the job's current process group, or 0.
func (j *Job) Pgid() int {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.livePgidLocked()
}

// RunningProcesses returns how many of the job's processes are running.
func (j *Job) RunningProcesses() int {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	n := 0
	for _, p := range j.procs {
		if p.state == Running {
			n++
		}
	}
	return n
}

// Processes returns the job's processes, first started first.
func (j *Job) Processes() []*Process {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return append([]*Process(nil), j.procs...)
}

// LockTerminal serialises the caller with [Job.Start]: hold it while
// deciding to take the terminal back from the job, so that a process
// starting at the same moment cannot be left in a background group.
func (j *Job) LockTerminal() func() {
	j.termMu.Lock()
	return j.termMu.Unlock
}

// SetBody marks the job as running interpreter code (a background
// command); cancel stops that code when the job is killed.
func (j *Job) SetBody(cancel context.CancelCauseFunc) {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	j.hasBody = true
	j.cancel = cancel
}

// EndBody records that the job's interpreter code returned status.
func (j *Job) EndBody(status int) {
	t := j.t
	t.mu.Lock()
	defer t.mu.Unlock()
	j.bodyDone = true
	j.bodyStatus = status
	t.decidePidLocked(j, 0)
	t.changed()
}

// KilledBy returns the signal `kill` stopped the job's body with, or 0.
func (j *Job) KilledBy() syscall.Signal {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.killedBy
}

// Cancel stops the job's body, recording sig as what killed it.
func (j *Job) Cancel(sig syscall.Signal) {
	j.t.mu.Lock()
	cancel := j.cancel
	live := j.hasBody && !j.bodyDone
	if live && j.killedBy == 0 {
		j.killedBy = sig
	}
	j.t.mu.Unlock()
	if live && cancel != nil {
		cancel(ErrKilled)
	}
}

// State returns whether the job is running, stopped or done.
func (j *Job) State() State {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.stateLocked()
}

func (j *Job) stateLocked() State {
	if j.hasBody && j.bodyDone {
		return Done
	}
	running, stopped := 0, 0
	for _, p := range j.procs {
		switch p.state {
		case Running:
			running++
		case Stopped:
			stopped++
		}
	}
	switch {
	case stopped > 0 && running == 0:
		return Stopped
	case !j.hasBody && running == 0:
		return Done
	}
	return Running
}

// Status returns the job's status: 128+N while stopped by signal N; once
// done, the status of its interpreter code, or of its last process.
func (j *Job) Status() int {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.statusLocked()
}

func (j *Job) statusLocked() int {
	if j.stateLocked() == Stopped {
		return 128 + int(j.stopSigLocked())
	}
	if j.hasBody {
		return j.bodyStatus
	}
	if p := j.lastLocked(); p != nil {
		return p.status
	}
	return 0
}

func (j *Job) stopSigLocked() syscall.Signal {
	for _, p := range j.procs {
		if p.state == Stopped && p.stopSig != 0 {
			return p.stopSig
		}
	}
	return syscall.SIGTSTP
}

// lastLocked returns the rightmost process of the pipeline.
func (j *Job) lastLocked() *Process {
	var last *Process
	for _, p := range j.procs {
		if last == nil || p.Order >= last.Order {
			last = p
		}
	}
	return last
}

// termination returns the signal that ended a done job, if one did.
func (j *Job) terminationLocked() (syscall.Signal, bool) {
	if j.hasBody {
		if j.killedBy != 0 && j.bodyStatus == 128+int(j.killedBy) {
			return j.killedBy, false
		}
		if p := j.lastLocked(); p != nil && p.termSig != 0 && j.bodyStatus == p.status {
			return p.termSig, p.core
		}
		return 0, false
	}
	if p := j.lastLocked(); p != nil {
		return p.termSig, p.core
	}
	return 0, false
}

// Describe returns the state word of `jobs`: Running, Stopped (with the
// reason), Done, Exit N, or how a signal ended the job.
func (j *Job) Describe() string {
	j.t.mu.Lock()
	defer j.t.mu.Unlock()
	return j.describeLocked()
}

func (j *Job) describeLocked() string {
	switch j.stateLocked() {
	case Running:
		return "Running"
	case Stopped:
		return DescribeSignal(j.stopSigLocked())
	}
	if sig, core := j.terminationLocked(); sig != 0 {
		d := DescribeSignal(sig)
		if core {
			d += " (core dumped)"
		}
		return d
	}
	if st := j.statusLocked(); st != 0 {
		return "Exit " + strconv.Itoa(st)
	}
	return "Done"
}

// pruneLocked forgets processes that ended, once p ended, so that a loop
// running programs in one statement or background job does not make the
// job grow without end. A listed job without a body keeps its processes:
// its status is its last stage's. A job with a body keeps the last one to
// end, which tells `jobs` how the job died.
func (j *Job) pruneLocked(p *Process) {
	if j.id != 0 && !j.hasBody {
		return
	}
	keep := j.procs[:0]
	for _, q := range j.procs {
		if q.state != Done || (j.hasBody && q == p) {
			keep = append(keep, q)
		}
	}
	clear(j.procs[len(keep):])
	j.procs = keep
}
