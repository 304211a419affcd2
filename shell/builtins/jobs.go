package builtins

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/quote"
	"nosh/shell/jobs"
)

// StatusError returns status as a builtin's result: nil for 0 (interp
// must never see ExitStatus(0)).
func StatusError(status int) error {
	if status == 0 {
		return nil
	}
	return interp.ExitStatus(status)
}

// jobFlags parses single-letter options such as -lp against allowed.
func jobFlags(c *Call, allowed string) (set map[byte]bool, rest []string, err error) {
	set = map[byte]bool{}
	rest, err = c.Options(allowed, func(opt byte, _ string) { set[opt] = true })
	return set, rest, err
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// LookupJob finds the job a spec names, reporting it as bash does.
func (c *Call) LookupJob(spec string) (*jobs.Job, error) {
	j, err := c.Sh.Jobs().Lookup(spec)
	if err != nil {
		name := spec
		if name == "" || name == "%" || name == "%%" || name == "%+" {
			name = "current"
		}
		return nil, c.Errorf(1, "%s: %v", name, err)
	}
	return j, nil
}

// builtinJobs: jobs [-lnprs] [jobspec...], or jobs -x command [args].
func builtinJobs(ctx context.Context, c *Call) error {
	opts := map[byte]bool{}
	execute := false
	g := c.Getopt("lnprsx")
	for g.Next() {
		switch {
		case g.Opt != 'x':
			opts[g.Opt] = true
		case len(opts) > 0:
			return c.Errorf(1, "no other options allowed with `-x'")
		default:
			execute = true
		}
	}
	if err := g.Err(); err != nil {
		return c.BadOption(err)
	}
	specs := g.Rest()
	if execute {
		return c.jobsExecute(ctx, specs)
	}
	tbl := c.Sh.Jobs()
	list := tbl.Jobs()
	status := 0
	if len(specs) > 0 {
		list = nil
		for _, spec := range specs {
			j, err := c.LookupJob(spec)
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
		if st == jobs.Done && !c.Sh.IsInteractive() {
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
			fmt.Fprintln(c.Stdout, j.Leader())
		} else {
			fmt.Fprintln(c.Stdout, tbl.Line(j, opts['l']))
		}
		j.MarkReported(st)
		if st == jobs.Done {
			tbl.Remove(j)
		}
	}
	return StatusError(status)
}

// builtinFg: fg [jobspec]
func builtinFg(ctx context.Context, c *Call) error {
	if c.Sh.Terminal() == nil {
		return c.Errorf(1, "no job control")
	}
	spec := "%"
	if len(c.Args) > 0 {
		spec = c.Args[0]
	}
	j, err := c.LookupJob(spec)
	if err != nil {
		return err
	}
	if j.State() == jobs.Done {
		c.Sh.Jobs().Remove(j)
		return c.Errorf(1, "job has terminated")
	}
	return c.Sh.ResumeForeground(j, func() { fmt.Fprintln(c.Stdout, j.Text()) })
}

// builtinBg: bg [jobspec...]
func builtinBg(ctx context.Context, c *Call) error {
	if c.Sh.Terminal() == nil {
		return c.Errorf(1, "no job control")
	}
	specs := c.Args
	if len(specs) == 0 {
		specs = []string{"%"}
	}
	tbl := c.Sh.Jobs()
	status := 0
	for _, spec := range specs {
		j, err := c.LookupJob(spec)
		if err != nil {
			status = 1
			continue
		}
		switch j.State() {
		case jobs.Done:
			c.Errorf(1, "job has terminated")
			status = 1
			continue
		case jobs.Running:
			fmt.Fprintf(c.Stderr, "%s: bg: job %d already in background\n", c.Sh.ProgramName(), j.ID())
			continue
		}
		j.Continue(false)
		j.MarkReported(jobs.Running)
		fmt.Fprintf(c.Stdout, "[%d]%c %s &\n", j.ID(), tbl.Marker(j), j.Text())
	}
	return StatusError(status)
}

// builtinDisown: disown [-ahr] [jobspec...]
func builtinDisown(ctx context.Context, c *Call) error {
	opts, specs, err := jobFlags(c, "ahr")
	if err != nil {
		return err
	}
	tbl := c.Sh.Jobs()
	var list []*jobs.Job
	switch {
	case opts['a'] || (opts['r'] && len(specs) == 0):
		list = tbl.Jobs()
	case len(specs) == 0:
		j, err := c.LookupJob("%")
		if err != nil {
			return err
		}
		list = []*jobs.Job{j}
	}
	status := 0
	for _, spec := range specs {
		j, err := c.LookupJob(spec)
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
	return StatusError(status)
}

// jobsExecute is jobs -x: the command args, each job spec among them
// replaced by the job's process group ID, run as a command line is.
func (c *Call) jobsExecute(ctx context.Context, args []string) error {
	if len(args) == 0 {
		return nil
	}
	words := make([]string, len(args))
	for i, a := range args {
		if strings.HasPrefix(a, "%") {
			j, err := c.LookupJob(a)
			if err != nil {
				return err
			}
			a = strconv.Itoa(j.Leader())
		}
		words[i] = quote.Single(a)
	}
	if err := c.Eval(ctx, strings.NewReader(strings.Join(words, " ")), c.Name); err != nil {
		return c.Errorf(1, "%v", err)
	}
	return ErrKeepStatus
}
