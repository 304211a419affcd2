package jobs

import (
	"errors"
	"os/exec"
	"syscall"
)

// State is where a process or a job is in its life.
type State int

// The states of a process or job.
const (
	Running State = iota
	Stopped
	Done
)

func (s State) String() string {
	switch s {
	case Running:
		return "Running"
	case Stopped:
		return "Stopped"
	}
	return "Done"
}

// Process is one child process of a job. Its fields other than the
// immutable ones are guarded by the table's mutex.
type Process struct {
	// Pid is the process ID.
	Pid int
	// Args is the argument list it was started with.
	Args []string
	// Order sorts the processes of a pipeline left to right; the status of
	// a job without a body is the status of its last process.
	Order int

	t    *Table
	job  *Job
	pgid int // its process group, 0 when job control is off
	// ownSession says it was started in a session of its own (an
	// agent's program): the terminal's Ctrl+C does not reach it.
	ownSession bool
	cmd        *exec.Cmd

	state   State
	stopSig syscall.Signal
	status  int            // exit status, or 128+N when killed by signal N
	termSig syscall.Signal // the signal that killed it
	core    bool
	waitErr error // what exec.Cmd.Wait returned
}

// setExit records how the process ended from what exec.Cmd.Wait returned.
func (p *Process) setExit(err error) {
	p.state = Done
	p.waitErr = err
	ps := p.cmd.ProcessState
	if ps == nil {
		p.status = 127
		return
	}
	ws, ok := ps.Sys().(syscall.WaitStatus)
	switch {
	case ok && ws.Signaled():
		p.termSig = ws.Signal()
		p.core = ws.CoreDump()
		p.status = 128 + int(p.termSig)
	default:
		p.status = ps.ExitCode()
	}
}

// WaitError returns what exec.Cmd.Wait returned once the process is done:
// an *exec.ExitError for a non-zero status, or an I/O error of the copying
// exec.Cmd did for a standard stream that is not a file.
func (p *Process) WaitError() error {
	p.t.mu.Lock()
	defer p.t.mu.Unlock()
	return p.waitErr
}

// ExitedZero reports whether the process ended normally with status 0.
func (p *Process) ExitedZero() bool {
	p.t.mu.Lock()
	defer p.t.mu.Unlock()
	return p.state == Done && p.termSig == 0 && p.status == 0
}

// State returns the process's state.
func (p *Process) State() State {
	p.t.mu.Lock()
	defer p.t.mu.Unlock()
	return p.state
}

// StopSignal returns the signal that stopped the process, when Stopped.
func (p *Process) StopSignal() syscall.Signal {
	p.t.mu.Lock()
	defer p.t.mu.Unlock()
	return p.stopSig
}

// Termination returns the signal that killed the process (0 if none)
// and whether it dumped core.
func (p *Process) Termination() (syscall.Signal, bool) {
	p.t.mu.Lock()
	defer p.t.mu.Unlock()
	return p.termSig, p.core
}

// OwnSession reports whether the process was started in a session of
// its own, away from the terminal: what the terminal sends its
// foreground group (Ctrl+C) must be passed on to it (SignalGroup).
func (p *Process) OwnSession() bool { return p.ownSession }

// SignalGroup sends sig to the process group the process leads when it
// has a session of its own, else to the process.
func (p *Process) SignalGroup(sig syscall.Signal) error {
	if p.ownSession {
		return syscall.Kill(-p.Pid, sig)
	}
	return p.Signal(sig)
}

// Signal sends sig to the process unless it has been reaped.
func (p *Process) Signal(sig syscall.Signal) error {
	return p.cmd.Process.Signal(sig)
}

// ErrNoProcess is returned when signalling a job that has nothing left
// to signal.
var ErrNoProcess = errors.New("no such process")
