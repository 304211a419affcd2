package shell

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// shopt: every option name bash 5.2 has, so that rc files written for
// bash run quietly. Each option is one of:
//   - interp's own (the glob and alias options), read and set in the
//     runner that runs shopt;
//   - kept by nosh, with an effect where nosh has one (see shoptOption);
//   - accepted with no effect, silently, when nosh already behaves as
//     the option asks or the option is about bash's internals;
//   - accepted with a one-line notice when it is turned to a value whose
//     behaviour nosh lacks, since a script relying on it would be
//     misled.

// shoptOption describes one option.
type shoptOption struct {
	// def is bash's default in an interactive shell.
	def bool
	// interp marks an option interp implements (interpunsafe.Option).
	interp bool
	// readOnly options report the shell's state and cannot be set
	// (setting them is silently ignored, as in bash).
	readOnly bool
	// lacks, when set, is what nosh does not do when the option is set
	// to !def; setting it so prints this once.
	lacks string
}

// shoptTable is bash 5.2's list. Effects nosh gives to its own options:
// xpg_echo (echo), lastpipe (builtin_pipeline.go), histverify and
// histreedit (history expansion),
// checkwinsize (COLUMNS and LINES), autocd, cdspell, login_shell.
var shoptTable = map[string]shoptOption{
	"autocd":                  {},
	"assoc_expand_once":       {lacks: "array subscripts are expanded as usual"},
	"cdable_vars":             {}, // builtins.cdableVar
	"cdspell":                 {},
	"checkhash":               {},
	"checkjobs":               {},
	"checkwinsize":            {def: true},
	"cmdhist":                 {def: true},
	"compat31":                {},
	"compat32":                {},
	"compat40":                {},
	"compat41":                {},
	"compat42":                {},
	"compat43":                {},
	"compat44":                {},
	"complete_fullquote":      {def: true},
	"direxpand":               {},
	"dirspell":                {},
	"dotglob":                 {interp: true},
	"execfail":                {}, // execFailEnds
	"expand_aliases":          {interp: true, def: true},
	"extdebug":                {lacks: "there is no debugger support"},
	"extglob":                 {interp: true},
	"extquote":                {def: true},
	"failglob":                {}, // failglob.go
	"force_fignore":           {def: true},
	"globasciiranges":         {def: true},
	"globskipdots":            {def: true},
	"globstar":                {interp: true},
	"gnu_errfmt":              {},
	"histappend":              {def: true}, // nosh always appends each line at once
	"histreedit":              {},
	"histverify":              {},
	"hostcomplete":            {def: true},
	"huponexit":               {},
	"inherit_errexit":         {}, // builtinCsubst
	"interactive_comments":    {def: true, readOnly: true},
	"lastpipe":                {},
	"lithist":                 {def: true, readOnly: true}, // multi-line entries keep their newlines
	"localvar_inherit":        {},                          // builtinLocal
	"localvar_unset":          {},
	"login_shell":             {readOnly: true},
	"mailwarn":                {},
	"no_empty_cmd_completion": {},
	"nocaseglob":              {interp: true},
	"nocasematch":             {}, // match_case.go
	"noexpand_translation":    {},
	"nullglob":                {interp: true},
	"patsub_replacement":      {def: true},
	"progcomp":                {def: true},
	"progcomp_alias":          {},
	"promptvars":              {def: true, readOnly: true},
	"restricted_shell":        {readOnly: true},
	"shift_verbose":           {},
	"sourcepath":              {def: true},
	"varredir_close":          {},
	"xpg_echo":                {},
}

// initShopts sets nosh's own options to bash's defaults.
func (s *Shell) initShopts() {
	s.shopts = map[string]bool{}
	for name, o := range shoptTable {
		if !o.interp {
			s.shopts[name] = o.def
		}
	}
	s.shopts["login_shell"] = s.Login
}

