package engine

import (
	"regexp"
	"strings"
	"unicode"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
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
		re, err := regexWord(cfg, h.w)
		if err != nil || !fold {
			return re, err
		}
		return "(?i)" + re, nil
	}
	pat, err := expand.Pattern(cfg, h.w)
	if err != nil || !fold {
		return pat, err
	}
	return foldPattern(pat), nil
}

// regexWord expands the right side of =~: its quoted parts (and escaped
// characters) match literally.
func regexWord(cfg *expand.Config, w *syntax.Word) (string, error) {
	var b strings.Builder
	for _, p := range w.Parts {
		text, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{p}})
		if err != nil {
			return "", err
		}
		switch p := p.(type) {
		case *syntax.SglQuoted, *syntax.DblQuoted:
			text = regexp.QuoteMeta(text)
		case *syntax.Lit:
			text = quoteRegexEscapes(p.Value)
		}
		b.WriteString(text)
	}
	return b.String(), nil
}

// quoteRegexEscapes keeps a literal's regular expression, with each
// character escaped by a backslash meaning itself.
func quoteRegexEscapes(lit string) string {
	if !strings.Contains(lit, `\`) {
		return lit
	}
	var b strings.Builder
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\\' && i+1 < len(lit) {
			i++
			b.WriteString(regexp.QuoteMeta(lit[i : i+1]))
			continue
		}
		b.WriteByte(lit[i])
	}
	return b.String()
}

// foldPattern returns pat (a shell pattern, with extended operators)
// matching without regard to case: each letter becomes a bracket of its
// cases, and each bracket expression gains the other cases of its
// letters and ranges. Character classes ([:upper:]) stay as they are,
// as in bash.
func foldPattern(pat string) string {
	var b strings.Builder
	rs := []rune(pat)
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		switch {
		case c == '\\' && i+1 < len(rs):
			i++
			if others := caseVariants(rs[i]); others != "" {
				b.WriteString("[" + string(rs[i]) + others + "]")
			} else {
				b.WriteRune('\\')
				b.WriteRune(rs[i])
			}
		case c == '[':
			if end := bracketEnd(rs, i); end > 0 {
				b.WriteString(foldBracket(rs[i : end+1]))
				i = end
			} else {
				b.WriteRune(c)
			}
		default:
			if others := caseVariants(c); others != "" {
				b.WriteString("[" + string(c) + others + "]")
			} else {
				b.WriteRune(c)
			}
		}
	}
	return b.String()
}

// caseVariants returns the other cases of letter c ("" if it has none).
func caseVariants(c rune) string {
	var o []rune
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		o = append(o, f)
	}
	return string(o)
}

// bracketEnd returns the index of the ] closing the bracket expression
// that starts at rs[start], or -1.
func bracketEnd(rs []rune, start int) int {
	i := start + 1
	if i < len(rs) && (rs[i] == '!' || rs[i] == '^') {
		i++
	}
	if i < len(rs) && rs[i] == ']' {
		i++
	}
	for ; i < len(rs); i++ {
		switch {
		case rs[i] == '\\':
			i++
		case rs[i] == '[' && i+1 < len(rs) && (rs[i+1] == ':' || rs[i+1] == '.' || rs[i+1] == '='):
			close := string(rs[i+1]) + "]"
			j := strings.Index(string(rs[i+2:]), close)
			if j < 0 {
				return -1
			}
			i += 2 + len([]rune(string(rs[i+2:])[:j])) + 1
		case rs[i] == ']':
			return i
		}
	}
	return -1
}

// foldBracket adds to a bracket expression the other cases of the
// letters and letter ranges it lists.
func foldBracket(br []rune) string {
	inner := br[1 : len(br)-1]
	head := ""
	if len(inner) > 0 && (inner[0] == '!' || inner[0] == '^') {
		head, inner = string(inner[0]), inner[1:]
	}
	var extra strings.Builder
	for i := 0; i < len(inner); i++ {
		c := inner[i]
		switch {
		case c == '[' && i+1 < len(inner) && (inner[i+1] == ':' || inner[i+1] == '.' || inner[i+1] == '='):
			close := string(inner[i+1]) + "]"
			rest := string(inner[i+2:])
			if j := strings.Index(rest, close); j >= 0 {
				i += 2 + len([]rune(rest[:j])) + 1
			}
			continue
		case c == '\\' && i+1 < len(inner):
			i++
			c = inner[i]
		}
		if i+2 < len(inner) && inner[i+1] == '-' && inner[i+2] != ']' {
			lo, hi := c, inner[i+2]
			i += 2
			if unicode.IsLetter(lo) && unicode.IsLetter(hi) {
				if l, h := unicode.ToUpper(lo), unicode.ToUpper(hi); l != lo || h != hi {
					extra.WriteString(string(l) + "-" + string(h))
				} else if l, h := unicode.ToLower(lo), unicode.ToLower(hi); l != lo || h != hi {
					extra.WriteString(string(l) + "-" + string(h))
				}
			}
			continue
		}
		extra.WriteString(caseVariants(c))
	}
	return "[" + head + string(inner) + extra.String() + "]"
}
