package engine

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
)

// coproc is not supported: interp has no coprocesses, and would report
// the statement as an internal error ("unhandled command node"). The
// rewrite turns it into \x00coproc, which says so in one line and fails
// with status 2, as a builtin given an option it lacks does.

const builtinCoprocName = "\x00coproc"

func builtinCoproc(ctx context.Context, c *call) error {
	fmt.Fprintf(c.Stderr, "%s: coproc: not supported\n", c.sh().name())
	return interp.ExitStatus(2)
}
