package builtins

import (
	"context"
	"errors"
	"fmt"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/arith"
)

// builtinLet is let: each argument is an expression; the status is 0 when
// the last one is not 0.
func builtinLet(ctx context.Context, c *Call) error {
	if len(c.Args) == 0 {
		return c.Errorf(2, "expression expected")
	}
	var v int64
	for _, arg := range c.Args {
		var err error
		v, err = arith.Eval(arith.RunnerVars{R: c.R}, arg, 0)
		if err != nil {
			var ub *arith.Unbound
			if errors.As(err, &ub) {
				fmt.Fprintf(c.Stderr, "%s: %v\n", c.Sh.ProgramName(), err)
				return c.Sh.Fatal(err.Error())
			}
			return c.Errorf(1, "%v", err)
		}
	}
	if v == 0 {
		return interp.ExitStatus(1)
	}
	return nil
}
