package shell

import (
	"nosh/shell/internal/linefeed"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/engine"
)

// The source of each function definition the line reader parses is kept
// for declare -f, type and export -f (Engine.RecordFuncSource, which says
// why).

// noteFuncSources records in eng the source of the function definitions
// in st, read from log.
func noteFuncSources(eng *engine.Engine, st *syntax.Stmt, log *linefeed.Log) {
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
func mayHoldFuncDecl(n syntax.Node, log *linefeed.Log) bool {
	text := log.Slice(n.Pos(), n.End())
	return strings.Contains(text, "(") || strings.Contains(text, "function")
}

func noteFuncSource(eng *engine.Engine, fd *syntax.FuncDecl, log *linefeed.Log) {
	if fd.Body == nil {
		return
	}
	text := log.Slice(fd.Body.Pos(), fd.Body.End())
	if text == "" {
		return
	}
	eng.RecordFuncSource(fd.Body, text)
}

// NoteFunctionSources records the source of the functions stmts, parsed
// from src, define (for lines the prompt parses itself).
func (s *Shell) NoteFunctionSources(src string, stmts []*syntax.Stmt) {
	if !strings.Contains(src, "(") && !strings.Contains(src, "function") {
		return
	}
	log := linefeed.NewLog()
	log.Add(src)
	for _, st := range stmts {
		noteFuncSources(s.eng, st, log)
	}
}
