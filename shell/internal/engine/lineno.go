package engine

import (
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

// NoteFuncCall records the line of a call of name, when name is a
// function or `.`, and FUNCNAME is tracked.
func (s *Engine) NoteFuncCall(r *interp.Runner, hc *interp.HandlerContext, name string) {
	if !s.funcnameOn.Load() || r == nil || r.Funcs[name] == nil && name != "." && name != "source" {
		return
	}
	interpunsafe.SetVar(r, callLineVar, expand.Variable{Set: true, Kind: expand.String, Str: strconv.FormatUint(uint64(hc.Pos.Line()), 10)})
}

// CallLine returns the line recorded by NoteFuncCall.
func CallLine(r *interp.Runner) string {
	if v := interpunsafe.LookupVar(r, callLineVar); v.IsSet() {
		return v.Str
	}
	return "0"
}

// pushLineno puts the line of the call being entered at the front of
// BASH_LINENO, local to the call's scope (bottom says whether the
// caller is the script's top level, whose entry is 0).
func pushLineno(r *interp.Runner, bottom bool) {
	list := []string{CallLine(r)}
	if outer := interpunsafe.LookupVar(r, "BASH_LINENO"); outer.Kind == expand.Indexed && len(outer.List) > 0 {
		list = append(list, outer.List...)
	} else if bottom {
		list = append(list, "0")
	}
	interpunsafe.SetVar(r, "BASH_LINENO", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: list})
}

// SetScriptLineno sets BASH_LINENO at the top level of a script: bash's
// frame "main", called from line 0.
func SetScriptLineno(r *interp.Runner) {
	interpunsafe.SetVar(r, "BASH_LINENO", expand.Variable{Set: true, Kind: expand.Indexed, List: []string{"0"}})
}
