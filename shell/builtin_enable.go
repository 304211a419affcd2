package shell

import (
	"context"
	"fmt"
	"nosh/shell/builtins"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/engine"
	"nosh/shell/internal/interpunsafe"
)

// enable turns builtins off and on, as bash's: a disabled builtin's name
// runs the program of that name found in PATH (`enable -n echo` for
// /usr/bin/echo), `builtin NAME` refuses it, and type and command -v no
// longer call it a builtin. The set is the whole shell's, a subshell's
// `enable -n` included.

// disabledNotFound is the private builtin a disabled builtin's name runs
// when no program of that name is in PATH.
const disabledNotFound = "\x00disabled-not-found"

// disabledRefused is the private builtin `builtin NAME` runs for a
// disabled builtin, or a name that is no builtin.
const disabledRefused = "\x00disabled-refused"

// builtinOptionsRefused is the private builtin `builtin -x` runs: builtin
// takes no options, and says so as bash does.
const builtinOptionsRefused = "\x00builtin-options"

// bashBuiltinNames are bash's builtins, in the order `enable` lists them;
// nosh lists those it has, and its own.
var bashBuiltinNames = []string{
	".", ":", "[", "alias", "bg", "bind", "break", "builtin", "caller", "cd", "command",
	"compgen", "complete", "compopt", "continue", "declare", "dirs", "disown", "echo",
	"enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "getopts", "hash",
	"help", "history", "jobs", "kill", "let", "local", "logout", "mapfile", "popd",
	"printf", "pushd", "pwd", "read", "readarray", "readonly", "return", "set", "shift",
	"shopt", "source", "suspend", "test", "times", "trap", "true", "type", "typeset",
	"ulimit", "umask", "unalias", "unset", "wait",
}

func enableBuiltins(m map[string]builtins.Func) {
	m["enable"] = coreBuiltin(builtinEnable)
	m[disabledNotFound] = coreBuiltin(builtinDisabledNotFound)
	m[disabledRefused] = func(_ context.Context, c *builtins.Call) error {
		fmt.Fprintf(c.Stderr, "%s: builtin: %s: not a shell builtin\n", c.Sh.ProgramName(), c.Args[0])
		return interp.ExitStatus(1)
	}
	m[builtinOptionsRefused] = func(_ context.Context, c *builtins.Call) error {
		c.Name = "builtin"
		_, err := c.Options("", nil)
		return err
	}
}

// builtinDisabled reports whether name is a builtin turned off by
// `enable -n`.
func (s *Shell) builtinDisabled(name string) bool {
	return s.disabledBuiltins != nil && s.disabledBuiltins[name]
}

// disabledCall is what a call of a disabled builtin runs: the program
// of that name, by its path so that interp does not run its own builtin.
func (s *Shell) disabledCall(r *interp.Runner, args []string) []string {
	dir, path := "", ""
	if r != nil {
		dir = r.Dir
		path = interpunsafe.LookupVar(r, "PATH").String()
	}
	prog, err := findInPath(dir, path, args[0])
	if err != nil {
		return append([]string{sentinel + disabledNotFound}, args...)
	}
	return append([]string{prog}, args[1:]...)
}

func builtinDisabledNotFound(_ context.Context, c *call) error {
	fmt.Fprintf(c.Stderr, "%s: %s: command not found\n", c.sh().Name, c.Args[0])
	return interp.ExitStatus(127)
}

// builtinList is every builtin enable knows, in bash's order, then
// nosh's own.
func (s *Shell) builtinList() []string {
	names := make([]string, 0, len(bashBuiltinNames)+8)
	for _, name := range bashBuiltinNames {
		if s.isBuiltinName(name) {
			names = append(names, name)
		}
	}
	var own []string
	for name := range s.builtins {
		if !strings.HasPrefix(name, "\x00") && !slices.Contains(bashBuiltinNames, name) {
			own = append(own, name)
		}
	}
	slices.Sort(own)
	return append(names, own...)
}

func builtinEnable(_ context.Context, c *call) error {
	var all, disable, print, special bool
	loadable := byte(0)
	args, err := c.options("adnpsf:", func(opt byte, _ string) {
		switch opt {
		case 'a':
			all = true
		case 'n':
			disable = true
		case 'p':
			print = true
		case 's':
			special = true
		case 'f', 'd':
			loadable = opt
		}
	})
	if err != nil {
		return err
	}
	if loadable != 0 {
		return c.errorf(1, "-%c: loadable builtins are not supported", loadable)
	}
	s := c.sh()
	if len(args) == 0 || print && !disable {
		for _, name := range s.builtinList() {
			if special && !engine.IsSpecialBuiltin(name) && name != "source" {
				continue
			}
			off := s.builtinDisabled(name)
			switch {
			case all:
			case disable && !off, !disable && off:
				continue
			}
			if off {
				fmt.Fprintf(c.Stdout, "enable -n %s\n", name)
			} else {
				fmt.Fprintf(c.Stdout, "enable %s\n", name)
			}
		}
		if len(args) == 0 {
			return nil
		}
	}
	status := 0
	for _, name := range args {
		if !s.isBuiltinName(name) {
			fmt.Fprintf(c.Stderr, "%s: enable: %s: not a shell builtin\n", s.Name, name)
			status = 1
			continue
		}
		if disable {
			if s.disabledBuiltins == nil {
				s.disabledBuiltins = map[string]bool{}
			}
			s.disabledBuiltins[name] = true
		} else {
			delete(s.disabledBuiltins, name)
		}
	}
	if status != 0 {
		return interp.ExitStatus(uint8(status))
	}
	return nil
}
