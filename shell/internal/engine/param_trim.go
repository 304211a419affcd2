package engine

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
)

// ${name#word}, ${name##word}, ${name%word} and ${name%%word} with a
// plain literal word. interp compiles a regular expression for every such
// expansion (expand.removePattern), which made two of them most of the
// time of a loop of string operations. The rewrite turns one of a plain
// variable into a hook that trims the literal itself, leaving the result
// in a private variable that the next part of the word reads: the hook's
// own text would lose its trailing newlines, as any command
// substitution's does.
//
//	${s#abc}  →  $(<hook N)${\x00trim}
//
// One variable serves every such expansion: the hook sets it and the part
// right after it reads it, in the same runner, with nothing in between.

const trimVar = "\x00trim"

// trimHook computes one rewritten expansion into trimVar.
type trimHook struct{ pe *syntax.ParamExp }

func (h trimHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	val, ok := h.trim(r)
	if !ok && !interpunsafe.LookupVar(r, h.pe.Param.Value).IsSet() {
		if on := interpunsafe.Option(r, "nounset"); on != nil && *on {
			return "", &Abort{Msg: s.name() + ": " + h.pe.Param.Value + ": unbound variable", Exit: true, Unset: true}
		}
		val, ok = "", true
	}
	if !ok {
		// An array, a reference: as interp expands it.
		cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
		var err error
		if val, err = expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{h.pe}}); err != nil {
			return "", err
		}
	}
	// Straight into the variable store: interp's own assignment would
	// export it under set -a, and no program may get a name with a NUL.
	if err := (*interpunsafe.WriteEnv(r)).Set(trimVar, expand.Variable{Set: true, Kind: expand.String, Str: val}); err != nil {
		return "", err
	}
	return "", nil
}

// trim removes the literal from a string variable's value; ok is false
// for any other variable.
func (h trimHook) trim(r *interp.Runner) (val string, ok bool) {
	v := interpunsafe.LookupVar(r, h.pe.Param.Value)
	if !v.IsSet() || v.Kind != expand.String {
		return "", false
	}
	// With no pattern character in it, the shortest and the longest
	// match of the literal are the literal.
	lit := h.pe.Exp.Word.Lit()
	switch h.pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix:
		return strings.TrimPrefix(v.Str, lit), true
	default:
		return strings.TrimSuffix(v.Str, lit), true
	}
}

// rewriteTrims replaces, in the parts of a word or of double quotes, each
// expansion that trimHook computes by the hook and a read of trimVar.
func (s *Engine) rewriteTrims(parts []syntax.WordPart) []syntax.WordPart {
	var out []syntax.WordPart
	for i, p := range parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || !literalTrim(pe) {
			if out != nil {
				out = append(out, p)
			}
			continue
		}
		if out == nil {
			out = append(make([]syntax.WordPart, 0, len(parts)+1), parts[:i]...)
		}
		pos := pe.Pos()
		read := &syntax.ParamExp{Dollar: pe.Dollar, Rbrace: pe.Rbrace, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: trimVar}}
		out = append(out, s.hookSubst(pos, trimHook{pe: pe}), read)
	}
	if out == nil {
		return parts
	}
	return out
}

// literalTrim reports whether pe is ${name#word} or one of its kin, of a
// variable by name, with a word that is ASCII text and no pattern.
func literalTrim(pe *syntax.ParamExp) bool {
	if !pe.Dollar.IsValid() || pe.Short || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet ||
		pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Exp == nil || pe.Exp.Word == nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
	default:
		return false
	}
	if !syntax.ValidName(pe.Param.Value) || fields.NoshParam(pe) {
		return false
	}
	w := pe.Exp.Word
	if len(w.Parts) != 1 {
		return false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" {
		return false
	}
	for i := 0; i < len(lit.Value); i++ {
		c := lit.Value[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case strings.IndexByte("-_./:,=%#^ ", c) >= 0:
		default:
			return false
		}
	}
	return true
}
