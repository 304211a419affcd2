package engine

import (
	"fmt"
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
	ok, err := s.extMatch(cfg, h.pat, x)
	if !ok || err != nil {
		return "", err
	}
	return "1", nil
}

// extMatch reports whether x matches the pattern word pat, with nosh's
// matcher: the pattern's quoted parts are escaped for patterns.Compile
// (expand.Pattern escapes only *, ? and [).
func (s *Engine) extMatch(cfg *expand.Config, pat *syntax.Word, x string) (bool, error) {
	var b strings.Builder
	for _, p := range pat.Parts {
		v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{p}})
		if err != nil {
			return false, err
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
	var mode patterns.MatchMode
	if s.host.ShoptOn("nocasematch") {
		mode |= patterns.NoCase
	}
	return patterns.Compile(b.String(), mode).Match(x), nil
}

// A case whose patterns have !( ) written in them: the case word becomes
// a hook that keeps its value (in a private variable of the clause), and
// each such pattern a hook that matches that value with nosh's matcher
// and gives interp a pattern matching only the value (or one longer,
// which cannot match).

type caseWordHook struct {
	w   *syntax.Word
	key string
}

type casePatternHook struct {
	pat *syntax.Word
	key string
}

// hookExtglobCase rewrites cc when one of its patterns has !( ).
func (s *Engine) hookExtglobCase(cc *syntax.CaseClause) {
	need := false
	for _, ci := range cc.Items {
		for _, w := range ci.Patterns {
			need = need || hasNegatedGroup(w)
		}
	}
	if !need || cc.Word == nil {
		return
	}
	key := fmt.Sprintf("\x01caseword:%p", cc)
	s.rewrite(cc.Word)
	cc.Word = s.hookWord(cc.Word.Pos(), caseWordHook{w: cc.Word, key: key})
	for _, ci := range cc.Items {
		for i, w := range ci.Patterns {
			if hasNegatedGroup(w) {
				s.rewrite(w)
				ci.Patterns[i] = s.hookWord(w.Pos(), casePatternHook{pat: w, key: key})
			}
		}
	}
}

func (h caseWordHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	v, err := expand.Literal(fields.FreshConfig(interpunsafe.ExpandConfig(r)), h.w)
	if err != nil {
		return "", err
	}
	interpunsafe.SetVar(r, h.key, expand.Variable{Set: true, Kind: expand.String, Str: v})
	return v, nil
}

func (h casePatternHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	word := interpunsafe.LookupVar(r, h.key).String()
	ok, err := s.extMatch(fields.FreshConfig(interpunsafe.ExpandConfig(r)), h.pat, word)
	if err != nil {
		return "", err
	}
	if ok {
		return patterns.Quote(word), nil
	}
	return patterns.Quote(word) + "x", nil
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
