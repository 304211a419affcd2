package patterns

import (
	"strings"
	"unicode"
)

// FoldCase returns pat (a shell pattern, with extended operators)
// matching without regard to case: each letter becomes a bracket of its
// cases, and each bracket expression gains the other cases of its
// letters and ranges. Character classes ([:upper:]) stay as they are,
// as in bash.
func FoldCase(pat string) string {
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
