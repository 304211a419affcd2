package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/engine"
)

// The source of each function definition the line reader parses is kept
// for declare -f, type and export -f (Engine.RecordFuncSource, which says
// why).

// noteFuncSources records in eng the source of the function definitions
// in st, read from log.
func noteFuncSources(eng *engine.Engine, st *syntax.Stmt, log *feedLog) {
	if log == nil {
		return
	}
	if fd, ok := st.Cmd.(*syntax.FuncDecl); ok {
		noteFuncSource(eng, fd, log)
		if !mayHoldFuncDecl(fd.Body, log) {
			return
		}
	} else if !mayHoldFuncDecl(st, log) {
		return
	}
	syntax.Walk(st, func(n syntax.Node) bool {
		if fd, ok := n.(*syntax.FuncDecl); ok {
			noteFuncSource(eng, fd, log)
		}
		return true
	})
}

// mayHoldFuncDecl reports whether the text of n may define a function.
func mayHoldFuncDecl(n syntax.Node, log *feedLog) bool {
	text := log.slice(n.Pos(), n.End())
	return strings.Contains(text, "(") || strings.Contains(text, "function")
}

func noteFuncSource(eng *engine.Engine, fd *syntax.FuncDecl, log *feedLog) {
	if fd.Body == nil {
		return
	}
	text := log.slice(fd.Body.Pos(), fd.Body.End())
	if text == "" {
		return
	}
	eng.RecordFuncSource(fd.Body, text)
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

// NoteFunctionSources records the source of the functions stmts, parsed
// from src, define (for lines the prompt parses itself).
func (s *Shell) NoteFunctionSources(src string, stmts []*syntax.Stmt) {
	if !strings.Contains(src, "(") && !strings.Contains(src, "function") {
		return
	}
	log := &feedLog{first: 1}
	log.add(src)
	for _, st := range stmts {
		noteFuncSources(s.eng, st, log)
	}
}
