package builtins

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/jobs"
)

// builtinWait: wait [-fn] [-p var] [id ...]
//
// Without ids it waits for every running background job the current
// shell (or subshell) started and returns 0. With ids (PIDs from $!, or
// job specs) it returns the status of the last; an ID that is not a job
// of this shell gives 127. -n waits for the next job to finish. A trapped
// signal interrupts the wait: it returns 128+N and the trap runs next.
func builtinWait(ctx context.Context, c *Call) error {
	var next, force bool
	var pvar string
	args, err := c.Options("nfp:", func(opt byte, arg string) {
		switch opt {
		case 'n':
			next = true
		case 'f':
			force = true
		case 'p':
			pvar = arg
		}
	})
	if err != nil {
		return err
	}
	tbl := c.Sh.Jobs()
	stop := c.Sh.TrapArrived()
	// Without job control, a job is never left stopped: wait for it to end.
	untilDone := force || c.Sh.Terminal() == nil

	if next {
		var cands []*jobs.Job
		if len(args) == 0 {
			cands = c.ownJobs()
		}
		for _, id := range args {
			if j, err := c.waitTarget(id); err == nil && j != nil {
				cands = append(cands, j)
			}
		}
		if len(cands) == 0 {
			return interp.ExitStatus(127)
		}
		j, err := tbl.WaitAny(ctx, stop, cands)
		if err != nil {
			return c.waitInterrupted(err)
		}
		c.setWaitVar(pvar, j)
		status := j.Status()
		c.reportWaited()
		tbl.Forget(j)
		return StatusError(status)
	}

	if len(args) == 0 {
		for _, j := range c.ownJobs() {
			if err := tbl.WaitJob(ctx, stop, j, untilDone); err != nil {
				return c.waitInterrupted(err)
			}
			c.reportWaited()
			if j.State() == jobs.Done {
				tbl.Forget(j)
			}
		}
		// Background goroutines interp started itself (code that did not
		// go through nosh's rewrite).
		if err := interp.HandlerCtx(ctx).Builtin(ctx, []string{"wait"}); err != nil {
			return err
		}
		c.reportWaited()
		return nil
	}

	status := 0
	for _, id := range args {
		if strings.HasPrefix(id, "g") {
			if err := interp.HandlerCtx(ctx).Builtin(ctx, []string{"wait", id}); err != nil {
				return err
			}
			continue
		}
		j, err := c.waitTarget(id)
		if err != nil {
			status = 127
			continue
		}
		if err := tbl.WaitJob(ctx, stop, j, untilDone); err != nil {
			return c.waitInterrupted(err)
		}
		c.setWaitVar(pvar, j)
		status = j.Status()
		c.reportWaited()
		if j.State() == jobs.Done {
			tbl.Forget(j)
		}
	}
	return StatusError(status)
}

// reportWaited prints, in an interactive shell, the notices of the
// shell's jobs whose end (or stop) was not reported yet, as bash does
// when its wait returns rather than at the next prompt:
//
//	[1]+  Done                    sleep 1
//	[2]-  Terminated              sleep 9
//
// A subshell is not interactive in bash, and reports nothing.
func (c *Call) reportWaited() {
	if !c.Sh.IsInteractive() || c.R == nil || interpunsafe.LookupVar(c.R, "BASH_SUBSHELL").String() != "0" {
		return
	}
	tbl := c.Sh.Jobs()
	for _, j := range tbl.Jobs() {
		if j.Owner() != c.R || j.State() == jobs.Running {
			continue
		}
		if st, changed := j.Report(); changed {
			fmt.Fprintln(c.Stderr, tbl.Line(j, false))
			if st == jobs.Done {
				tbl.Remove(j)
			}
		}
	}
}

// ownJobs lists the jobs started by the shell (or subshell) running c
// that are running, or ended without being waited for or reported.
func (c *Call) ownJobs() []*jobs.Job {
	var out []*jobs.Job
	for _, j := range c.Sh.Jobs().Remembered() {
		if j.Owner() != c.R {
			continue
		}
		if st := j.State(); st == jobs.Running || (st == jobs.Done && !j.ReportedDone()) {
			out = append(out, j)
		}
	}
	return out
}

// waitTarget finds the job an operand of wait names.
func (c *Call) waitTarget(id string) (*jobs.Job, error) {
	if strings.HasPrefix(id, "%") {
		return c.LookupJob(id)
	}
	pid, err := strconv.Atoi(id)
	if err != nil {
		return nil, c.Errorf(2, "`%s': not a pid or valid job spec", id)
	}
	if j := c.Sh.Jobs().ByPid(pid); j != nil {
		return j, nil
	}
	return nil, c.Errorf(127, "pid %d is not a child of this shell", pid)
}

// waitInterrupted turns the end of an interrupted wait into its status.
func (c *Call) waitInterrupted(err error) error {
	if errors.Is(err, jobs.ErrInterrupted) {
		return interp.ExitStatus(128 + int(c.Sh.LastTrapped()))
	}
	return err
}

// setWaitVar implements -p: the variable gets the ID of the job waited
// for.
func (c *Call) setWaitVar(name string, j *jobs.Job) {
	if name == "" || c.R == nil {
		return
	}
	interpunsafe.SetVar(c.R, name, expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(j.Pid(0))})
}
