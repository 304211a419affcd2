package analysis

import (
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// WordKind says how much is known about a word before the command runs.
type WordKind uint8

const (
	// Static words have a value known now, after quote removal:
	// r""m, \rm and "rm" are all rm.
	Static WordKind = iota
	// Field words are computed but always become exactly one argument:
	// "$f", ~/x, $((n+1)).
	Field
	// Fields words are computed and become any number of arguments:
	// $f, $(cmd), *.go, {a,b}.
	Fields
)

// Word is one word of a unit's argv.
type Word struct {
	// Value is the argument after quote removal for a Static word and the
	// word as written for a computed one.
	Value string
	// Kind says whether Value is final.
	Kind WordKind

	download bool         // a download runs in this word's substitutions
	braced   bool         // static parts with a '{', which expanded tries to expand
	Node     *syntax.Word // the parsed word, for previews; nil at run time
}

// IsStatic reports whether the word's value is known before the command runs.
func (w Word) IsStatic() bool { return w.Kind == Static }

// String is the word as shell text: static words quoted where needed,
// computed words as written.
func (w Word) String() string {
	if w.Kind != Static {
		return w.Value
	}
	return QuoteWord(w.Value)
}

// QuoteWord quotes s for the shell where needed: plain words stay as
// they are.
func QuoteWord(s string) string {
	if s == "" {
		return "''"
	}
	if plainWord(s) {
		return s
	}
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return strings.ReplaceAll(s, "\x00", `\0`)
	}
	return q
}

// plainWord reports whether s reads as itself when written unquoted.
func plainWord(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' {
			continue
		}
		switch c {
		case '-', '_', '.', '/', ':', '=', '@', '%', '+', ',':
			continue
		}
		return false
	}
	return true
}

// StaticWord returns the value a word has after quote removal, the way
// expand.Fields computes it, and whether that value is final: no
// expansion, no unquoted glob character, no brace expansion and no
// leading tilde.
func StaticWord(w *syntax.Word) (string, bool) {
	// The common one-part words need no copying.
	if len(w.Parts) == 1 {
		switch p := w.Parts[0].(type) {
		case *syntax.Lit:
			if plainLit(p.Value) {
				return p.Value, true
			}
			if !unquoteLit(nil, p.Value) {
				return "", false // a glob: nothing to build
			}
		case *syntax.SglQuoted:
			return sglValue(p), true
		case *syntax.DblQuoted:
			if len(p.Parts) == 1 {
				if l, ok := p.Parts[0].(*syntax.Lit); ok {
					return dblUnquote(l.Value), true
				}
			}
		}
	}
	var sb strings.Builder
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(p.Value, "~") {
				return "", false
			}
			if !unquoteLit(&sb, p.Value) {
				return "", false
			}
		case *syntax.SglQuoted:
			sb.WriteString(sglValue(p))
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				sb.WriteString(dblUnquote(l.Value))
			}
		default:
			return "", false
		}
	}
	if HasBraces(w) {
		return "", false
	}
	return sb.String(), true
}

// plainLit reports whether an unquoted literal needs no processing at all.
func plainLit(s string) bool {
	if s == "" || s[0] == '~' {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\', '*', '?', '[', '{':
			return false
		}
	}
	return true
}

// unquoteLit writes an unquoted literal after backslash removal, and
// reports false if it holds an unescaped glob character. A nil sb only
// checks for glob characters.
func unquoteLit(sb *strings.Builder, s string) bool {
	open := false // an unescaped '[' was seen
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\\':
			if i+1 < len(s) {
				i++
				c = s[i]
			}
		case '*', '?':
			return false
		case '[':
			open = true
		case ']':
			if open {
				return false
			}
		}
		if sb != nil {
			sb.WriteByte(c)
		}
	}
	return true
}

func sglValue(p *syntax.SglQuoted) string {
	if !p.Dollar {
		return p.Value
	}
	v, _, _ := expand.Format(&expand.Config{}, p.Value, nil)
	v, _, _ = strings.Cut(v, "\x00")
	return v
}

// dblUnquote removes the backslashes that escape a character inside
// double quotes, as expand does.
func dblUnquote(s string) string {
	if strings.IndexByte(s, '\\') >= 0 {
		var sb strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c == '\\' && i+1 < len(s) {
				switch s[i+1] {
				case '"', '\\', '$', '`':
					i++
					c = s[i]
				}
			}
			sb.WriteByte(c)
		}
		s = sb.String()
	}
	s, _, _ = strings.Cut(s, "\x00")
	return s
}

