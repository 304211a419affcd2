package shell

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/builtins"
	"nosh/shell/jobs"
)

// jobBuiltins registers the signal builtins, kill and trap, logout, and
// the private builtins that rewritten statements call (jobs, fg, bg, wait
// and disown are package builtins'). It wraps the exit that posixBuiltins
// registered (and so must run after it) to warn about stopped jobs.
func jobBuiltins(m map[string]builtins.Func) {
	m["kill"] = coreBuiltin(builtinKill)
	m["trap"] = coreBuiltin(builtinTrap)
	exit := guardExit(builtinExit)
	m["exit"] = coreBuiltin(exit)
	m["logout"] = coreBuiltin(logout(exit))
	m[builtinBgName] = coreBuiltin(builtinBackground)
	m[builtinTrapsName] = coreBuiltin(builtinTraps)
	m[builtinFrameTrapsName] = coreBuiltin(builtinFrameTraps)
}

// resumeForeground continues j in the foreground with the terminal modes
// it had when it stopped, and waits until it stops again or ends. The
// job is the one Ctrl+C is for from the moment announce prints it.
func (s *Shell) resumeForeground(j *jobs.Job, announce func()) error {
	t := s.terminal()
	tbl := s.jobs()
	s.job.mu.Lock()
	s.job.fgJob = j
	s.job.mu.Unlock()
	announce()
	if m := j.Modes(); m != nil {
		t.SetModes(m)
	}
	defer func() {
		s.job.mu.Lock()
		s.job.fgJob = nil
		s.job.mu.Unlock()
	}()
	unlock := j.LockTerminal()
	j.SetForeground(true)
	if pgid := j.Pgid(); pgid != 0 {
		t.SetForeground(pgid)
	}
	j.Continue(true)
	unlock()
	tbl.WaitJob(context.Background(), nil, j, false)

	unlock = j.LockTerminal()
	defer unlock()
	if j.State() == jobs.Stopped {
		if m, err := t.Modes(); err == nil {
			j.SaveModes(m)
		}
		j.SetForeground(false)
		s.takeTerminal(false)
		tbl.Bump(j)
		j.MarkReported(jobs.Stopped)
		if s.Interactive {
			fmt.Fprintf(s.stderr, "\n%s\n", tbl.Line(j, false))
		}
		return statusError(j.Status())
	}
	var last *jobs.Process
	for _, p := range j.Processes() {
		if last == nil || p.Order >= last.Order {
			last = p
		}
	}
	var sig = j.KilledBy()
	keep, core := false, false
	if last != nil {
		lsig, lcore := last.Termination()
		if sig == 0 {
			sig, core = lsig, lcore
		}
		keep = lsig == 0 && last.ExitedZero()
	}
	s.takeTerminal(keep)
	if s.Interactive {
		s.reportDeath(sig, core)
	}
	status := j.Status()
	tbl.Forget(j)
	return statusError(status)
}

// guardExit wraps exit: an interactive shell with stopped jobs warns
// once instead of leaving; a second exit right after leaves, as in bash.
func guardExit(exit builtinFunc) builtinFunc {
	return func(ctx context.Context, c *call) error {
		s := c.sh()
		if c.R == s.Runner && ctx.Value(forcedExitKey{}) == nil && !s.exitAllowed() {
			fmt.Fprintln(c.Stderr, "There are stopped jobs.")
			return interp.ExitStatus(1)
		}
		return exit(ctx, c)
	}
}

// logout exits a login shell.
func logout(exit builtinFunc) builtinFunc {
	return func(ctx context.Context, c *call) error {
		if !c.sh().Login {
			return c.errorf(1, "not login shell: use `exit'")
		}
		return exit(ctx, c)
	}
}

// statusError returns status as a builtin's result (builtins.StatusError).
func statusError(status int) error { return builtins.StatusError(status) }

// lookupJob finds the job a spec names (Call.LookupJob).
func (c *call) lookupJob(spec string) (*jobs.Job, error) { return c.pub().LookupJob(spec) }
