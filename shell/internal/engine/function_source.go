package engine

import (
	"runtime"
	"strings"
	"weak"

	"mvdan.cc/sh/v3/syntax"
)

// The text of a function as it was written. The rewrite changes a
// function's body in place when it first runs (sentinel calls, hooks), so
// printing the body afterwards would show nosh's machinery; declare -f,
// type and export -f need the function as written. The shell's line
// reader records the source of each function definition it parses
// (RecordFuncSource), and FormatFunction parses that text again,
// untouched, to print it.

// RecordFuncSource records text as the source of the function body body
// (the statement interp keeps in Runner.Funcs).
func (s *Engine) RecordFuncSource(body *syntax.Stmt, text string) {
	key := weak.Make(body)
	sources := s.funcSources // weak.Pointer[syntax.Stmt] → string
	if _, loaded := sources.LoadOrStore(key, text); !loaded {
		runtime.AddCleanup(body, func(k weak.Pointer[syntax.Stmt]) { sources.Delete(k) }, key)
	}
}

// originalBody returns a function's body as written, parsed again, or
// the body itself when its source was not kept.
func (s *Engine) originalBody(body *syntax.Stmt) *syntax.Stmt {
	text, ok := s.funcSources.Load(weak.Make(body))
	if !ok {
		return body
	}
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader("f() "+text.(string)+"\n"), "")
	if err != nil || len(f.Stmts) != 1 {
		return body
	}
	if fd, ok := f.Stmts[0].Cmd.(*syntax.FuncDecl); ok && fd.Body != nil {
		return fd.Body
	}
	return body
}
