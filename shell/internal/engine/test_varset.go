package engine

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/varlist"
)

// [[ -v name[subscript] ]]: interp looks the whole word up as a
// variable's name, so an array element was never set. The test becomes
// [[ -n HOOK ]], the hook giving "1" when the element is set, as bash
// decides (varlist.IsSet). A plain literal name stays interp's.

// varSetHook expands w and reports whether the variable it names is set.
type varSetHook struct{ w *syntax.Word }

func (s *Engine) hookVarSetTest(ut *syntax.UnaryTest) {
	w, ok := ut.X.(*syntax.Word)
	if ut.Op != syntax.TsVarSet || !ok {
		return
	}
	if lit := w.Lit(); lit != "" && !strings.Contains(lit, "[") {
		return
	}
	s.rewrite(w)
	ut.Op = syntax.TsNempStr
	ut.X = s.hookWord(w.Pos(), varSetHook{w: w})
}

func (h varSetHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	name, err := expand.Literal(cfg, h.w)
	if err != nil {
		return "", err
	}
	if varlist.IsSet(cfg, name) {
		return "1", nil
	}
	return "", nil
}
