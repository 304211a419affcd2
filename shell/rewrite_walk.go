package shell

import (
	"nosh/shell/internal/fields"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// rewrite adjusts a parsed statement before it runs, for what interp
// cannot be told through its handlers:
//   - $- becomes a call to a builtin that knows nosh's own flags;
//   - $0 reads BASH_ARGV0, which holds $0 as in bash (interp's own $0 is
//     only right when a whole file is run at once);
//   - $LINENO becomes the line it is on;
//   - escapes in words interp expands as one string are quoted
//     (see rewrite_escapes.go);
//   - statements that interp would run wrongly go to nosh builtins
//     (see rewriteStmt);
//   - with set -e, compound commands do not end the shell for a failure
//     set -e ignores (see errexit_compound.go).
func (s *Shell) rewrite(node syntax.Node) {
	var lw literalWords
	var funcBodies map[*syntax.Block]bool
	syntax.Walk(node, func(n syntax.Node) bool {
		lw.visit(n)
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
			rewriteParts(n.Parts)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
		case *syntax.DblQuoted:
			rewriteParts(n.Parts)
			s.rewriteArithParts(n.Parts)
			n.Parts = s.rewriteParamHooks(n.Parts, &lw)
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
			s.guardDecl(n)
			s.noteReadonly(n)
			s.hookPathAssigns(n.Args)
		case *syntax.Stmt:
			switch cmd := n.Cmd.(type) {
			case *syntax.LetClause:
				s.rewriteLet(n, cmd)
			case *syntax.CallExpr:
				s.hookPathAssigns(cmd.Assigns)
				s.guardAssignments(cmd)
				s.traceAssignments(n, cmd)
			case *syntax.ForClause:
				s.guardForLoop(n, cmd)
			case *syntax.FuncDecl:
				s.trackFuncDecl(cmd)
				s.guardFuncDef(n, cmd)
			}
			if n.Background || n.Disown {
				s.rewriteBackground(n)
			}
			s.rewriteStmt(n)
		case *syntax.CmdSubst:
			s.rewriteCmdSubst(n)
		}
		return true
	})
}

func rewriteParts(parts []syntax.WordPart) {
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Param == nil {
			continue
		}
		switch pe.Param.Value {
		case "!":
			rewriteBang(pe)
		case "0":
			pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "BASH_ARGV0"}
		case "LINENO":
			if isPlainParam(pe) {
				parts[i] = &syntax.Lit{ValuePos: pe.Pos(), ValueEnd: pe.End(), Value: strconv.Itoa(int(pe.Pos().Line()))}
			}
		case "-":
			plain := isPlainParam(pe)
			length := !plain && pe.Length && pe.Index == nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil
			if plain || length {
				args := []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: sentinel + internalFlags}}}}
				if length {
					args = append(args, &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "-length"}}})
				}
				parts[i] = &syntax.CmdSubst{
					Left:  pe.Pos(),
					Right: pe.End(),
					Stmts: []*syntax.Stmt{{Cmd: &syntax.CallExpr{Args: args}}},
				}
			}
		}
	}
}

func isPlainParam(pe *syntax.ParamExp) bool { return fields.IsPlainParam(pe) }
