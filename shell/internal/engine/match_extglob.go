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

// [[ x == pat ]] and != with !( ) in the pattern: interp's matcher
// translates patterns to regular expressions, which can say !( ) only
// between fixed text ([[ abc == a!(x)* ]] was an error). Such a test
// becomes [[ HOOK == 1 ]] (or !=), the hook matching with nosh's own
// matcher (patterns.Compile), as bash matches: the extended operators
// always on, case folded under nocasematch.

type extMatchHook struct{ x, pat *syntax.Word }

// hookExtglobTest rewrites bt when its pattern has !( ).
func (s *Engine) hookExtglobTest(bt *syntax.BinaryTest) bool {
	switch bt.Op {
	case syntax.TsMatch, syntax.TsMatchShort, syntax.TsNoMatch:
	default:
		return false
	}
	x, ok1 := bt.X.(*syntax.Word)
	y, ok2 := bt.Y.(*syntax.Word)
	if !ok1 || !ok2 || !hasNegatedGroup(y) {
		return false
	}
	s.rewrite(x)
	s.rewrite(y)
	pos := y.Pos()
	bt.X = s.hookWord(pos, extMatchHook{x: x, pat: y})
	bt.Y = LitWord(pos, "1")
	return true
}

// hasNegatedGroup reports whether a pattern word has an unquoted !( ).
func hasNegatedGroup(w *syntax.Word) bool {
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ExtGlob:
			if p.Op == syntax.GlobExcept {
				return true
			}
		case *syntax.Lit:
			if strings.Contains(p.Value, "!(") {
				return true
			}
		case *syntax.SglQuoted:
			if strings.Contains(p.Value, "!(") {
				return true // interp's matcher reads a quoted !( ) too
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if l, ok := q.(*syntax.Lit); ok && strings.Contains(l.Value, "!(") {
					return true
				}
			}
		}
	}
	return false
}

func (h extMatchHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	x, err := expand.Literal(cfg, h.x)
	if err != nil {
		return "", err
	}
	// The pattern with its quoted parts escaped for patterns.Compile
	// (expand.Pattern escapes only *, ? and [).
	var b strings.Builder
	for _, p := range h.pat.Parts {
		v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{p}})
		if err != nil {
			return "", err
		}
		switch p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			v = patterns.Quote(v)
		case *syntax.Lit, *syntax.ExtGlob:
			// as written: backslashes escape, as in the pattern
			v = syntaxText(p)
		}
		b.WriteString(v)
	}
	pat := b.String()
	var mode patterns.MatchMode
	if s.host.ShoptOn("nocasematch") {
		mode |= patterns.NoCase
	}
	if patterns.Compile(pat, mode).Match(x) {
		return "1", nil
	}
	return "", nil
}

// syntaxText is a literal part as written.
func syntaxText(p syntax.WordPart) string {
	switch p := p.(type) {
	case *syntax.Lit:
		return p.Value
	case *syntax.ExtGlob:
		return p.Op.String() + p.Pattern.Value + ")"
	}
	return ""
}
