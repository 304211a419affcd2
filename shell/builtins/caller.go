package builtins

import (
	"context"
	"fmt"
	"strconv"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// builtinCaller is bash's caller: with no argument "LINE FILE" of the
// current call, with N "LINE FUNCTION FILE" of the call N frames up;
// status 1 when there is no such frame.
func builtinCaller(ctx context.Context, c *Call) error {
	args := c.Args
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	list := func(name string) []string {
		if v := interpunsafe.LookupVar(c.R, name); v.Kind == expand.Indexed {
			return v.List
		}
		return nil
	}
	at := func(l []string, i int) (string, bool) {
		if i < 0 || i >= len(l) {
			return "", false
		}
		return l[i], true
	}
	linenos, sources, names := list("BASH_LINENO"), list("BASH_SOURCE"), list("FUNCNAME")
	if len(linenos) == 0 && c.Sh.ScriptFile() {
		// The top level of a script is bash's frame "main", called
		// from line 0.
		linenos, names = []string{"0"}, []string{"main"}
	}
	if len(linenos) == 0 {
		return interp.ExitStatus(1)
	}
	if len(args) == 0 {
		line, ok := at(linenos, 0)
		if !ok {
			line = "NULL"
		}
		src, ok := at(sources, 1)
		if !ok {
			src = "NULL"
		}
		return c.WriteOut(line + " " + src + "\n")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: caller: %s: invalid number\ncaller: usage: caller [expr]\n", c.Sh.ProgramName(), args[0])
		return interp.ExitStatus(2)
	}
	if len(names) == 0 {
		return interp.ExitStatus(1)
	}
	line, ok1 := at(linenos, n)
	src, ok2 := at(sources, n+1)
	fn, ok3 := at(names, n+1)
	if !ok1 || !ok2 || !ok3 {
		return interp.ExitStatus(1)
	}
	return c.WriteOut(line + " " + fn + " " + src + "\n")
}
