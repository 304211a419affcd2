package builtins

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// builtinShift is shift: a count larger than $# fails without shifting,
// silently as in bash, or with the message POSIX shells print (dash, bash
// --posix, bash with shopt shift_verbose).
func builtinShift(ctx context.Context, c *Call) error {
	n := 1
	if len(c.Args) > 0 && c.Args[0] == "--" {
		// No options, but "--" may end them, as in bash.
		c.Args = c.Args[1:]
	}
	if len(c.Args) > 1 {
		return c.Errorf(1, "too many arguments")
	}
	if len(c.Args) == 1 {
		if !IsInteger(c.Args[0]) {
			return c.Errorf(1, "%s: numeric argument required", c.Args[0])
		}
		fmt.Sscan(c.Args[0], &n)
		if n < 0 {
			return c.Errorf(1, "%s: shift count out of range", c.Args[0])
		}
	}
	if n > len(c.R.Params) {
		if !c.Sh.PosixMode() && !c.Sh.ShoptOn("shift_verbose") {
			return interp.ExitStatus(1)
		}
		return c.Errorf(1, "%d: shift count out of range", n)
	}
	c.R.Params = c.R.Params[n:]
	if *interpunsafe.InSource(c.R) {
		*interpunsafe.SourceSetParams(c.R) = true
	}
	return nil
}

// IsInteger reports whether s is a decimal integer with an optional sign,
// as the status of exit and return and the count of shift must be.
func IsInteger(s string) bool {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