// shoptOn reports whether option name is on.
func (s *Shell) shoptOn(name string) bool {
	if shoptTable[name].interp {
		p := interpunsafe.Option(s.Runner, name)
		return p != nil && *p
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shopts[name]
}

// shoptGet reads option name as seen by runner r.
func (c *call) shoptGet(name string) bool {
	if shoptTable[name].interp {
		p := interpunsafe.Option(c.r, name)
		return p != nil && *p
	}
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	return c.sh.shopts[name]
}

// shoptSet sets option name in runner r (interp's) or the shell.
func (c *call) shoptSet(name string, on bool) {
	o := shoptTable[name]
	switch {
	case o.readOnly:
	case o.interp:
		if p := interpunsafe.Option(c.r, name); p != nil {
			*p = on
		}
	default:
		c.sh.mu.Lock()
		c.sh.shopts[name] = on
		c.sh.mu.Unlock()
	}
	if o.lacks != "" && on != o.def {
		fmt.Fprintf(c.stderr, "%s: shopt: %s: not supported by nosh: %s\n", c.sh.Name, name, o.lacks)
	}
}

// xpgEcho reports whether shopt xpg_echo is on: echo interprets
// backslash escapes.
func (s *Shell) xpgEcho() bool { return s.shoptOn("xpg_echo") }

const shoptUsage = "shopt [-pqsu] [-o] [optname ...]"

// builtinShopt is shopt: -s and -u set and unset, -q asks quietly, -p
// prints re-readable lines, -o works on set -o's options.
func builtinShopt(ctx context.Context, c *call) error {
	var set, unset, quiet, print, setO bool
	args, err := c.options("psuqo", shoptUsage, func(opt byte, _ string) {
		switch opt {
		case 's':
			set = true
		case 'u':
			unset = true
		case 'q':
			quiet = true
		case 'p':
			print = true
		case 'o':
			setO = true
		}
	})
	if err != nil {
		return err
	}
	if set && unset {
		return c.errorf(1, "cannot set and unset shell options simultaneously")
	}
	if setO {
		return c.shoptSetO(ctx, args, set, unset, quiet, print)
	}
	names := args
	if len(names) == 0 {
		names = sortedNames(shoptTable)
		// bash's table lists autocd first, then the rest in order.
		for i, n := range names {
			if n == "autocd" {
				copy(names[1:i+1], names[:i])
				names[0] = n
				break
			}
		}
	}
	status := 0
	var out strings.Builder
	for _, name := range names {
		if _, ok := shoptTable[name]; !ok {
			fmt.Fprintf(c.stderr, "%s: shopt: %s: invalid shell option name\n", c.sh.Name, name)
			status = 1
			continue
		}
		if set || unset {
			if len(args) > 0 {
				c.shoptSet(name, set)
				continue
			}
			// shopt -s alone lists the options that are on.
			if c.shoptGet(name) != set {
				continue
			}
		}
		on := c.shoptGet(name)
		if !on && len(args) > 0 {
			status = max(status, 1)
		}
		if quiet {
			continue
		}
		writeOption(&out, name, on, print, "shopt")
	}
	c.writeOut(out.String())
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// writeOption prints one option as shopt does: "name<TAB>on", or with
// print "shopt -s name" (cmd is shopt or set).
func writeOption(b *strings.Builder, name string, on, print bool, cmd string) {
	switch {
	case print && cmd == "set":
		sign := "+"
		if on {
			sign = "-"
		}
		fmt.Fprintf(b, "set %so %s\n", sign, name)
	case print:
		flag := "-u"
		if on {
			flag = "-s"
		}
		fmt.Fprintf(b, "shopt %s %s\n", flag, name)
	default:
		state := "off"
		if on {
			state = "on"
		}
		fmt.Fprintf(b, "%-15s\t%s\n", name, state)
	}
}

// shoptSetO is shopt -o: the set -o options under shopt's flags.
func (c *call) shoptSetO(ctx context.Context, names []string, set, unset, quiet, print bool) error {
	state := c.setOptions()
	explicit := len(names) > 0
	if !explicit {
		names = make([]string, 0, len(state))
		for name := range state {
			names = append(names, name)
		}
		sort.Strings(names)
	}
	status := 0
	var out strings.Builder
	for _, name := range names {
		on, ok := state[name]
		if !ok {
			fmt.Fprintf(c.stderr, "%s: shopt: %s: invalid option name\n", c.sh.Name, name)
			status = 1
			continue
		}
		if set || unset {
			if explicit {
				flag := "+o"
				if set {
					flag = "-o"
				}
				sub := &call{sh: c.sh, hc: c.hc, r: c.r, name: "set", args: []string{flag, name},
					stdin: c.stdin, stdout: c.stdout, stderr: c.stderr}
				if err := builtinSet(ctx, sub); err != nil {
					status = max(status, exitStatusOf(err))
				}
				continue
			}
			if on != set {
				continue
			}
		}
		if !on {
			status = max(status, 1)
		}
		if !quiet {
			writeOption(&out, name, on, print, "set")
		}
	}
	c.writeOut(out.String())
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// setOptions returns every set -o option and whether it is on.
func (c *call) setOptions() map[string]bool {
	all := interpunsafe.SetOptionValues(c.r)
	c.sh.mu.Lock()
	defer c.sh.mu.Unlock()
	for _, name := range ownOptNames {
		all[name] = *c.sh.flags.byName(name)
	}
	return all
}
