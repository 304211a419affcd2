package shell

import (
	"context"
	"nosh/shell/internal/engine"
	"strings"
	"sync/atomic"

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

// funcnameOn is set once FUNCNAME is tracked.
var funcnameOn atomic.Bool

// noteFuncnameUse turns tracking on when line names FUNCNAME, and tracks
// the functions r has already.
func (s *Shell) noteFuncnameUse(r *interp.Runner, line string) {
	if funcnameOn.Load() || !strings.Contains(line, "FUNCNAME") && !strings.Contains(line, "BASH_SOURCE") {
		return
	}
	funcnameOn.Store(true)
	if r == nil {
		return
	}
	file := s.readingFile()
	for name, body := range r.Funcs {
		trackFunc(name, file, body)
	}
}

// trackFuncDecl makes a function defined from now on track FUNCNAME.
func (s *Shell) trackFuncDecl(fd *syntax.FuncDecl) {
	if !funcnameOn.Load() || fd.Name == nil || fd.Body == nil {
		return
	}
	trackFunc(fd.Name.Value, s.readingFile(), fd.Body)
}

// trackFunc puts \x00funcname NAME FILE at the start of body, once.
func trackFunc(name, file string, body *syntax.Stmt) {
	pos := body.Position
	frame := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{
		engine.LitWord(pos, sentinel+builtinFuncnameName), engine.LitWord(pos, name), quotedWord(pos, file),
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
	r := c.r
	caller := interpunsafe.LookupVar(r, "FUNCNAME")
	list := []string{firstArg(c.args)}
	switch {
	case caller.Kind == expand.Indexed && len(caller.List) > 0:
		list = append(list, caller.List...)
	case c.sh.scriptFile:
		list = append(list, "main")
	}
	interpunsafe.SetVar(r, "FUNCNAME", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: list})
	if len(c.args) > 1 {
		sources := []string{c.args[1]}
		if outer := interpunsafe.LookupVar(r, "BASH_SOURCE"); outer.Kind == expand.Indexed {
			sources = append(sources, outer.List...)
		}
		interpunsafe.SetVar(r, "BASH_SOURCE", expand.Variable{Set: true, Local: true, Kind: expand.Indexed, List: sources})
	}
	// $? in the function is still the status before the call; set -e
	// and the ERR trap do not see it as this command's failure.
	last := *interpunsafe.LastExit(r)
	if last.Code != 0 {
		c.sh.eng.LiftErrexit(r)
	}
	interpunsafe.SetExit(r, interpunsafe.Status{Code: last.Code})
	return errKeepStatus
}

// readingFile is the file the shell is reading code from: the script, or
// the file `.` reads; "" for -c, standard input and the prompt.
func (s *Shell) readingFile() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.srcFile
}

// enterSource records that code now comes from file, and sets
// BASH_SOURCE in r to name it first. The function it returns undoes both.
func (s *Shell) enterSource(r *interp.Runner, file string) (leave func()) {
	s.mu.Lock()
	prevFile := s.srcFile
	s.srcFile = file
	s.mu.Unlock()
	prev := interpunsafe.LookupVar(r, "BASH_SOURCE")
	list := []string{file}
	if prev.Kind == expand.Indexed {
		list = append(list, prev.List...)
	}
	interpunsafe.SetVar(r, "BASH_SOURCE", expand.Variable{Set: true, Local: prev.Local, Kind: expand.Indexed, List: list})
	// In a function, bash counts the file `.` reads as a call of
	// "source".
	names := interpunsafe.LookupVar(r, "FUNCNAME")
	inFunc := names.Kind == expand.Indexed && len(names.List) > 0
	if inFunc {
		interpunsafe.SetVar(r, "FUNCNAME", expand.Variable{Set: true, Local: names.Local, Kind: expand.Indexed,
			List: append([]string{"source"}, names.List...)})
	}
	return func() {
		if inFunc {
			interpunsafe.SetVar(r, "FUNCNAME", names)
		}
		s.mu.Lock()
		s.srcFile = prevFile
		s.mu.Unlock()
		if prev.IsSet() {
			interpunsafe.SetVar(r, "BASH_SOURCE", prev)
		} else {
			interpunsafe.DelVar(r, "BASH_SOURCE")
		}
	}
}

// quotedWord is a word that expands to s as it is.
func quotedWord(pos syntax.Pos, s string) *syntax.Word {
	w := &syntax.Word{}
	for i, part := range strings.Split(s, "'") {
		if i > 0 {
			w.Parts = append(w.Parts, &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: `\'`})
		}
		w.Parts = append(w.Parts, &syntax.SglQuoted{Left: pos, Right: pos, Value: part})
	}
	return w
}
