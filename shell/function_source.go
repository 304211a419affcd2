package shell

import (
	"runtime"
	"strings"
	"sync"
	"weak"

	"mvdan.cc/sh/v3/syntax"
)

// The text of a function as it was written. The rewrite changes a
// function's body in place when it first runs (sentinel calls, hooks), so
// printing the body afterwards would show nosh's machinery; declare -f,
// type and export -f need the function as written. The line reader keeps
// the source of each function definition it parses (funcSources), and
// functionText parses that text again, untouched, to print it.

// funcSources maps a function's body (the statement interp keeps in
// Runner.Funcs) to its source text.
var funcSources sync.Map // weak.Pointer[syntax.Stmt] → string

// noteFuncSources records the source of the function definitions in st,
// read from log.
func noteFuncSources(st *syntax.Stmt, log *feedLog) {
	if log == nil {
		return
	}
	if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
		noteFuncSource(fd, log)
		if !mayHoldFuncDecl(fd.Body, log) {
			return
		}
	} else if !mayHoldFuncDecl(st, log) {
		return
	}
	syntax.Walk(st, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok {
			noteFuncSource(fd, log)
		}
		return true
	})
}

// mayHoldFuncDecl reports whether the text of n may define a function.
func mayHoldFuncDecl(n syntax.Node, log *feedLog) bool {
	text := log.slice(n.Pos(), n.End())
	return strings.Contains(text, "(") || strings.Contains(text, "function")
}

func noteFuncSource(fd *syntax.FuncDecl, log *feedLog) {
	if fd.Body == nil {
		return
	}
	text := log.slice(fd.Body.Pos(), fd.Body.End())
	if text == "" {
		return
	}
	key := weak.Make(fd.Body)
	if _, loaded := funcSources.LoadOrStore(key, text); !loaded {
		runtime.AddCleanup(fd.Body, func(k weak.Pointer[syntax.Stmt]) { funcSources.Delete(k) }, key)
	}
}

// slice returns the source from pos to end, "" if the log no longer has
// all of it.
func (f *feedLog) slice(pos, end syntax.Pos) string {
	if !pos.IsValid() || !end.IsValid() {
		return ""
	}
	l1, l2 := int(pos.Line())-f.first, int(end.Line())-f.first
	if l1 < 0 || l2 >= len(f.lines) || l2 < l1 {
		return ""
	}
	c1, c2 := int(pos.Col())-1, int(end.Col())-1
	if l1 == l2 {
		line := f.lines[l1]
		if c1 < 0 || c2 > len(line) || c2 < c1 {
			return ""
		}
		return line[c1:c2]
	}
	first, last := f.lines[l1], f.lines[l2]
	if c1 < 0 || c1 > len(first) || c2 < 0 || c2 > len(last) {
		return ""
	}
	var b strings.Builder
	b.WriteString(first[c1:])
	for _, l := range f.lines[l1+1 : l2] {
		b.WriteString(l)
	}
	b.WriteString(last[:c2])
	return b.String()
}

// originalBody returns a function's body as written, parsed again, or
// the body itself when its source was not kept.
func originalBody(body *syntax.Stmt) *syntax.Stmt {
	text, ok := funcSources.Load(weak.Make(body))
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

// NoteFunctionSources records the source of the functions stmts, parsed
// from src, define (for lines the prompt parses itself).
func (s *Shell) NoteFunctionSources(src string, stmts []*syntax.Stmt) {
	if !strings.Contains(src, "(") && !strings.Contains(src, "function") {
		return
	}
	log := &feedLog{first: 1}
	log.add(src)
	for _, st := range stmts {
		noteFuncSources(st, log)
	}
}
