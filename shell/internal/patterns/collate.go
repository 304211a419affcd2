package patterns

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// Collating symbols ([.a.]) and equivalence classes ([=a=]) in a bracket
// expression of a pattern name one character in nosh's locales (C and
// UTF-8 collate by code point, each character its own class), as in
// bash: [[.a.]] and [[=a=]] are [a]. interp's pattern matcher knows only
// character classes ([:alpha:]), so the rewrite spells them out.

// RewriteCollating rewrites the collating symbols and equivalence classes
// in the literal parts of a pattern word.
func RewriteCollating(w *syntax.Word) {
	if w == nil {
		return
	}
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && strings.Contains(lit.Value, "[") {
			lit.Value = spellCollating(lit.Value)
		}
	}
}

// spellCollating returns pat with [.c.] and [=c=] inside its bracket
// expressions replaced by c, where c is one character that means itself
// there.
func spellCollating(pat string) string {
	if !strings.Contains(pat, "[.") && !strings.Contains(pat, "[=") {
		return pat
	}
	var b strings.Builder
	inBracket := false
	for i := 0; i < len(pat); i++ {
		c := pat[i]
		switch {
		case c == '\\' && i+1 < len(pat):
			b.WriteString(pat[i : i+2])
			i++
			continue
		case !inBracket && c == '[':
			inBracket = true
			b.WriteByte(c)
			// A ] first, or after the negation, is a member.
			if i+1 < len(pat) && (pat[i+1] == '!' || pat[i+1] == '^') {
				i++
				b.WriteByte(pat[i])
			}
			if i+1 < len(pat) && pat[i+1] == ']' {
				i++
				b.WriteByte(']')
			}
			continue
		case inBracket && c == ']':
			inBracket = false
		case inBracket && c == '[' && i+1 < len(pat) && (pat[i+1] == '.' || pat[i+1] == '=' || pat[i+1] == ':'):
			kind := pat[i+1]
			end := strings.Index(pat[i+2:], string(kind)+"]")
			if end < 0 {
				break
			}
			inner := pat[i+2 : i+2+end]
			if kind != ':' && utf8.RuneCountInString(inner) == 1 && !strings.ContainsAny(inner, `]\-^![`) {
				b.WriteString(inner)
			} else {
				b.WriteString(pat[i : i+2+end+2])
			}
			i += 2 + end + 1
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}
