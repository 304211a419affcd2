package shell

import (
	"nosh/shell/internal/fields"
	"strconv"

	"mvdan.cc/sh/v3/syntax"
)

// rewriteParts makes the shell's own changes to the parameter expansions
// among parts ($!, $0, $LINENO, $-); the walk calls it on every word
// (rewrite_host.go).
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
