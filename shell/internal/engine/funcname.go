package engine

import (
	"context"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// FUNCNAME: the names of the functions being run, the current one first,
// with "main" at the bottom in a script file, as bash keeps it. interp has
// no notion of it. A function body that nosh tracks starts with
// \x00funcname NAME, which sets a FUNCNAME local to the call: the scope
// interp makes for the call holds it, and drops it when the call returns.
//
// BASH_SOURCE goes with it: the files the functions were defined in, the
// current one first, and at the bottom the script file (or the file `.`
// is reading), so that "${BASH_SOURCE[0]}" names the file a line is in.
//
// Tracking costs every function call a builtin, so it is on only once the
// shell has read code that names FUNCNAME or BASH_SOURCE (the line reader
// looks); the functions already defined then are tracked from that moment.

const builtinFuncnameName = "\x00funcname"

// NoteFuncnameUse turns tracking on when line names FUNCNAME, and tracks
// the functions r has already.
func (s *Engine) NoteFuncnameUse(r *interp.Runner, line string) {
	if s.funcnameOn.Load() || !strings.Contains(line, "FUNCNAME") && !strings.Contains(line, "BASH_SOURCE") &&
		!strings.Contains(line, "BASH_LINENO") && !strings.Contains(line, "caller") {
		return
	}
	s.funcnameOn.Store(true)
	if r == nil {
		return
	}
	file := s.host.ReadingFile()
	for name, body := range r.Funcs {
		trackFunc(name, file, body)
	}
}

// trackFuncDecl makes a function defined from now on track FUNCNAME.
func (s *Engine) trackFuncDecl(fd *syntax.FuncDecl) {
	if !s.funcnameOn.Load() || fd.Name == nil || fd.Body == nil {
		return
	}
	trackFunc(fd.Name.Value, s.host.ReadingFile(), fd.Body)
}

// trackFunc puts \x00funcname NAME FILE at the start of body, once.
func trackFunc(name, file string, body *syntax.Stmt) {
	pos := body.Position
	frame := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		LitWord(pos, sentinel+builtinFuncnameName), LitWord(pos, name), quotedWord(pos, file),
	}}}
	if b, ok := body.Cmd.(*syntax.Block); ok {
		if len(b.Stmts) > 0 && isFuncnameFrame(b.Stmts[0]) {
			return
		}
		b.Stmts = append([]*syntax.Stmt{frame}, b.Stmts...)
		return
	}
	if body.Cmd == nil {
		return
	}
	// ( … ) or another compound command: the frame goes in the call's
	// scope, before it.
	inner := &syntax.Stmt{Position: pos, Cmd: body.Cmd}
	body.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{frame, inner}}
}

func isFuncnameFrame(st *syntax.Stmt) bool {
	call, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(call.Args) > 0 && call.Args[0].Lit() == sentinel+builtinFuncnameName
}

// builtinFuncname sets FUNCNAME in the scope of the function call it
// starts.
func builtinFuncname(ctx context.Context, c *call) error {
	r := c.R
	caller := interpunsafe.LookupVar(r, "FUNCNAME")
	list := []string{FirstArg(c.Args)}
	switch {
	case caller.Kind == expand.Indexed && len(caller.List) > 0:
		list = append(list, caller.List...)
	case c.sh().host.ScriptFile():
		list = append(list, "main")
	}
	interpunsafe.SetVar(r, "FUNCNAME", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: list})
	pushLineno(r, c.sh().host.ScriptFile())
	if len(c.Args) > 1 {
		sources := []string{c.Args[1]}
		if outer := interpunsafe.LookupVar(r, "BASH_SOURCE"); outer.Kind == expand.Indexed {
			sources = append(sources, outer.List...)
		}
		interpunsafe.SetVar(r, "BASH_SOURCE", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: sources})
	}
	// $? in the function is still the status before the call; set -e
	// and the ERR trap do not see it as this command's failure.
	last := *interpunsafe.LastExit(r)
	if last.Code != 0 {
		c.sh().LiftErrexit(r)
	}
	interpunsafe.SetExit(r, interpunsafe.Status{Code: last.Code})
	return errKeepStatus
}

// quotedWord is a word that expands to s as it is.
func quotedWord(pos syntax.Pos, s string) *syntax.Word { return QuotedWord(pos, s) }
