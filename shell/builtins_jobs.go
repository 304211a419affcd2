package shell

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/jobs"
)

// jobBuiltins registers the job-control and signal builtins: jobs, fg,
// bg, kill, wait, disown, trap, logout, and the private builtins that
// rewritten statements call. It wraps the exit that posixBuiltins
// registered (and so must run after it) to warn about stopped jobs.
func jobBuiltins(m map[string]builtinFunc) {
	m["jobs"] = builtinJobs
	m["fg"] = builtinFg
	m["bg"] = builtinBg
	m["disown"] = builtinDisown
	m["kill"] = builtinKill
	m["wait"] = builtinWait
	m["trap"] = builtinTrap
	if exit := m["exit"]; exit != nil {
		m["exit"] = guardExit(exit)
		m["logout"] = logout(m["exit"])
	}
	m[builtinBgName] = builtinBackground
	m[builtinTrapsName] = builtinTraps
}

// statusError returns status as a builtin's result: nil for 0 (interp
// must never see ExitStatus(0)).
func statusError(status int) error {
	if status == 0 {
		return nil
	}
	return interp.ExitStatus(status)
}

// jobFlags parses single-letter options such as -lp against allowed.
func jobFlags(c *call, allowed string) (set map[byte]bool, rest []string, err error) {
	set = map[byte]bool{}
	args := c.args
	for len(args) > 0 {
		a := args[0]
		if a == "--" {
			args = args[1:]
			break
		}
		if len(a) < 2 || a[0] != '-' {
			break
		}
		for i := 1; i < len(a); i++ {
			if !containsByte(allowed, a[i]) {
				return nil, nil, c.errorf(2, "-%c: invalid option", a[i])
			}
			set[a[i]] = true
		}
		args = args[1:]
	}
	return set, args, nil
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// lookupJob finds the job a spec names, reporting it as bash does.
func (c *call) lookupJob(spec string) (*jobs.Job, error) {
	j, err := c.sh.jobs().Lookup(spec)
	if err != nil {
		name := spec
		if name == "" || name == "%" || name == "%%" || name == "%+" {
			name = "current"
		}
		return nil, c.errorf(1, "%s: %v", name, err)
	}
	return j, nil
}

// builtinJobs: jobs [-lnprs] [jobspec...]
func builtinJobs(ctx context.Context, c *call) error {
	opts, specs, err := jobFlags(c, "lnprs")
	if err != nil {
		return err
	}
	tbl := c.sh.jobs()
	list := tbl.Jobs()
	status := 0
	if len(specs) > 0 {
		list = nil
		for _, spec := range specs {
			j, err := c.lookupJob(spec)
			if err != nil {
				status = 1
				continue
			}
			list = append(list, j)
		}
	}
	for _, j := range list {
		st := j.State()
		if (opts['r'] && st != jobs.Running) || (opts['s'] && st != jobs.Stopped) {
			continue
		}
		if st == jobs.Done && !c.sh.Interactive {
			// A script is not told about finished jobs (bash drops them).
			tbl.Remove(j)
			continue
		}
		if opts['n'] {
			if _, changed := j.Report(); !changed {
				continue
			}
		}
		if opts['p'] {
			fmt.Fprintln(c.stdout, j.Leader())
		} else {
			fmt.Fprintln(c.stdout, tbl.Line(j, opts['l']))
		}
		j.MarkReported(st)
		if st == jobs.Done {
			tbl.Remove(j)
		}
	}
	return statusError(status)
}

// builtinFg: fg [jobspec]
func builtinFg(ctx context.Context, c *call) error {
	if c.sh.terminal() == nil {
		return c.errorf(1, "no job control")
	}
	spec := "%"
	if len(c.args) > 0 {
		spec = c.args[0]
	}
	j, err := c.lookupJob(spec)
	if err != nil {
		return err
	}
	if j.State() == jobs.Done {
		c.sh.jobs().Remove(j)
		return c.errorf(1, "job has terminated")
	}
	return c.sh.resumeForeground(j, func() { fmt.Fprintln(c.stdout, j.Text()) })
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

// builtinBg: bg [jobspec...]
func builtinBg(ctx context.Context, c *call) error {
	if c.sh.terminal() == nil {
		return c.errorf(1, "no job control")
	}
	specs := c.args
	if len(specs) == 0 {
		specs = []string{"%"}
	}
	tbl := c.sh.jobs()
	status := 0
	for _, spec := range specs {
		j, err := c.lookupJob(spec)
		if err != nil {
			status = 1
			continue
		}
		switch j.State() {
		case jobs.Done:
			c.errorf(1, "job has terminated")
			status = 1
			continue
		case jobs.Running:
			fmt.Fprintf(c.stderr, "%s: bg: job %d already in background\n", c.sh.Name, j.ID())
			continue
		}
		j.Continue(false)
		j.MarkReported(jobs.Running)
		fmt.Fprintf(c.stdout, "[%d]%c %s &\n", j.ID(), tbl.Marker(j), j.Text())
	}
	return statusError(status)
}

// builtinDisown: disown [-ahr] [jobspec...]
func builtinDisown(ctx context.Context, c *call) error {
	opts, specs, err := jobFlags(c, "ahr")
	if err != nil {
		return err
	}
	tbl := c.sh.jobs()
	var list []*jobs.Job
	switch {
	case opts['a'] || (opts['r'] && len(specs) == 0):
		list = tbl.Jobs()
	case len(specs) == 0:
		j, err := c.lookupJob("%")
		if err != nil {
			return err
		}
		list = []*jobs.Job{j}
	}
	status := 0
	for _, spec := range specs {
		j, err := c.lookupJob(spec)
		if err != nil {
			status = 1
			continue
		}
		list = append(list, j)
	}
	for _, j := range list {
		if opts['r'] && j.State() != jobs.Running {
			continue
		}
		if opts['h'] {
			j.SetNoHup()
			continue
		}
		j.Disown()
		tbl.Forget(j)
	}
	return statusError(status)
}

// forcedExitKey marks the context of the exit the shell runs itself at
// end of input: it is not refused for stopped jobs.
type forcedExitKey struct{}

// guardExit wraps exit: an interactive shell with stopped jobs warns
// once instead of leaving; a second exit right after leaves, as in bash.
func guardExit(exit builtinFunc) builtinFunc {
	return func(ctx context.Context, c *call) error {
		s := c.sh
		if c.r == s.Runner && ctx.Value(forcedExitKey{}) == nil && !s.exitAllowed() {
			fmt.Fprintln(c.stderr, "There are stopped jobs.")
			return interp.ExitStatus(1)
		}
		return exit(ctx, c)
	}
}

// logout exits a login shell.
func logout(exit builtinFunc) builtinFunc {
	return func(ctx context.Context, c *call) error {
		if !c.sh.Login {
			return c.errorf(1, "not login shell: use `exit'")
		}
		return exit(ctx, c)
	}
}
