package jobs

import (
	"errors"
	"syscall"
)

// Kill sends sig to the job: to its process group with job control, to
// each live process without. A stopped job also gets SIGCONT after TERM
// or HUP so that it can die, as in bash. A signal that ends processes by
// default also stops the job's interpreter code. Signal 0 only checks
// that the job is alive.
func (j *Job) Kill(sig syscall.Signal) error {
	// Holding termMu, no process is half started: either it is in the
	// list below, or Start sees killedBy and does not start it.
	j.termMu.Lock()
	t := j.t
	t.mu.Lock()
	st := j.stateLocked()
	if st == Done {
		t.mu.Unlock()
		j.termMu.Unlock()
		return ErrNoProcess
	}
	targets := j.targetsLocked()
	cancelBody := sig != 0 && j.hasBody && !j.bodyDone && Terminates(sig)
	if cancelBody && j.killedBy == 0 {
		j.killedBy = sig
	}
	t.mu.Unlock()
	j.termMu.Unlock()
	if sig == 0 {
		return nil
	}
	var first error
	for _, id := range targets {
		if err := syscall.Kill(id, sig); err != nil && first == nil && !errors.Is(err, syscall.ESRCH) {
			first = err
		}
		if st == Stopped && (sig == syscall.SIGTERM || sig == syscall.SIGHUP) {
			syscall.Kill(id, syscall.SIGCONT)
		}
	}
	if cancelBody {
		j.Cancel(sig)
	}
	return first
}

// targetsLocked lists what kill(2) must be given to reach every live
// process of the job: negative group IDs, or process IDs.
func (j *Job) targetsLocked() []int {
	var out []int
	seen := map[int]bool{}
	for _, p := range j.procs {
		if p.state == Done {
			continue
		}
		id := p.Pid
		if p.pgid != 0 {
			id = -p.pgid
		}
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Continue resumes the job with SIGCONT, in the foreground or not.
func (j *Job) Continue(fg bool) {
	t := j.t
	t.mu.Lock()
	j.fg = fg
	targets := j.targetsLocked()
	for _, p := range j.procs {
		if p.state == Stopped {
			p.state = Running
		}
	}
	t.bumpLocked(j)
	t.changed()
	t.mu.Unlock()
	for _, id := range targets {
		syscall.Kill(id, syscall.SIGCONT)
	}
}
