package shell

import (
	"fmt"
	"nosh/shell/internal/fields"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// rewriteParts makes the shell's own changes to the parameter expansions
// among parts ($!, $0, $LINENO, $-); the walk calls it on every word
// (rewrite_host.go).
func rewriteParts(parts []syntax.WordPart) {
	for i, p := range parts {
		if sq, ok := p.(*syntax.SglQuoted); ok && sq.Dollar && strings.Contains(sq.Value, `\c`) {
			sq.Value = controlEscapes(sq.Value)
			continue
		}
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

// controlEscapes spells the \cX escapes of a $'…' string (control-X,
// which interp does not know) as \xHH, which it does: \cA and \ca are
// 1, \c? is 127.
func controlEscapes(v string) string {
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] != '\\' || i+1 >= len(v) {
			b.WriteByte(v[i])
			continue
		}
		if v[i+1] != 'c' || i+2 >= len(v) {
			b.WriteString(v[i : i+2]) // another escape, \\ included
			i++
			continue
		}
		c := v[i+2]
		if c == '?' {
			c = 0x7f
		} else {
			c &= 0x1f
		}
		fmt.Fprintf(&b, `\x%02x`, c)
		i += 2
	}
	return b.String()
}
