package engine

import (
	"nosh/shell/internal/fields"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/rewrite"
)

// Parameter expansions with side effects (${b?}, ${b=x}) inside the word
// of another (${a-${b?}}) run only when that word is used, as in bash;
// interp expands the word whatever the value of a. And ${1=x}, ${*=x}:
// a positional or special parameter cannot be assigned, an error that
// abandons the line. Both become expansion hooks (expansion_hook.go)
// holding the expansion.

// paramHook expands a parameter expansion when its conditions hold.
type paramHook struct {
	pe *syntax.ParamExp
	// lazy lists the expansions pe is in the word of, outermost first.
	lazy []*syntax.ParamExp
	// badAssign is set for ${1=x} and the like.
	badAssign bool
	// check is set for ${x?} and ${x:?}: the hook reports their error.
	check bool
}

// sideEffect reports whether pe can fail or assign.
func sideEffect(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return true
	}
	return false
}

// rewriteParamHooks replaces, among parts, the expansions that need a
// paramHook, and returns the parts. ${x?msg} and ${x:?msg} are checked
// by a hook placed before the plain ${x}: interp would print its error
// without the shell's name, with no message for ${x:?}, and would expand
// msg even when x is set.
func (s *Engine) rewriteParamHooks(parts []syntax.WordPart, lw *rewrite.LiteralWords) []syntax.WordPart {
	var out []syntax.WordPart
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		// (A name in an arithmetic expression, a[i] with no $, is read by
		// the evaluator.)
		dollar := ok && pe.Dollar.IsValid()
		if dollar && pe.Param != nil && pe.Param.Value == "PIPESTATUS" {
			if out == nil {
				out = append(make([]syntax.WordPart, 0, len(parts)+1), parts[:i]...)
			}
			out = append(out, s.hookSubst(pe.Pos(), pipestatusHook{}), p)
			continue
		}
		if dollar && unsetElementCheck(pe) {
			if out == nil {
				out = append(make([]syntax.WordPart, 0, len(parts)+1), parts[:i]...)
			}
			out = append(out, s.hookSubst(pe.Pos(), elementHook{pe: pe}))
			if pe.Exp == nil {
				out = append(out, p)
				continue
			}
			// ${a[1]#x} and the like: on to the cases below.
		}
		if dollar && countOfElements(pe) {
			parts[i] = s.hookSubst(pe.Pos(), countHook{pe: pe})
			p = parts[i]
			ok = false
		}
		if !ok || pe.Exp == nil || pe.Param == nil || !sideEffect(pe.Exp.Op) {
			if out != nil {
				out = append(out, p)
			}
			continue
		}
		h := &paramHook{pe: pe}
		if lazy, ok := s.lazyWords.LoadAndDelete(pe); ok {
			h.lazy, _ = lazy.([]*syntax.ParamExp)
		}
		switch pe.Exp.Op {
		case syntax.AssignUnset, syntax.AssignUnsetOrNull:
			h.badAssign = !syntax.ValidName(pe.Param.Value)
		case syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
			h.check = checkableParam(pe)
		}
		if (len(h.lazy) > 0 || h.badAssign || h.check) && pe.Exp.Word != nil {
			// The walk that called us does not go into a hook: the word's
			// escapes (see rewrite.LiteralWords) and expansions are
			// rewritten here.
			lw.UnescapeParamWord(pe)
			s.rewrite(pe.Exp.Word)
		}
		var repl []syntax.WordPart
		switch {
		case len(h.lazy) > 0 || h.badAssign:
			repl = []syntax.WordPart{s.hookSubst(pe.Pos(), h)}
		case h.check:
			plain := &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: pe.Param, Index: pe.Index}
			repl = []syntax.WordPart{s.hookSubst(pe.Pos(), h), plain}
		default:
			if out != nil {
				out = append(out, p)
			}
			continue
		}
		if out == nil {
			out = append(make([]syntax.WordPart, 0, len(parts)+1), parts[:i]...)
		}
		out = append(out, repl...)
	}
	if out == nil {
		return parts
	}
	return out
}

// checkableParam reports whether the error expansion pe (${x?}, ${x:?})
// can be split into a check and a plain expansion of the same parameter:
// not a list ("${@?}" is nosh's, see package shell/internal/fields), not an indirection
// or a length.
func checkableParam(pe *syntax.ParamExp) bool {
	if pe.Excl || pe.Length || pe.Width || pe.IsSet || pe.Slice != nil || pe.Repl != nil {
		return false
	}
	if _, _, list := fields.ListName(pe); list {
		return false
	}
	return true
}

// UnsetParamError is the error of ${x?word} or ${x:?word} whose word is
// used, worded as bash does: the word, or when there is none, what was
// wrong with x. It ends a non-interactive shell.
func (s *Engine) UnsetParamError(cfg *expand.Config, pe *syntax.ParamExp) error {
	msg := "parameter null or not set"
	if pe.Exp.Op == syntax.ErrorUnset {
		msg = "parameter not set"
	}
	if pe.Exp.Word != nil {
		m, err := expand.Literal(cfg, pe.Exp.Word)
		if err != nil {
			return err
		}
		msg = m
	}
	return &Abort{Msg: s.name() + ": " + paramName(pe) + ": " + msg, Exit: true, Unset: true}
}

