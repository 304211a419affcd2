package complete

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/highlight"
)

// siteKind is where the word under the cursor is in the command line.
type siteKind uint8

const (
	siteNone    siteKind = iota // nothing to complete: comment, fd, here-document
	siteCommand                 // a command name
	siteArg                     // an argument of a simple command
	siteFile                    // another word: redirection target, assignment value, for list …
	siteVarName                 // a name after export, declare, local, readonly
)

// site is the word under the cursor and its role.
type site struct {
	kind  siteKind
	start int // byte offset of the word in the line
	// words, for siteArg, are the command's words from its name up to the
	// current word, unquoted ("" where a word has expansions).
	words []string
	// first: the word is the first word of the line.
	first bool
}

// placeholder is appended to the text before the cursor when it ends
// between words, so that the parser shows what role a word typed there
// would have.
const placeholder = "_"

// locate finds the word that ends at the end of left (the line up to the
// cursor).
func (c *Completer) locate(left string) site {
	if s, ok, _ := c.locateIn(left, len(left), false); ok {
		return s
	}
	s, ok, parsed := c.locateIn(left+placeholder, len(left), true)
	switch {
	case ok:
		return s
	case parsed:
		// The text parses, and nothing typed at the cursor would be a
		// word: a comment.
		return site{kind: siteNone, start: len(left)}
	}
	return lexicalSite(left)
}

// locateIn parses src and looks for the innermost word that ends at cur
// (or, with placeholder, starts there). parsed reports whether src
// parsed at all.
func (c *Completer) locateIn(src string, cur int, placeholderWord bool) (s site, found, parsed bool) {
	f, err := c.Dialect.NewParser(syntax.RecoverErrors(5)).Parse(strings.NewReader(src), "")
	if err != nil && (f == nil || len(f.Stmts) == 0) {
		return site{}, false, false
	}
	s, found = findSite(f, src, cur, placeholderWord)
	return s, found, err == nil
}

// findSite walks f for the word at cur.
func findSite(f *syntax.File, src string, cur int, placeholderWord bool) (site, bool) {
	var stack, found []syntax.Node
	var target *syntax.Word
	declName := -1
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if a, ok := n.(*syntax.Assign); ok && a.Naked && a.Name != nil && a.Value == nil {
			// `export NAME`: the name is a Lit, not a Word.
			if start := int(a.Name.Pos().Offset()); a.Name.Pos().IsValid() && !a.Name.Pos().IsRecovered() &&
				(placeholderWord && start == cur || !placeholderWord && start <= cur && int(a.Name.End().Offset()) == cur) {
				target, found = nil, nil
				declName = start
			}
		}
		w, ok := n.(*syntax.Word)
		if !ok || !w.Pos().IsValid() || w.Pos().IsRecovered() {
			return true
		}
		start := int(w.Pos().Offset())
		end := cur
		if e := w.End(); e.IsValid() && !e.IsRecovered() {
			end = int(e.Offset())
		}
		if placeholderWord && start == cur || !placeholderWord && start <= cur && end == cur {
			target, found, declName = w, append(found[:0], stack...), -1
		}
		return true
	})
	if declName >= 0 {
		return site{kind: siteVarName, start: declName}, true
	}
	if target == nil {
		return site{}, false
	}
	start := int(target.Pos().Offset())
	if !placeholderWord && start < cur && strings.IndexByte("(`", src[cur-1]) >= 0 {
		// `$(` or a backquote just opened: the word to complete is the
		// first one inside it.
		return site{}, false
	}
	s := site{kind: siteFile, start: start}
	s.first = strings.TrimLeft(src[:start], " \t") == ""
	if len(found) < 2 {
		return s, true
	}
	switch p := found[len(found)-2].(type) {
	case *syntax.CallExpr:
		s.kind, s.words = callSite(p, target)
	case *syntax.Assign:
		if len(found) >= 3 && p.Naked {
			if _, ok := found[len(found)-3].(*syntax.DeclClause); ok {
				s.kind = siteVarName
			}
		}
	case *syntax.Redirect:
		switch {
		case p.Hdoc == target, p.Op == syntax.DplIn, p.Op == syntax.DplOut,
			p.Op == syntax.Hdoc, p.Op == syntax.DashHdoc:
			s.kind = siteNone
		}
	case *syntax.CaseItem:
		s.kind = siteNone
	}
	return s, true
}

// callSite tells whether target is a command name or an argument of the
// simple command ce, and returns the command's words before it.
func callSite(ce *syntax.CallExpr, target *syntax.Word) (siteKind, []string) {
	idx := -1
	words := make([]string, 0, len(ce.Args))
	for i, arg := range ce.Args {
		if arg == target {
			idx = i
			break
		}
		v, _ := highlight.Literal(arg)
		words = append(words, v)
	}
	if idx < 0 {
		return siteFile, nil
	}
	cmd := 0
	for _, p := range highlight.CommandPositions(words) {
		if p == idx {
			return siteCommand, nil
		}
		if p < idx {
			cmd = p
		}
	}
	return siteArg, words[cmd:]
}

// lexicalSite is the fallback when the text does not parse: the word is
// whatever follows the last unquoted blank or operator, completed as a
// file name.
func lexicalSite(left string) site {
	start := 0
	var quote byte
	for i := 0; i < len(left); i++ {
		c := left[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\\':
			i++
		case c == '\'' || c == '"':
			quote = c
		case strings.IndexByte(" \t\n;&|()<>", c) >= 0:
			start = i + 1
		}
	}
	return site{kind: siteFile, start: min(start, len(left))}
}
