package shell

import (
	"context"
	"fmt"
	"nosh/shell/internal/engine"
	"nosh/shell/internal/interpunsafe"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// builtinUnset is unset: a read-only variable cannot be unset, and that
// is an error.
func builtinUnset(ctx context.Context, c *call) error {
	args := c.args
	var flags []string
	funcs := false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, f := range args[0][1:] {
			switch f {
			case 'f':
				funcs = true
			case 'v', 'n':
			default:
				return c.errorf(2, "-%c: invalid option\nunset: usage: unset [-f] [-v] [-n] [name ...]", f)
			}
		}
		flags = append(flags, args[0])
		args = args[1:]
	}
	status := 0
	for _, name := range args {
		if funcs && c.refuseUnsetFunc(name) {
			status = 1
			continue
		}
		if !funcs {
			base, _, _ := strings.Cut(name, "[")
			if !syntax.ValidName(base) {
				fmt.Fprintf(c.stderr, "%s: unset: `%s': not a valid identifier\n", c.sh.Name, name)
				status = 1
				continue
			}
			if vr := interpunsafe.LookupVar(c.r, base); vr.ReadOnly {
				fmt.Fprintf(c.stderr, "%s: unset: %s: cannot unset: readonly variable\n", c.sh.Name, base)
				status = 1
				continue
			}
			if c.unsetScalarElement(base, name) {
				status = 1
				continue
			}
		}
		if err := c.builtin(ctx, append(append([]string{"unset"}, flags...), "--", name)...); err != nil {
			status = 1
		} else if funcs {
			engine.ForgetFunc(c.r, name)
		} else if !strings.Contains(name, "[") {
			// The attributes (-i, -l, -u) go with the variable.
			engine.DropVarAttrs(c.r, name)
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
