package engine

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/patterns"
)

// shopt nocasematch, and the quoted parts of a regular expression.
//
// interp matches case patterns and the patterns of [[ == ]] and [[ != ]]
// case-sensitively, and reads the right side of [[ =~ ]] without its
// quotes (bash matches a quoted part literally: [[ $x =~ "a.b" ]] wants
// a dot). The rewrite hands such words to a hook that expands them as
// interp would and then, when nocasematch is on, spells every letter of
// the pattern as both its cases ([aA]), and prefixes a regular expression
// with (?i).
//
// Patterns are hooked only once the shell has read code that names
// nocasematch (nocaseGate: a hook costs a little on every match); a
// regular expression with quoted parts always is.

// matchHook expands a pattern word (or, with regex, the right side of
// =~) as interp would, folding case under nocasematch.
type matchHook struct {
	w     *syntax.Word
	regex bool
}

// hookMatchWord returns the word to match in place of w: w itself, or a
// hook over it.
func (s *Engine) hookMatchWord(w *syntax.Word, regex bool) *syntax.Word {
	if w == nil || !s.gateOpen(nocaseGate) && !(regex && hasQuotedPart(w)) {
		return w
	}
	return s.hookWord(w.Pos(), matchHook{w: w, regex: regex})
}

// hookCasePatterns hooks the patterns of a case item.
func (s *Engine) hookCasePatterns(ci *syntax.CaseItem) {
	if !s.gateOpen(nocaseGate) {
		return
	}
	for i, w := range ci.Patterns {
		s.rewrite(w)
		ci.Patterns[i] = s.hookMatchWord(w, false)
	}
}

// hookTestPattern hooks the right side of [[ x == p ]], != and =~.
func (s *Engine) hookTestPattern(bt *syntax.BinaryTest) {
	w, ok := bt.Y.(*syntax.Word)
	if !ok {
		return
	}
	switch bt.Op {
	case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
		if s.gateOpen(nocaseGate) {
			s.rewrite(w)
			bt.Y = s.hookMatchWord(w, false)
		}
	case syntax.TsReMatch:
		if s.gateOpen(nocaseGate) || hasQuotedPart(w) {
			s.rewrite(w)
			bt.Y = s.hookMatchWord(w, true)
		}
	}
}

func hasQuotedPart(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		case *syntax.Lit:
			if strings.Contains(p.Value, `\`) {
				return true
			}
		}
	}
	return false
}

func (h matchHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	fold := s.gateOpen(nocaseGate) && s.host.ShoptOn("nocasematch")
	if h.regex {
		re, err := patterns.RegexWord(cfg, h.w)
		if err != nil || !fold {
			return re, err
		}
		return "(?i)" + re, nil
	}
	pat, err := expand.Pattern(cfg, h.w)
	if err != nil || !fold {
		return pat, err
	}
	return patterns.FoldCase(pat), nil
}