// paramName is how bash names pe's parameter in an error: x, 1, a[1].
func paramName(pe *syntax.ParamExp) string {
	name := pe.Param.Value
	if pe.Index != nil {
		var b strings.Builder
		syntax.NewPrinter().Print(&b, pe.Index)
		name += "[" + b.String() + "]"
	}
	return name
}

func (h *paramHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	for _, pe := range h.lazy {
		if !WordUsed(r, pe) {
			return "", nil
		}
	}
	if h.badAssign && WordUsed(r, h.pe) {
		return "", s.NewAbort("$" + h.pe.Param.Value + ": cannot assign in this way")
	}
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	if h.check && WordUsed(r, h.pe) {
		return "", s.UnsetParamError(cfg, h.pe)
	}
	if h.check && len(h.lazy) == 0 {
		return "", nil // the plain expansion that follows gives the value
	}
	return expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{h.pe}})
}

// rewritePatternTilde expands a leading ~ in the pattern of ${x#~}, ${x%~}
// and the like, as bash does (a quoted "~" stays).
func rewritePatternTilde(pe *syntax.ParamExp) {
	if pe.Exp == nil || pe.Exp.Word == nil || len(pe.Exp.Word.Parts) == 0 {
		return
	}
	switch pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
	default:
		return
	}
	lit, ok := pe.Exp.Word.Parts[0].(*syntax.Lit)
	if !ok || !strings.HasPrefix(lit.Value, "~") {
		return
	}
	rest := lit.Value[1:]
	if rest != "" && rest[0] != '/' {
		return // ~user is left to the expander
	}
	if rest == "" && len(pe.Exp.Word.Parts) > 1 {
		return
	}
	home := &syntax.ParamExp{Dollar: lit.ValuePos, Param: &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValuePos, Value: "HOME"}}
	quoted := &syntax.DblQuoted{Left: lit.ValuePos, Right: lit.ValuePos, Parts: []syntax.WordPart{home}}
	parts := []syntax.WordPart{quoted}
	if rest != "" {
		parts = append(parts, &syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: rest})
	}
	pe.Exp.Word.Parts = append(parts, pe.Exp.Word.Parts[1:]...)
}

// countOfElements reports whether pe is ${#a[@]} or ${#a[*]}, the number
// of elements of an array, which interp gets wrong for an associative
// array.
func countOfElements(pe *syntax.ParamExp) bool {
	if !pe.Length || pe.Param == nil || pe.Excl || pe.Slice != nil || pe.Repl != nil || pe.Exp != nil {
		return false
	}
	w, ok := pe.Index.(*syntax.Word)
	if !ok {
		return false
	}
	switch w.Lit() {
	case "@", "*":
		return pe.Param.Value != "@" && pe.Param.Value != "*"
	}
	return false
}

// countHook is ${#a[@]}: an associative array's count is its number of
// keys; any other variable's is interp's.
type countHook struct{ pe *syntax.ParamExp }

func (h countHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	if vr := interpunsafe.LookupVar(r, h.pe.Param.Value); vr.Kind == expand.Associative {
		return strconv.Itoa(len(vr.Map)), nil
	}
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	return expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{h.pe}})
}

// unsetElementCheck reports whether pe reads one element of an array
// (${a[1]}, ${m[key]}), which under set -u is an error when the element
// is unset, as in bash; interp only looks at the array. The check
// evaluates the subscript once more, so a subscript with side effects
// (${a[i++]}, ${m[$(cmd)]}) is left to interp.
func unsetElementCheck(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Index == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet {
		return false
	}
	if _, _, list := fields.ListName(pe); list {
		return false
	}
	if pe.Exp != nil {
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
			syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
			return false
		}
	}
	pure := true
	syntax.Walk(pe.Index, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			pure = false
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				pure = false
			}
		case *syntax.BinaryArithm:
			switch n.Op {
			case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
				syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
				pure = false
			}
		}
		return pure
	})
	return pure
}

// elementHook fails the expansion of an unset array element under set -u.
type elementHook struct{ pe *syntax.ParamExp }

func (h elementHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	if on := interpunsafe.Option(r, "nounset"); on == nil || !*on {
		return "", nil
	}
	probe := &syntax.ParamExp{Param: h.pe.Param, Index: h.pe.Index, Exp: &syntax.Expansion{
		Op: syntax.AlternateUnset, Word: LitWord(syntax.Pos{}, "1"),
	}}
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	if v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{probe}}); err != nil || v != "" {
		return "", nil // set, or an error interp reports itself
	}
	return "", &Abort{Msg: s.name() + ": " + paramName(h.pe) + ": unbound variable", Exit: true, Unset: true}
}
