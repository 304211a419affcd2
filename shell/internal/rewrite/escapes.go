package rewrite

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// interp expands the words that make one string (assignment values,
// redirection targets, the case subject, the word of ${x:-word}, the
// operands of [[ ]]) with expand.Literal, which keeps the backslash of an
// unquoted \c; only expand.Fields removes it. The rewrite therefore
// quotes each escaped character of those words itself: unquoted, \c
// becomes 'c'; in the word of a ${x:-word} inside double quotes or a
// here-document, only \\ \$ \` \" and \} are escapes, and each becomes a
// double-quoted part. Patterns (case patterns, ${x#pat}, the right side
// of == and =~ in [[ ]]) are left alone: expand.Pattern reads their
// escapes. $(<file) is read by nosh itself (see rewriteCmdSubst).
//
// No Lit part is left holding a backslash that the mode reads as an
// escape, and a leading ~ in double quotes is no longer a Lit, so
// rewriting a word again (function bodies are rewritten each time they
// run) changes nothing.

// wordQuoting tells how the word of a parameter expansion is quoted.
type wordQuoting uint8

const (
	escUnquoted wordQuoting = iota
	escDquoted              // inside "…" or a here-document
	escLeave                // in the body of a here-document with a quoted delimiter: printed as written
)

// LiteralWords finds the single-field words of one rewrite walk. It
// remembers the quoting of the parameter expansions it has seen the
// parents of, since the walk visits a ParamExp without its context.
type LiteralWords struct {
	params map[*syntax.ParamExp]wordQuoting
}

// UnescapeParamWord unescapes the word of pe, which a walk does not reach
// when the engine hands pe to a hook, as Visit would have.
func (lw *LiteralWords) UnescapeParamWord(pe *syntax.ParamExp) {
	if pe.Exp == nil {
		return
	}
	if mode := lw.params[pe]; mode != escLeave {
		unescapeWord(pe.Exp.Word, mode)
	}
}

func (lw *LiteralWords) mark(parts []syntax.WordPart, mode wordQuoting) {
	for _, p := range parts {
		if pe, ok := p.(*syntax.ParamExp); ok {
			if lw.params == nil {
				lw.params = map[*syntax.ParamExp]wordQuoting{}
			}
			lw.params[pe] = mode
		}
	}
}

// Visit unescapes the single-field words of node n. The walk visits
// parents first, so the quoting of a ParamExp is known when it comes.
func (lw *LiteralWords) Visit(n syntax.Node) {
	switch n := n.(type) {
	case *syntax.Assign:
		if n.Name != nil {
			unescapeWord(n.Value, escUnquoted)
		}
	case *syntax.ArrayElem:
		unescapeWord(n.Value, escUnquoted)
	case *syntax.CaseClause:
		unescapeWord(n.Word, escUnquoted)
	case *syntax.Redirect:
		switch n.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			// The delimiter is not expanded. In the body the word of
			// ${x:-word} reads escapes as in double quotes, unless the
			// body is literal.
			if n.Hdoc != nil {
				mode := escDquoted
				if HdocQuotedDelim(n.Word) {
					mode = escLeave
				}
				lw.mark(n.Hdoc.Parts, mode)
			}
		default:
			unescapeWord(n.Word, escUnquoted)
		}
	case *syntax.DblQuoted:
		lw.mark(n.Parts, escDquoted)
	case *syntax.ParamExp:
		mode := lw.params[n]
		if mode == escLeave || !WholeListOp(n) || n.Exp.Word == nil {
			return
		}
		if mode != escUnquoted {
			// ${a-${b-word}} inside quotes: the inner word is quoted too.
			lw.mark(n.Exp.Word.Parts, mode)
		}
		unescapeWord(n.Exp.Word, mode)
	case *syntax.UnaryTest:
		if w, ok := n.X.(*syntax.Word); ok {
			unescapeWord(w, escUnquoted)
		}
	case *syntax.BinaryTest:
		if w, ok := n.X.(*syntax.Word); ok {
			unescapeWord(w, escUnquoted)
		}
		switch n.Op {
		case syntax.TsMatchShort, syntax.TsMatch, syntax.TsNoMatch, syntax.TsReMatch:
			// A pattern or a regular expression: its escapes stay.
		default:
			if w, ok := n.Y.(*syntax.Word); ok {
				unescapeWord(w, escUnquoted)
			}
		}
	}
}

// unescapeWord replaces each escape in the literal parts of w by a quoted
// character. In double quotes a leading ~ is quoted as well: interp
// would expand it, a shell does not.
func unescapeWord(w *syntax.Word, mode wordQuoting) {
	if w == nil {
		return
	}
	var parts []syntax.WordPart
	changed := false
	for i, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if ok && (strings.Contains(lit.Value, `\`) || mode == escDquoted && i == 0 && strings.HasPrefix(lit.Value, "~")) {
			parts = append(parts, splitEscapes(lit, mode, i == 0)...)
			changed = true
			continue
		}
		parts = append(parts, p)
	}
	if changed {
		w.Parts = parts
	}
}

// splitEscapes splits a literal at its escapes. A trailing lone backslash
// stays, as in expand.Fields.
func splitEscapes(lit *syntax.Lit, mode wordQuoting, first bool) []syntax.WordPart {
	pos := lit.ValuePos
	s := lit.Value
	var out []syntax.WordPart
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: cur.String()})
			cur.Reset()
		}
	}
	if mode == escDquoted && first && strings.HasPrefix(s, "~") {
		out = append(out, dquotedChar(pos, "~"))
		s = s[1:]
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' || i+1 == len(s) {
			cur.WriteByte(s[i])
			continue
		}
		next := s[i+1]
		if mode == escDquoted && strings.IndexByte("\\$`\"}\n", next) < 0 {
			cur.WriteByte(s[i])
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i+1:])
		flush()
		switch c := s[i+1 : i+1+size]; {
		case c == "\n":
			// A line continuation: gone.
		case mode == escDquoted:
			out = append(out, dquotedChar(pos, c))
		case c == "'":
			// As '' cannot hold a ', keep the word printable.
			out = append(out, dquotedChar(pos, c))
		default:
			out = append(out, &syntax.SglQuoted{Left: pos, Right: pos, Value: c})
		}
		i += size
	}
	flush()
	return out
}

// dquotedChar returns "c", written so that it prints and reads back as
// the character c.
func dquotedChar(pos syntax.Pos, c string) *syntax.DblQuoted {
	if strings.Contains("\\$`\"", c) {
		c = `\` + c
	}
	return &syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: c}}}
}
