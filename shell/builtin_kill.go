package shell

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"

	"nosh/shell/builtins"
	"nosh/shell/internal/signals"
	"nosh/shell/jobs"
)

// builtinKill: kill [-s sigspec | -n signum | -sigspec] pid | jobspec ...
// and kill -l [sigspec | exit_status ...].
//
// A PID that `$!` gave (a job's first process, or a synthetic ID) names
// the whole job: every process of it, and its interpreter part, which a
// terminating signal stops. Other PIDs and -PGIDs go to kill(2).
func builtinKill(ctx context.Context, c *call) error {
	args := c.Args
	sig := syscall.SIGTERM
	if len(args) == 0 {
		return c.pub().Usage(builtins.Synopsis(c.Name))
	}
	switch a := args[0]; {
	case a == "-l" || a == "-L":
		return c.listSignals(args[1:])
	case a == "-s" || a == "-n":
		if len(args) < 2 {
			// bash's kill reads its words by hand, and fails with
			// status 1 here, without the usage line.
			return c.errorf(1, "%s: option requires an argument", a)
		}
		s, ok := jobs.ParseSignal(args[1])
		if !ok {
			return c.errorf(1, "%s: invalid signal specification", args[1])
		}
		sig, args = s, args[2:]
	case a == "--":
		args = args[1:]
	case len(a) > 1 && a[0] == '-':
		s, ok := jobs.ParseSignal(a[1:])
		if !ok {
			return c.errorf(1, "%s: invalid signal specification", a[1:])
		}
		sig, args = s, args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 {
		return c.pub().Usage(builtins.Synopsis(c.Name))
	}
	if isAgentCommand(ctx) {
		return c.killForAgent(ctx, sig, args)
	}
	status := 0
	for _, target := range args {
		if err := c.killOne(ctx, target, sig); err != nil {
			status = 1
		}
	}
	return statusError(status)
}

// killOne sends sig to one target: %job, PID, or -PGID.
func (c *call) killOne(ctx context.Context, target string, sig syscall.Signal) error {
	s := c.sh()
	if strings.HasPrefix(target, "%") {
		j, err := c.lookupJob(target)
		if err != nil {
			return err
		}
		if s.signalJobFrame(j, sig) {
			return nil
		}
		if err := j.Kill(sig); err != nil {
			return c.errorf(1, "%s: %v", target, describeKillError(err))
		}
		return nil
	}
	pid, err := strconv.Atoi(target)
	if err != nil {
		return c.errorf(1, "%s: arguments must be process or job IDs", target)
	}
	if j := s.jobs().ByPid(pid); j != nil && pid > 0 && j.State() != jobs.Done {
		if s.signalJobFrame(j, sig) {
			return nil
		}
		if err := j.Kill(sig); err != nil {
			return c.errorf(1, "(%d) - %s", pid, describeKillError(err))
		}
		return nil
	}
	if pid > jobs.SyntheticBase {
		return c.errorf(1, "(%d) - %s", pid, describeKillError(syscall.ESRCH))
	}
	if pid == os.Getpid() && c.R != s.Runner && signals.StopsByDefault(sig) && !s.job.sig.Catches(sig) {
		// A subshell stopping its parent: in bash it is another process,
		// which goes on and may continue the parent (kill -CONT $$), who
		// meanwhile only waited for it. nosh's subshells run inside the
		// shell, and stopping it would freeze them too, forever: the
		// stop is as good as over when the subshell goes on.
		return nil
	}
	if pid == os.Getpid() && sig != 0 && frameOf(ctx) != nil {
		// $$ in a subshell: the main shell's (subshell_signals_kill.go).
		s.killFromFrame(ctx, sig)
		return nil
	}
	self := s.targetsSelf(pid)
	before := s.job.sig.Handled(sig)
	caught := sig != 0 && s.job.sig.Catches(sig)
	if pid == os.Getpid() && sig != 0 && !caught {
		if s.ignoresSignal(sig) {
			// Ignored (by trap '' or since start-up): nothing happens.
			return nil
		}
		switch sig {
		case syscall.SIGBUS, syscall.SIGFPE, syscall.SIGILL, syscall.SIGSEGV, syscall.SIGPIPE:
			// The Go runtime takes these for its own faults and would
			// crash with a trace: the shell dies of the signal itself.
			s.dieOfFatalSignal(sig, false)
		}
		// The shell alone: TakeSignal makes the signal's action happen
		// before the next command, as it does in a one-threaded shell.
		signals.TakeSignal(sig)
		return nil
	}
	if err := syscall.Kill(pid, sig); err != nil {
		return c.errorf(1, "(%d) - %s", pid, describeKillError(err))
	}
	switch {
	case !self || sig == 0:
	case caught:
		s.job.sig.AwaitDelivery(sig, before)
	case signals.EndsByDefault(sig):
		// The group's copy may land on another of the runtime's threads,
		// and a dumping signal only acts when that thread runs: echo
		// after `kill -ABRT 0` must not print.
		signals.TakeSignal(sig)
	}
	return nil
}

// targetsSelf reports whether kill(pid) reaches the shell itself.
func (s *Shell) targetsSelf(pid int) bool {
	me := os.Getpid()
	pgrp := syscall.Getpgrp()
	return pid == me || pid == 0 || pid == -1 || pid == -pgrp
}

func describeKillError(err error) string {
	switch {
	case errors.Is(err, syscall.ESRCH), errors.Is(err, jobs.ErrNoProcess):
		return "No such process"
	case errors.Is(err, syscall.EPERM):
		return "Operation not permitted"
	}
	return err.Error()
}

// listSignals implements kill -l and trap -l: with no arguments, the
// table of signals; otherwise each name as its number, each number (or
// exit status above 128) as its name.
func (c *call) listSignals(args []string) error {
	if len(args) == 0 {
		var b strings.Builder
		for i, sig := range jobs.Signals() {
			fmt.Fprintf(&b, "%2d) %s", int(sig), signalName(sig))
			if (i+1)%5 == 0 {
				b.WriteString("\n")
			} else {
				b.WriteString("\t")
			}
		}
		if !strings.HasSuffix(b.String(), "\n") {
			b.WriteString("\n")
		}
		fmt.Fprint(c.Stdout, b.String())
		return nil
	}
	status := 0
	for _, a := range args {
		if n, err := strconv.Atoi(a); err == nil {
			if n > 128 {
				n -= 128
			}
			name := jobs.SignalName(syscall.Signal(n))
			if name == "" {
				c.errorf(1, "%s: invalid signal specification", a)
				status = 1
				continue
			}
			fmt.Fprintln(c.Stdout, name)
			continue
		}
		sig, ok := jobs.ParseSignal(a)
		if !ok || sig == 0 {
			c.errorf(1, "%s: invalid signal specification", a)
			status = 1
			continue
		}
		fmt.Fprintln(c.Stdout, int(sig))
	}
	return statusError(status)
}
