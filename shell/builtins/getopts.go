package builtins

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// builtinGetopts is POSIX getopts. The position inside a word of
// clustered options (-abc) is kept in interp's getopts state and is reset
// whenever OPTIND is changed from outside. It is over 100 lines because
// it is one sequence of steps over shared state (OPTIND, OPTARG, the
// position in a cluster, silent mode), as bash's getopts is.
func builtinGetopts(ctx context.Context, c *Call) error {
	ops, err := c.Options("", nil)
	if err != nil {
		return err
	}
	if len(ops) < 2 {
		return c.Usage(Synopsis(c.Name))
	}
	optstring, name := ops[0], ops[1]
	if !syntax.ValidName(name) {
		return c.Errorf(1, "`%s': not a valid identifier", name)
	}
	args := ops[2:]
	if len(ops) == 2 {
		args = c.R.Params
	}
	silent := strings.HasPrefix(optstring, ":")
	if v := interpunsafe.LookupVar(c.R, "OPTERR"); v.IsSet() && v.String() == "0" {
		silent = true
	}
	state := interpunsafe.GetoptsState(c.R)
	optind, err := strconv.Atoi(strings.TrimSpace(interpunsafe.LookupVar(c.R, "OPTIND").String()))
	if err != nil || optind < 1 {
		optind = 1
	}
	if optind-1 != state.Argidx {
		*state = interpunsafe.Getopts{Argidx: optind - 1}
	}
	set := func(n, v string) error { return interpunsafe.SetString(c.R, n, v) }
	finish := func(opt string, optarg *string) error {
		interpunsafe.DelVar(c.R, "OPTARG")
		if optarg != nil {
			set("OPTARG", *optarg)
		}
		set("OPTIND", strconv.Itoa(state.Argidx+1))
		if v, err := c.Sh.AttrValue(c.R, name, opt); err == nil {
			opt = v
		}
		if err := set(name, opt); err != nil {
			return c.Errorf(1, "%v", err)
		}
		return nil
	}
	done := func() error {
		state.Runeidx = 0
		interpunsafe.DelVar(c.R, "OPTARG")
		set("OPTIND", strconv.Itoa(state.Argidx+1))
		set(name, "?")
		return interp.ExitStatus(1)
	}
	if state.Argidx >= len(args) {
		return done()
	}
	arg := args[state.Argidx]
	if state.Runeidx == 0 {
		if arg == "--" {
			state.Argidx++
			return done()
		}
		if len(arg) < 2 || arg[0] != '-' {
			return done()
		}
		state.Runeidx = 1
	}
	opt := arg[state.Runeidx]
	state.Runeidx++
	advance := func() {
		if state.Runeidx >= len(arg) {
			state.Argidx++
			state.Runeidx = 0
		}
	}
	i := strings.IndexByte(optstring, opt)
	if opt == ':' || i < 0 {
		advance()
		if silent {
			s := string(opt)
			return finish("?", &s)
		}
		fmt.Fprintf(c.Stderr, "%s: illegal option -- %c\n", c.Sh.ProgramName(), opt)
		return finish("?", nil)
	}
	if i+1 < len(optstring) && optstring[i+1] == ':' {
		var optarg string
		switch {
		case state.Runeidx < len(arg):
			optarg = arg[state.Runeidx:]
			state.Argidx++
		case state.Argidx+1 < len(args):
			optarg = args[state.Argidx+1]
			state.Argidx += 2
		default:
			state.Argidx++
			state.Runeidx = 0
			if silent {
				s := string(opt)
				return finish(":", &s)
			}
			fmt.Fprintf(c.Stderr, "%s: option requires an argument -- %c\n", c.Sh.ProgramName(), opt)
			return finish("?", nil)
		}
		state.Runeidx = 0
		return finish(string(opt), &optarg)
	}
	advance()
	return finish(string(opt), nil)
}
