package shell

import (
	"context"
	"fmt"
	"mvdan.cc/sh/v3/interp"
	"nosh/shell/internal/quote"
	"syscall"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/signals"
)

// builtinTrap: trap [-lp] [[action] condition ...]
//
// EXIT and ERR stay interp's (they belong to each runner, and interp runs
// them at the right moments); trap passes them on and lists them. Signal
// traps set in a subshell (which in nosh is not a process) are the
// subshell's own (subshell_signals.go). An empty action ignores the signal, in the shell and
// in the programs it starts, as POSIX asks; - (or a lone condition, or a
// first operand that is a number) restores the default.
func builtinTrap(ctx context.Context, c *call) error {
	list, signals := false, false
	args, err := c.options("lp", func(opt byte, _ string) {
		if opt == 'l' {
			signals = true
		} else {
			list = true
		}
	})
	if err != nil {
		return err
	}
	if signals {
		return c.listSignals(args)
	}
	if list || len(args) == 0 {
		return c.printTraps(args)
	}
	action, conds, reset := args[0], args[1:], false
	switch {
	case action == "-":
		reset = true
	case len(args) == 1:
		conds, reset = args, true
	case isUnsigned(action):
		conds, reset = args, true
	}
	status := 0
	for _, cond := range conds {
		if err := c.setTrap(ctx, cond, action, reset); err != nil {
			status = 1
		}
	}
	return statusError(status)
}

func isUnsigned(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func (c *call) setTrap(ctx context.Context, cond, action string, reset bool) error {
	name, sig, ok := signals.ParseCondition(cond)
	if !ok {
		return c.errorf(1, "%s: invalid signal specification", cond)
	}
	s := c.sh()
	switch name {
	case "EXIT", "ERR":
		pass := action
		if reset {
			pass = "-"
		}
		if err := c.builtin(ctx, "trap", pass, name); err != nil {
			return err
		}
		if name == "EXIT" && c.R == s.Runner {
			s.setExitTrap(c.R, *interpunsafe.ExitTrap(c.R))
			s.job.sig.SetExitTrapped(!reset && action != "")
		}
		return nil
	case "DEBUG", "RETURN":
		return c.errorf(1, "%s: trap not supported by nosh", name)
	}
	if sig == syscall.SIGURG && action != "" && !reset {
		// Go preempts its threads with SIGURG, and os/signal cannot tell
		// those from one sent with kill: say so rather than let the
		// trap run at random.
		fmt.Fprintf(interp.HandlerCtx(ctx).Stderr, "%s: trap: URG: warning: the Go runtime nosh runs on sends itself SIGURG, so this trap also runs when no process sent it\n", s.Name)
	}
	if c.R != s.Runner {
		s.setFrameTrap(ctx, c.R, sig, action, reset)
		return nil
	}
	s.job.sig.SetTrap(sig, action, reset)
	return nil
}

// printTraps prints traps the way they are set (trap -- 'action' SIGNAME),
// all of them or those named.
func (c *call) printTraps(conds []string) error {
	s := c.sh()
	type entry struct{ name, action string }
	var all []entry
	if v := s.exitTrap(c.R); v != "" {
		all = append(all, entry{"EXIT", v})
	}
	for _, t := range s.job.sig.Traps() {
		all = append(all, entry{signalName(t.Sig), t.Action})
	}
	if v := *interpunsafe.ErrTrap(c.R); v != "" {
		all = append(all, entry{"ERR", v})
	}
	show := func(e entry) {
		fmt.Fprintf(c.Stdout, "trap -- %s %s\n", quote.Single(e.action), e.name)
	}
	if len(conds) == 0 {
		for _, e := range all {
			show(e)
		}
		return nil
	}
	status := 0
	for _, cond := range conds {
		name, _, ok := signals.ParseCondition(cond)
		if !ok {
			c.errorf(1, "%s: invalid signal specification", cond)
			status = 1
			continue
		}
		for _, e := range all {
			if e.name == name {
				show(e)
			}
		}
	}
	return statusError(status)
}
