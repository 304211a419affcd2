package engine

import (
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
)

// Abort implements fields.Shell (NewAbort).
func (s *Engine) Abort(msg string) error { return s.NewAbort(msg) }

// The parameter expansions nosh computes itself (package
// shell/internal/fields) outside the words it splits: the rewrite turns
// them into hooks.

// listHook is a nosh-computed parameter expansion outside a word nosh
// splits: its text, the values joined.
type listHook struct{ pe *syntax.ParamExp }

func (h listHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	res, err := fields.Param(s, r, cfg, h.pe, true)
	if err != nil {
		return "", err
	}
	if w := res.Word(); w != nil {
		return expand.Literal(cfg, w)
	}
	ifs := " \t\n"
	if v := interpunsafe.LookupVar(r, "IFS"); v.IsSet() {
		ifs = v.String()
	}
	return res.Joined(ifs), nil
}

// rewriteNoshParams turns the expansions nosh computes in w, a word
// that is not split into fields (an assignment's value, a redirection's
// target, a here-document, a case word, an operand of [[ ]]), into hooks.
// The words nosh splits compute them in place (fields.Expand).
func (s *Engine) rewriteNoshParams(w *syntax.Word) {
	if w == nil {
		return
	}
	s.hostRewriteFirst(w)
	hookParts := func(parts []syntax.WordPart) {
		for i, p := range parts {
			if pe, ok := p.(*syntax.ParamExp); ok && fields.NoshParam(pe) {
				parts[i] = s.hookSubst(pe.Pos(), listHook{pe: pe})
			}
		}
	}
	hookParts(w.Parts)
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			hookParts(dq.Parts)
		}
	}
}

// hostRewriteFirst makes the shell's own changes to w's parameter
// expansions before the walk reaches it (${!#} becomes a slice of $@,
// which nosh computes), so that what decides how w is expanded sees
// them; the walk makes them again, to no further effect.
func (s *Engine) hostRewriteFirst(w *syntax.Word) {
	s.host.RewriteNode(w)
	for _, p := range w.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok {
			s.host.RewriteNode(dq)
		}
	}
}

// expandFields expands words as the arguments of a simple command
// (fields.Expand).
func (s *Engine) expandFields(r *interp.Runner, words []*syntax.Word) ([]string, error) {
	braces, _ := s.host.SetOptionOn("braceexpand")
	return fields.Expand(s, r, words, braces)
}
