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
		case "#":
			if pe.Excl && isIndirectOnly(pe) {
				// ${!#}, the last parameter, is $0 when there are none;
				// interp's own $0 is its name, "gosh".
				pe.Excl = false
				pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "@"}
				one := &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValuePos, Value: "1"}}}
				pe.Slice = &syntax.Slice{Offset: &syntax.UnaryArithm{OpPos: pe.Param.ValuePos, Op: syntax.Minus, X: one}}
			}
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

// isIndirectOnly reports whether pe is ${!name} with no other operator.
func isIndirectOnly(pe *syntax.ParamExp) bool {
	return pe.Index == nil && pe.Exp == nil && pe.Repl == nil && pe.Slice == nil && !pe.Length && !pe.Width && pe.Names == 0
}

func isPlainParam(pe *syntax.ParamExp) bool { return fields.IsPlainParam(pe) }
