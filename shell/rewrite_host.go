package shell

import (
	"mvdan.cc/sh/v3/syntax"
)

// The statement rewrite is package engine's (Engine.Rewrite); the shell
// adds its own changes to each node the walk meets, here:
//   - $- becomes a call to a builtin that knows nosh's own flags;
//   - $0 reads BASH_ARGV0, which holds $0 as in bash (interp's own $0 is
//     only right when a whole file is run at once);
//   - $LINENO becomes the line it is on;
//   - arithmetic is nosh's (arith_shell.go), SECONDS and PATH
//     assignments are noticed, [[ ]] patterns know collating classes,
//     function definitions are tracked for FUNCNAME.

// rewrite adjusts a parsed statement (or any node) before it runs.
func (s *Shell) rewrite(node syntax.Node) { s.eng.Rewrite(node) }

// RewriteNode implements engine.Host: the shell's changes to n.
func (h *builtinHost) RewriteNode(n syntax.Node) {
	s := h.shell()
	switch n := n.(type) {
	case *syntax.Word:
		rewriteParts(n.Parts)
		s.rewriteArithParts(n.Parts)
	case *syntax.DblQuoted:
		rewriteParts(n.Parts)
		s.rewriteArithParts(n.Parts)
	case *syntax.ArithmCmd:
		s.rewriteArithCmd(n)
	case *syntax.ForClause:
		s.rewriteArithFor(n)
	case *syntax.Assign:
		s.seconds.noteAssign(n)
		s.rewriteNoshParams(n.Value)
	case *syntax.Redirect:
		s.rewriteNoshParams(n.Word)
		s.rewriteNoshParams(n.Hdoc)
	case *syntax.CaseClause:
		s.rewriteNoshParams(n.Word)
	case *syntax.CaseItem:
		for _, w := range n.Patterns {
			rewriteCollating(w)
		}
	case *syntax.BinaryTest:
		if w, ok := n.X.(*syntax.Word); ok {
			s.rewriteNoshParams(w)
		}
		if w, ok := n.Y.(*syntax.Word); ok {
			s.rewriteNoshParams(w)
		}
		if w, ok := n.Y.(*syntax.Word); ok && (n.Op == syntax.TsMatch || n.Op == syntax.TsMatchShort || n.Op == syntax.TsNoMatch) {
			rewriteCollating(w)
		}
		s.rewriteTestArith(n)
	case *syntax.DeclClause:
		s.hookPathAssigns(n.Args)
	case *syntax.Stmt:
		switch cmd := n.Cmd.(type) {
		case *syntax.LetClause:
			s.rewriteLet(n, cmd)
		case *syntax.CallExpr:
			s.hookPathAssigns(cmd.Assigns)
		case *syntax.FuncDecl:
			s.trackFuncDecl(cmd)
			s.guardFuncDef(n, cmd)
		}
	}
}

// RewriteBackground implements engine.Host.
func (h *builtinHost) RewriteBackground(st *syntax.Stmt) { h.shell().rewriteBackground(st) }

// RewriteTime implements engine.Host.
func (h *builtinHost) RewriteTime(st *syntax.Stmt, tc *syntax.TimeClause) {
	h.shell().rewriteTime(st, tc)
}
