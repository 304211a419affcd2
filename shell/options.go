package shell

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/options"

	"mvdan.cc/sh/v3/interp"
)

// The shell's options as the core applies them: set and shopt, whose
// tables, parsing and printing are package options'; interp keeps its own
// options in each runner, the Shell the others (flags, shopts) under s.mu.

// builtinSet wraps interp's set: the options interp knows pass through,
// nosh's own are kept here, and `set -o`/`set +o` list both.
func builtinSet(ctx context.Context, c *call) error {
	if len(c.Args) == 0 {
		c.listVars()
		return nil
	}
	a, err := options.ParseSet(c.Args, isInterpOpt)
	for _, ch := range a.Own {
		c.sh().setOwnOption(ch.Name, ch.On)
	}
	if err != nil {
		return c.errorf(2, "%s", err)
	}
	if a.ListOn || a.ListOff {
		fmt.Fprint(c.Stdout, options.ListSet(c.setOptions(), a.ListOn))
	}
	if a.Dash {
		c.sh().mu.Lock()
		c.sh().flags.Verbose = false
		c.sh().flags.Xtrace = false
		c.sh().mu.Unlock()
	}
	if len(a.Pass) == 0 {
		return nil
	}
	return c.builtin(ctx, append([]string{"set"}, a.Pass...)...)
}

// setOwnOption sets one of the options nosh keeps itself.
func (s *Shell) setOwnOption(name string, on bool) {
	s.mu.Lock()
	p := s.flags.ByName(name)
	current := *p
	s.mu.Unlock()
	if name == "vi" || name == "emacs" {
		switch {
		case on:
			// The two modes exclude each other.
			s.setEditingMode(name == "vi", true)
		case !current:
			// Turning off the mode not in use changes nothing.
		case s.Interactive:
			// The editor needs a mode: the other one.
			s.setEditingMode(name != "vi", true)
		default:
			s.mu.Lock()
			*p = false
			s.mu.Unlock()
		}
		return
	}
	s.mu.Lock()
	*p = on
	s.mu.Unlock()
	if on && name == "xtrace" {
		s.eng.NoteXtrace()
	}
}

func isInterpOpt(name string) bool {
	for _, o := range interpunsafe.SetOptions() {
		if o.Name == name {
			return true
		}
	}
	return false
}

// setOptions returns every set -o option and whether it is on, as the
// runner of c sees interp's.
func (c *call) setOptions() map[string]bool {
	all := interpunsafe.SetOptionValues(c.R)
	c.sh().mu.Lock()
	defer c.sh().mu.Unlock()
	return c.sh().flags.Own(all)
}

// dashFlags is the value of $- in runner r.
func (s *Shell) dashFlags(r *interp.Runner) string {
	opts := interpunsafe.SetOptionValues(r)
	s.mu.Lock()
	f := s.flags
	s.mu.Unlock()
	return options.Dash(opts, f)
}

// SetSource records where the shell reads its commands, for $-: a -c
// string (c) or standard input (s).
func (s *Shell) SetSource(command, stdin bool) {
	s.mu.Lock()
	s.flags.DashC, s.flags.DashS = command, stdin
	s.mu.Unlock()
}

// builtinDashFlags is what $- and ${#-} are rewritten into.
func builtinDashFlags(ctx context.Context, c *call) error {
	flags := c.sh().dashFlags(c.R)
	if firstArg(c.Args) == "-length" {
		fmt.Fprint(c.Stdout, len(flags)) // ${#-}
		return nil
	}
	fmt.Fprint(c.Stdout, flags)
	return nil
}

// shoptLocked is nosh's own option name: as shopt last set it, or bash's
// default (s.shopts holds only the options shopt has set, so that a
// shell starts without building a table of fifty). s.mu is held.
func (s *Shell) shoptLocked(name string) bool {
	if on, set := s.shopts[name]; set {
		return on
	}
	return options.ShoptDefault(name, s.Login)
}

// shoptOn reports whether option name is on.
func (s *Shell) shoptOn(name string) bool {
	if o, _ := options.LookupShopt(name); o.Interp {
		p := interpunsafe.Option(s.Runner, name)
		return p != nil && *p
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shoptLocked(name)
}

// xpgEcho reports whether shopt xpg_echo is on: echo interprets
// backslash escapes.
func (s *Shell) xpgEcho() bool { return s.shoptOn("xpg_echo") }

// builtinShopt is shopt (see options.ShoptArgs).
func builtinShopt(ctx context.Context, c *call) error {
	var a options.ShoptArgs
	names, err := c.options("psuqo", func(opt byte, _ string) {
		switch opt {
		case 's':
			a.Set = true
		case 'u':
			a.Unset = true
		case 'q':
			a.Quiet = true
		case 'p':
			a.Print = true
		case 'o':
			a.SetO = true
		}
	})
	if err != nil {
		return err
	}
	a.Names = names
	out, status := a.Run(shoptStore{ctx, c}, c.Stderr, c.sh().Name)
	c.writeOut(out)
	return statusError(status)
}

// shoptStore is the options as the runner that runs shopt sees them.
type shoptStore struct {
	ctx context.Context
	c   *call
}

// Shopt implements options.Store.
func (st shoptStore) Shopt(name string) bool { return st.c.shoptGet(name) }

// SetShopt implements options.Store.
func (st shoptStore) SetShopt(name string, on bool) {
	c := st.c
	if o, _ := options.LookupShopt(name); o.Interp {
		if p := interpunsafe.Option(c.R, name); p != nil {
			*p = on
		}
		return
	}
	c.sh().mu.Lock()
	if c.sh().shopts == nil {
		c.sh().shopts = map[string]bool{}
	}
	c.sh().shopts[name] = on
	c.sh().mu.Unlock()
}

// SetOptions implements options.Store.
func (st shoptStore) SetOptions() map[string]bool { return st.c.setOptions() }

// SetOption implements options.Store: set -o name or set +o name.
func (st shoptStore) SetOption(name string, on bool) int {
	c := st.c
	flag := "+o"
	if on {
		flag = "-o"
	}
	sub := &call{Sh: c.Sh, R: c.R, Name: "set",
		Args: []string{flag, name}, Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr}
	return exitStatusOf(builtinSet(st.ctx, sub))
}

// shoptGet reads option name as seen by runner r.
func (c *call) shoptGet(name string) bool {
	if o, _ := options.LookupShopt(name); o.Interp {
		p := interpunsafe.Option(c.R, name)
		return p != nil && *p
	}
	c.sh().mu.Lock()
	defer c.sh().mu.Unlock()
	return c.sh().shoptLocked(name)
}
