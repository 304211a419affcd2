package shell

import (
	"context"
	"fmt"
	"io"
	"nosh/shell/internal/guard"
	"strconv"
	"strings"
	"syscall"

	"nosh/shell/jobs"
)

// An agent command runs in a subshell of the user's shell, and may run
// only the builtins its Guard allows (Guard.Builtin: the assistant's
// table of builtins that keep their effects inside the subshell). kill
// and wait reach only the programs the agent started in its run, which
// the core tracks as it starts them.

// checkAgentBuiltin reports whether an agent command may run the builtin
// c calls, printing why not.
func (s *Shell) checkAgentBuiltin(ctx context.Context, c *call) bool {
	if strings.HasPrefix(c.Name, "\x00") {
		return true // nosh's own machinery, inserted by its rewrites
	}
	allowed, why := guard.Of(ctx).Builtin(c.Name, c.Args)
	if allowed {
		if c.Name == "wait" {
			return s.agentOwnsAll(ctx, c, "wait")
		}
		return true
	}
	s.reportAgentRefusal(ctx, c.Stderr, c.Name+" "+strings.Join(c.Args, " "), "the builtin "+c.Name+" is not available to the agent: "+why)
	return false
}

// agentTarget is what a kill or wait operand names among the agent's
// programs: a job ($! of a background command) or a process.
type agentTarget struct {
	j *jobs.Job
	p *jobs.Process
}

// agentTargetOf finds the agent's program or job operand names, or says
// why it is not one.
func (s *Shell) agentTargetOf(ctx context.Context, operand string) (agentTarget, string) {
	ap := guard.ProgramsOf(ctx)
	if strings.HasPrefix(operand, "%") {
		return agentTarget{}, "job specs name your shell's jobs, not the agent's: use $! of the agent's background command"
	}
	pid, err := strconv.Atoi(operand)
	if err != nil || pid <= 0 {
		return agentTarget{}, "only processes the agent started can be named, by their process ID"
	}
	if j := s.jobs().ByPid(pid); j != nil && ap.Owns(j) {
		return agentTarget{j: j}, ""
	}
	if p := ap.Lookup(pid); p != nil {
		return agentTarget{p: p}, ""
	}
	return agentTarget{}, "process " + operand + " is not one the agent started in this run: signals and waits reach only the agent's own programs"
}

// agentOwnsAll checks that every operand of the kill or wait c runs names
// one of the agent's programs, printing why not.
func (s *Shell) agentOwnsAll(ctx context.Context, c *call, what string) bool {
	for _, a := range operands(c.Args, what) {
		if _, why := s.agentTargetOf(ctx, a); why != "" {
			s.reportAgentRefusal(ctx, c.Stderr, what+" "+strings.Join(c.Args, " "), why)
			return false
		}
	}
	return true
}

// operands returns the PID and job operands of a kill or wait.
func operands(args []string, what string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		if what == "kill" && (a == "-s" || a == "-n") || what == "wait" && strings.HasSuffix(a, "p") {
			if len(args) > 0 {
				args = args[1:]
			}
		}
		if what == "kill" {
			// -SIGNAL, then the operands (kill's own parsing).
			if len(args) > 0 && args[0] == "--" {
				args = args[1:]
			}
			break
		}
	}
	return args
}

// killForAgent is kill in an agent command: each target must be one of
// the programs the agent started in this run (a process ID, or $! of its
// background command); the signal then goes to that program alone, or
// its job, and never to a process group or every process.
func (c *call) killForAgent(ctx context.Context, sig syscall.Signal, targets []string) error {
	status := 0
	for _, t := range targets {
		at, why := c.sh().agentTargetOf(ctx, t)
		var err error
		switch {
		case why != "":
			c.sh().reportAgentRefusal(ctx, c.Stderr, "kill "+t, why)
			status = 1
			continue
		case at.j != nil:
			err = at.j.Kill(sig)
		default:
			err = at.p.Signal(sig)
		}
		if err != nil {
			c.errorf(1, "(%s) - %s", t, describeKillError(err))
			status = 1
		}
	}
	return statusError(status)
}

// reportAgentRefusal says that part of an agent command was refused, and
// why: on the command's standard error, which the model reads, and on
// the screen as a refusal.
func (s *Shell) reportAgentRefusal(ctx context.Context, stderr io.Writer, what, why string) {
	if g := guard.Of(ctx); g != nil && g.Refused(ctx, strings.TrimSpace(what), why) {
		return
	}
	fmt.Fprintf(stderr, "%s: refused: %s: %s\n", s.Name, strings.TrimSpace(what), why)
}
