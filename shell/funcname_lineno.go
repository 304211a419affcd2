package shell

import (
	"context"
	"fmt"
	"strconv"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// BASH_LINENO and the caller builtin, which go with FUNCNAME and
// BASH_SOURCE (funcname.go): BASH_LINENO[i] is the line that called
// FUNCNAME[i], in the file BASH_SOURCE[i+1]; at the bottom, beside
// "main", is 0. While FUNCNAME is tracked, the call handler records in
// the calling runner the line of each call of a function (or of `.`),
// and the function's frame (\x00funcname) reads it.

// callLineVar holds the line of the last function call made in a runner.
const callLineVar = "\x00callline"

// noteFuncCall records the line of a call of name, when name is a
// function or `.`, and FUNCNAME is tracked.
func noteFuncCall(r *interp.Runner, hc interp.HandlerContext, name string) {
	if !funcnameOn.Load() || r == nil || r.Funcs[name] == nil && name != "." && name != "source" {
		return
	}
	interpunsafe.SetVar(r, callLineVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.FormatUint(uint64(hc.Pos.Line()), 10)})
}

// callLine returns the line recorded by noteFuncCall.
func callLine(r *interp.Runner) string {
	if v := interpunsafe.LookupVar(r, callLineVar); v.IsSet() {
		return v.Str
	}
	return "0"
}

// pushLineno puts the line of the call being entered at the front of
// BASH_LINENO, local to the call's scope (bottom says whether the
// caller is the script's top level, whose entry is 0).
func pushLineno(r *interp.Runner, bottom bool) {
	list := []string{callLine(r)}
	if outer := interpunsafe.LookupVar(r, "BASH_LINENO"); outer.Kind == expand.Indexed && len(outer.List) > 0 {
		list = append(list, outer.List...)
	} else if bottom {
		list = append(list, "0")
	}
	interpunsafe.SetVar(r, "BASH_LINENO", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: list})
}

// setScriptLineno sets BASH_LINENO at the top level of a script: bash's
// frame "main", called from line 0.
func setScriptLineno(r *interp.Runner) {
	interpunsafe.SetVar(r, "BASH_LINENO", expand.Variable{Set: true, Kind: expand.Indexed, List: []string{"0"}})
}

// builtinCaller is bash's caller: with no argument "LINE FILE" of the
// current call, with N "LINE FUNCTION FILE" of the call N frames up;
// status 1 when there is no such frame.
func builtinCaller(ctx context.Context, c *call) error {
	args := c.args
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	list := func(name string) []string {
		if v := interpunsafe.LookupVar(c.r, name); v.Kind == expand.Indexed {
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
	if len(linenos) == 0 && c.sh.scriptFile {
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
		return c.writeOut(line + " " + src + "\n")
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		fmt.Fprintf(c.stderr, "%s: caller: %s: invalid number\ncaller: usage: caller [expr]\n", c.sh.Name, args[0])
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
	return c.writeOut(line + " " + fn + " " + src + "\n")
}
