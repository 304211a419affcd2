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
	var flags []string
	funcs, vars := false, false
	args, err := c.options("fvn", func(opt byte, _ string) {
		switch opt {
		case 'f':
			funcs = true
		case 'v':
			vars = true
		}
		flags = append(flags, "-"+string(opt))
	})
	if err != nil {
		return err
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
				if !vars {
					// No variable can have the name; bash then unsets
					// the function of that name, quietly when there is
					// none.
					if c.R.Funcs[name] != nil && c.builtin(ctx, "unset", "-f", "--", name) == nil {
						engine.ForgetFunc(c.R, name)
					}
					continue
				}
				fmt.Fprintf(c.Stderr, "%s: unset: `%s': not a valid identifier\n", c.sh().Name, name)
				status = 1
				continue
			}
			if vr := interpunsafe.LookupVar(c.R, base); vr.ReadOnly {
				fmt.Fprintf(c.Stderr, "%s: unset: %s: cannot unset: readonly variable\n", c.sh().Name, base)
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
			engine.ForgetFunc(c.R, name)
		} else if !strings.Contains(name, "[") {
			// The attributes (-i, -l, -u) go with the variable.
			engine.DropVarAttrs(c.R, name)
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