// HasBraces reports whether the word holds a brace expansion: a list
// with a comma or a sequence. SplitBraces also reports {} and {x}, which
// the shell leaves as they are (xargs -I{}, find -exec … {} +).
func HasBraces(w *syntax.Word) bool {
	if !mayHaveBraces(w) {
		return false
	}
	cp := *w
	return syntax.SplitBraces(&cp) && expandsBraces(&cp)
}

// expandsBraces reports whether a word split by SplitBraces holds a
// brace expression that yields more than its own text.
func expandsBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if b, ok := p.(*syntax.BraceExp); ok {
			if b.Sequence || len(b.Elems) > 1 {
				return true
			}
			for _, e := range b.Elems {
				if expandsBraces(e) {
					return true
				}
			}
		}
	}
	return false
}

// mayHaveBraces reports whether an unquoted literal of the word holds a
// '{', without the copy SplitBraces needs.
func mayHaveBraces(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && strings.IndexByte(l.Value, '{') >= 0 {
			return true
		}
	}
	return false
}

// maxBraces bounds the static brace expansions analysed word by word.
const maxBraces = 64

// braceValues returns the static words a brace expansion yields, or nil
// if it yields anything computed or too many words.
func braceValues(w *syntax.Word) []string {
	cp := *w
	if !syntax.SplitBraces(&cp) {
		return nil
	}
	var out []string
	for bw, err := range expand.BracesSeq(nil, &cp) {
		if err != nil || len(out) == maxBraces {
			return nil
		}
		v, ok := StaticWord(bw)
		if !ok {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// singleField reports whether a computed word always becomes exactly one
// argument: every expansion is quoted (and not "$@") and there is no glob
// or brace expansion.
func singleField(w *syntax.Word) bool {
	for i, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(p.Value, "~") {
				continue
			}
			if !unquoteLit(nil, p.Value) {
				return false
			}
		case *syntax.SglQuoted, *syntax.ArithmExp, *syntax.ProcSubst:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if pe, ok := q.(*syntax.ParamExp); ok && multiParam(pe) {
					return false
				}
			}
		default:
			return false
		}
	}
	return !HasBraces(w)
}

// multiParam reports whether a quoted parameter expansion can still
// become several fields, like "$@" and "${a[@]}".
func multiParam(pe *syntax.ParamExp) bool {
	if pe.Param != nil && (pe.Param.Value == "@" || pe.Param.Value == "*") {
		return true
	}
	if pe.Names != 0 {
		return true
	}
	if w, ok := pe.Index.(*syntax.Word); ok {
		if l := w.Lit(); l == "@" || l == "*" {
			return true
		}
	}
	return false
}

// StaticWords builds run-time words: every argument is final.
func StaticWords(argv []string) []Word {
	ws := make([]Word, len(argv))
	for i, a := range argv {
		ws[i] = Word{Value: a}
	}
	return ws
}

// expanded returns the words with static brace expansions spliced in, as
// the shell will see them; ws itself when there are none.
func expanded(ws []Word) []Word {
	var braces [][]string // per word; allocated only if a word expands
	n := 0
	for i, w := range ws {
		if !w.braced {
			continue
		}
		b := braceValues(w.Node)
		if b == nil {
			continue
		}
		if braces == nil {
			braces = make([][]string, len(ws))
		}
		braces[i] = b
		n += len(b) - 1
	}
	if n == 0 {
		return ws
	}
	out := make([]Word, 0, len(ws)+n)
	for i, w := range ws {
		if braces[i] == nil {
			out = append(out, w)
			continue
		}
		for _, b := range braces[i] {
			out = append(out, Word{Value: b, download: w.download})
		}
	}
	return out
}

// HasGlob reports whether an unquoted literal of the word holds a glob
// character.
func HasGlob(w *syntax.Word) bool {
	for _, p := range w.Parts {
		if l, ok := p.(*syntax.Lit); ok && !unquoteLit(nil, l.Value) {
			return true
		}
		if _, ok := p.(*syntax.ExtGlob); ok {
			return true
		}
	}
	return false
}
