package shell

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
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
// paramHook.
func (s *Shell) rewriteParamHooks(parts []syntax.WordPart) {
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Exp == nil || pe.Param == nil || !sideEffect(pe.Exp.Op) {
			continue
		}
		h := &paramHook{pe: pe}
		if lazy, ok := s.lazyWords.LoadAndDelete(pe); ok {
			h.lazy, _ = lazy.([]*syntax.ParamExp)
		}
		switch pe.Exp.Op {
		case syntax.AssignUnset, syntax.AssignUnsetOrNull:
			h.badAssign = !syntax.ValidName(pe.Param.Value)
		}
		if len(h.lazy) == 0 && !h.badAssign {
			continue
		}
		parts[i] = s.hookSubst(pe.Pos(), h)
	}
}

func (h *paramHook) hookValue(s *Shell, r *interp.Runner) (string, error) {
	for _, pe := range h.lazy {
		if !wordUsed(r, pe) {
			return "", nil
		}
	}
	if h.badAssign && wordUsed(r, h.pe) {
		return "", s.newAbort("$" + h.pe.Param.Value + ": cannot assign in this way")
	}
	return expand.Literal(freshExpandConfig(interpunsafe.ExpandConfig(r)), &syntax.Word{Parts: []syntax.WordPart{h.pe}})
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
