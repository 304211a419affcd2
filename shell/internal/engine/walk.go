package engine

import (
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/patterns"
	"nosh/shell/internal/rewrite"
)

// Rewrite adjusts a parsed statement (or any node) before it runs, for
// what interp cannot be told through its handlers:
//   - escapes in words interp expands as one string are quoted
//     (see rewrite.LiteralWords);
//   - statements that interp would run wrongly go to private builtins
//     (see rewriteStmt);
//   - with set -e, compound commands do not end the shell for a failure
//     set -e ignores (see errexit_compound.go);
//   - arithmetic is nosh's (arith_shell.go), and so are the parameter
//     expansions interp lacks (param_hook.go);
//   - the shell's own changes (Host.RewriteNode): $-, $0, $LINENO,
//     SECONDS, PATH.
//
// Rewriting a node again leaves it as the first rewrite made it:
// function bodies are rewritten each time they run.
func (s *Engine) Rewrite(node syntax.Node) { s.rewrite(node) }

func (s *Engine) rewrite(node syntax.Node) {
	var lw rewrite.LiteralWords
	var funcBodies map[*syntax.Block]bool
	// prefixAssigns are the assignments before a command, which take no
	// attributes (var_attrs.go).
	var prefixAssigns map[*syntax.Assign]bool
	syntax.Walk(node, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 && len(call.Assigns) > 0 {
			if prefixAssigns == nil {
				prefixAssigns = map[*syntax.Assign]bool{}
			}
			for _, as := range call.Assigns {
				prefixAssigns[as] = true
			}
		}
		lw.Visit(n)
		// Whether set -e is on is only known when the code runs: a
		// function defined before set -e may run after it.
		if fd, ok := n.(*syntax.FuncDecl); ok {
			if b, ok := fd.Body.Cmd.(*syntax.Block); ok {
				if funcBodies == nil {
					funcBodies = map[*syntax.Block]bool{}
				}
				funcBodies[b] = true
			}
		}
		rewriteErrexitBodies(n, funcBodies)
		switch n := n.(type) {
		case *syntax.Word:
			s.host.RewriteNode(n)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
			n.Parts = s.rewriteTrims(n.Parts)
		case *syntax.DblQuoted:
			s.host.RewriteNode(n)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
			n.Parts = s.rewriteTrims(n.Parts)
			rewriteQuotedBraces(n)
		case *syntax.ParamExp:
			s.rewriteParamExp(n)
		case *syntax.ArithmExp:
			rewriteArithmLineno(n.X)
		case *syntax.ArithmCmd:
			s.rewriteArithCmd(n)
		case *syntax.ForClause:
			s.rewriteArithFor(n)
		case *syntax.Assign:
			rewriteAssignTilde(n)
			s.host.RewriteNode(n)
			s.rewriteNoshParams(n.Value)
			if !prefixAssigns[n] {
				s.typeAssign(n)
			}
		case *syntax.Redirect:
			s.rewriteNoshParams(n.Word)
			s.rewriteNoshParams(n.Hdoc)
		case *syntax.CaseClause:
			s.traceCompound(n)
			s.hookExtglobCase(n)
			s.rewriteNoshParams(n.Word)
		case *syntax.CaseItem:
			for _, w := range n.Patterns {
				patterns.RewriteCollating(w)
			}
			s.hookCasePatterns(n)
		case *syntax.UnaryTest:
			s.hookVarSetTest(n)
		case *syntax.BinaryTest:
			if s.hookExtglobTest(n) {
				break
			}
			if w, ok := n.X.(*syntax.Word); ok {
				s.rewriteNoshParams(w)
			}
			if w, ok := n.Y.(*syntax.Word); ok {
				s.rewriteNoshParams(w)
			}
			if w, ok := n.Y.(*syntax.Word); ok && (n.Op == syntax.TsMatch || n.Op == syntax.TsMatchShort || n.Op == syntax.TsNoMatch) {
				patterns.RewriteCollating(w)
			}
			s.rewriteTestArith(n)
			s.hookTestPattern(n)
		case *syntax.DeclClause:
			s.guardDecl(n)
			s.noteReadonly(n)
			s.noteAssoc(n)
			s.host.RewriteNode(n)
		case *syntax.Stmt:
			// let, FUNCNAME's frames and functions named as special
			// builtins, then the shell's changes (PATH assignments); the
			// command is the one the walk met, even when they replaced
			// it.
			cmd := n.Cmd
			switch cmd := cmd.(type) {
			case *syntax.LetClause:
				s.rewriteLet(n, cmd)
			case *syntax.FuncDecl:
				s.trackFuncDecl(cmd)
				s.guardFuncDef(n, cmd)
			case *syntax.CoprocClause:
				s.rewriteCoproc(n, cmd)
				return false
			}
			s.host.RewriteNode(n)
			switch cmd := cmd.(type) {
			case *syntax.CallExpr:
				s.rewriteAssocAssigns(cmd)
				s.guardAssignments(n, cmd)
				s.traceAssignments(n, cmd)
			case *syntax.ForClause:
				s.traceCompound(cmd)
				s.guardForLoop(n, cmd)
			}
			if n.Background || n.Disown {
				s.host.RewriteBackground(n)
			}
			s.wrapPipestatus(n)
			s.rewriteStmt(n)
		case *syntax.CmdSubst:
			s.rewriteCmdSubst(n)
		case *syntax.ProcSubst:
			guardProcSubst(n)
		}
		return true
	})
}
