package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Associative arrays assigned whole. interp decides whether `a=([k]=v)`
// is associative by its first subscript alone (quoted: associative), not
// by what a was declared: `declare -A m; m=([x]=1)` made m indexed, with
// x read as arithmetic (0). And it ignores `m+=([k]=v)` on an associative
// array. The rewrite, in code read after the shell met `declare -A m`
// (or local, typeset), quotes the subscripts of m=(…) and turns m+=(…)
// into one element assignment per key, which interp does right.

// noteAssoc records the names dc declares associative.
func (s *Engine) noteAssoc(dc *syntax.DeclClause) {
	assoc := false
	for _, as := range dc.Args {
		if as.Name == nil && as.Naked && as.Value != nil {
			if f := as.Value.Lit(); len(f) > 1 && f[0] == '-' && strings.IndexByte(f, 'A') > 0 {
				assoc = true
			}
		}
	}
	if !assoc {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, as := range dc.Args {
		if as.Name != nil {
			if s.assocNames == nil {
				s.assocNames = map[string]bool{}
			}
			s.assocNames[as.Name.Value] = true
		}
	}
}

func (s *Engine) everAssoc(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.assocNames[name]
}

// rewriteAssocAssigns rewrites call's whole-array assignments to names
// declared associative.
func (s *Engine) rewriteAssocAssigns(call *syntax.CallExpr) {
	var out []*syntax.Assign
	changed := false
	for _, as := range call.Assigns {
		if as.Array == nil || as.Index != nil || as.Name == nil || !s.everAssoc(as.Name.Value) || !keyedElems(as.Array) {
			out = append(out, as)
			continue
		}
		changed = true
		if !as.Append {
			for _, el := range as.Array.Elems {
				el.Index = quotedIndex(el.Index.(*syntax.Word))
			}
			out = append(out, as)
			continue
		}
		for _, el := range as.Array.Elems {
			value := el.Value
			if value == nil {
				value = &syntax.Word{}
			}
			out = append(out, &syntax.Assign{Name: as.Name, Index: quotedIndex(el.Index.(*syntax.Word)), Value: value})
		}
	}
	if changed {
		call.Assigns = out
	}
}

// keyedElems reports whether every element of an array literal has a
// [key]= written as a plain word.
func keyedElems(arr *syntax.ArrayExpr) bool {
	for _, el := range arr.Elems {
		if _, ok := el.Index.(*syntax.Word); !ok {
			return false
		}
	}
	return len(arr.Elems) > 0
}

// quotedIndex returns w in double quotes, which interp reads as a key.
func quotedIndex(w *syntax.Word) *syntax.Word {
	if len(w.Parts) == 1 {
		switch w.Parts[0].(type) {
		case *syntax.DblQuoted, *syntax.SglQuoted:
			return w
		}
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: w.Pos(), Right: w.End(), Parts: w.Parts}}}
}
