package patterns

import (
	"strings"
	"unicode"
)

// MatchMode changes how a Matcher compares.
type MatchMode uint8

const (
	// Filename matches one name of a path, as pathname expansion does:
	// a leading dot is matched only by a dot written in the pattern
	// (also inside an extended group), never by *, ?, a bracket
	// expression or !( ).
	Filename MatchMode = 1 << iota
	// DotGlob (with Filename) lets wildcards match a leading dot too,
	// as shopt dotglob does.
	DotGlob
	// NoCase matches letters without regard to case (nocaseglob,
	// nocasematch).
	NoCase
)

// A Matcher is a compiled bash pattern with the extended operators
// ?( ) *( ) +( ) @( ) !( ), which may nest, matching whole strings.
// interp's matcher translates patterns to regular expressions, which
// cannot say !( ) in general; this one backtracks, as bash's does.
type Matcher struct {
	nodes []node
	mode  MatchMode
}

type nodeKind uint8

const (
	litNode   nodeKind = iota
	anyNode            // ?
	starNode           // *
	classNode          // [...]
	groupNode          // op( alt | alt )
)

type node struct {
	kind  nodeKind
	r     rune     // litNode
	class []rune   // classNode: the bracket expression's runes, from [ to ]
	op    rune     // groupNode: one of ?*+@!
	alts  [][]node // groupNode
}

// Compile parses pat. Characters that do not form an operator (an
// unclosed [ or group) are literal, as in bash; it never fails.
func Compile(pat string, mode MatchMode) *Matcher {
	p := &parser{rs: []rune(pat)}
	nodes, _ := p.seq(false)
	return &Matcher{nodes: nodes, mode: mode}
}

// HasExtGlob reports whether pat has an extended operator, op( … ),
// with its closing parenthesis, outside a backslash escape.
func HasExtGlob(pat string) bool {
	rs := []rune(pat)
	for i := 0; i+1 < len(rs); i++ {
		switch {
		case rs[i] == '\\':
			i++
		case strings.ContainsRune("?*+@!", rs[i]) && rs[i+1] == '(' && groupEnd(rs, i+1) > 0:
			return true
		}
	}
	return false
}

// HasMeta reports whether pat has an unescaped wildcard, a bracket
// expression or an extended operator: whether it matches anything but
// its own text.
func HasMeta(pat string) bool {
	rs := []rune(pat)
	for i := 0; i < len(rs); i++ {
		switch rs[i] {
		case '\\':
			i++
		case '*', '?':
			return true
		case '[':
			if bracketEnd(rs, i) > 0 {
				return true
			}
		}
	}
	return HasExtGlob(pat)
}

// Unescape drops the backslashes of pat, which has no operator.
func Unescape(pat string) string {
	if !strings.Contains(pat, `\`) {
		return pat
	}
	var b strings.Builder
	rs := []rune(pat)
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) {
			i++
		}
		b.WriteRune(rs[i])
	}
	return b.String()
}

// Quote escapes s so that it matches only itself in a pattern.
func Quote(s string) string {
	if !strings.ContainsAny(s, `*?[]\()|@!+^`) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\()|@!+^`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// groupEnd returns the index of the ) closing the group whose ( is at
// rs[open], or -1. Escapes and bracket expressions inside are skipped.
func groupEnd(rs []rune, open int) int {
	depth := 0
	for i := open; i < len(rs); i++ {
		switch rs[i] {
		case '\\':
			i++
		case '[':
			if end := bracketEnd(rs, i); end > 0 {
				i = end
			}
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

type parser struct {
	rs []rune
	i  int
}

// seq parses nodes up to the end, or in a group up to its | or ).
func (p *parser) seq(inGroup bool) ([]node, rune) {
	var nodes []node
	for p.i < len(p.rs) {
		c := p.rs[p.i]
		switch {
		case inGroup && (c == '|' || c == ')'):
			p.i++
			return nodes, c
		case c == '\\' && p.i+1 < len(p.rs):
			nodes = append(nodes, node{kind: litNode, r: p.rs[p.i+1]})
			p.i += 2
		case strings.ContainsRune("?*+@!", c) && p.i+1 < len(p.rs) && p.rs[p.i+1] == '(' && groupEnd(p.rs, p.i+1) > 0:
			p.i += 2
			g := node{kind: groupNode, op: c}
			for {
				alt, end := p.seq(true)
				g.alts = append(g.alts, alt)
				if end != '|' {
					break
				}
			}
			nodes = append(nodes, g)
		case c == '*':
			if len(nodes) == 0 || nodes[len(nodes)-1].kind != starNode {
				nodes = append(nodes, node{kind: starNode})
			}
			p.i++
		case c == '?':
			nodes = append(nodes, node{kind: anyNode})
			p.i++
		case c == '[' && bracketEnd(p.rs, p.i) > 0:
			end := bracketEnd(p.rs, p.i)
			nodes = append(nodes, node{kind: classNode, class: p.rs[p.i : end+1]})
			p.i = end + 1
		default:
			nodes = append(nodes, node{kind: litNode, r: c})
			p.i++
		}
	}
	return nodes, 0
}

// Match reports whether the whole of s matches.
func (m *Matcher) Match(s string) bool {
	st := &matchState{s: []rune(s), mode: m.mode}
	return st.seq(m.nodes, 0, len(st.s))
}

type matchState struct {
	s    []rune
	mode MatchMode
	// memo keeps what seq and repeat found for a pattern position and a
	// range of s, once a wildcard or group is met: without it, patterns
	// like +(a|aa)b or *(*(a))b take exponential time on long names.
	memo map[memoKey]bool
}

type memoKey struct {
	n      *node // the node list's first node (or the repeated group)
	len    int   // the node list's length; -1 for repeat
	i, end int
}

// remember returns the memoized result of f for key.
func (st *matchState) remember(key memoKey, f func() bool) bool {
	if v, ok := st.memo[key]; ok {
		return v
	}
	if st.memo == nil {
		st.memo = map[memoKey]bool{}
	}
	v := f()
	st.memo[key] = v
	return v
}

// hiddenDot reports whether s[i] is a leading dot that only a literal
// dot may match.
func (st *matchState) hiddenDot(i int) bool {
	return i == 0 && st.mode&Filename != 0 && st.mode&DotGlob == 0 && len(st.s) > 0 && st.s[0] == '.'
}

func (st *matchState) eq(a, b rune) bool {
	if a == b {
		return true
	}
	if st.mode&NoCase == 0 {
		return false
	}
	for f := unicode.SimpleFold(a); f != a; f = unicode.SimpleFold(f) {
		if f == b {
			return true
		}
	}
	return false
}

// seq reports whether nodes match s[i:end] exactly.
func (st *matchState) seq(nodes []node, i, end int) bool {
	for len(nodes) > 0 {
		n := nodes[0]
		switch n.kind {
		case litNode:
			if i >= end || !st.eq(n.r, st.s[i]) {
				return false
			}
		case anyNode:
			if i >= end || st.hiddenDot(i) {
				return false
			}
		case classNode:
			if i >= end || st.hiddenDot(i) || !st.inClass(n.class, st.s[i]) {
				return false
			}
		case starNode:
			if st.hiddenDot(i) {
				return false
			}
			rest := nodes[1:]
			if len(rest) == 0 {
				return true
			}
			return st.remember(memoKey{&nodes[0], len(nodes), i, end}, func() bool {
				for k := i; k <= end; k++ {
					if st.seq(rest, k, end) {
						return true
					}
				}
				return false
			})
		case groupNode:
			rest := nodes[1:]
			g := &nodes[0]
			return st.remember(memoKey{g, len(nodes), i, end}, func() bool {
				for k := i; k <= end; k++ {
					if st.group(g, i, k) && st.seq(rest, k, end) {
						return true
					}
				}
				return false
			})
		}
		i++
		nodes = nodes[1:]
	}
	return i == end
}

// group reports whether the group n matches s[i:k] exactly.
func (st *matchState) group(n *node, i, k int) bool {
	switch n.op {
	case '@':
		return st.anyAlt(n, i, k)
	case '?':
		return i == k || st.anyAlt(n, i, k)
	case '*':
		return i == k || st.repeat(n, i, k)
	case '+':
		return st.repeat(n, i, k)
	default: // '!'
		return !st.hiddenDot(i) && !st.anyAlt(n, i, k)
	}
}

func (st *matchState) anyAlt(n *node, i, k int) bool {
	for _, alt := range n.alts {
		if st.seq(alt, i, k) {
			return true
		}
	}
	return false
}

// repeat reports whether s[i:k] is one or more matches of the group's
// alternatives, each non-empty (an empty one adds nothing).
func (st *matchState) repeat(n *node, i, k int) bool {
	if i == k {
		return st.anyAlt(n, i, k)
	}
	return st.remember(memoKey{n, -1, i, k}, func() bool {
		for m := k; m > i; m-- {
			if st.anyAlt(n, i, m) && (m == k || st.repeat(n, m, k)) {
				return true
			}
		}
		return false
	})
}

// inClass reports whether c is in the bracket expression b ([...]).
func (st *matchState) inClass(b []rune, c rune) bool {
	in := st.inClassCase(b, c)
	if !in && st.mode&NoCase != 0 {
		for f := unicode.SimpleFold(c); f != c && !in; f = unicode.SimpleFold(f) {
			in = st.inClassCase(b, f)
		}
	}
	return in
}

func (st *matchState) inClassCase(b []rune, c rune) bool {
	body := b[1 : len(b)-1]
	negate := false
	if len(body) > 0 && (body[0] == '!' || body[0] == '^') {
		negate = true
		body = body[1:]
	}
	found := false
	for j := 0; j < len(body) && !found; j++ {
		lo := body[j]
		if lo == '[' && j+1 < len(body) && strings.ContainsRune(":=.", body[j+1]) {
			delim := body[j+1]
			if end := closeBracketItem(body, j+2, delim); end > 0 {
				name := string(body[j+2 : end])
				switch delim {
				case ':':
					found = classHas(name, c)
				default: // [=c=] and [.c.]: one character
					found = name == string(c)
				}
				j = end + 1
				continue
			}
		}
		if lo == '\\' && j+1 < len(body) {
			j++
			lo = body[j]
		}
		if j+2 < len(body) && body[j+1] == '-' {
			hi := body[j+2]
			if hi == '\\' && j+3 < len(body) {
				j++
				hi = body[j+2]
			}
			found = lo <= c && c <= hi
			j += 2
			continue
		}
		found = lo == c
	}
	return found != negate
}

// closeBracketItem returns the index of the delim that, followed by ],
// ends a [:class:], [=c=] or [.c.] starting at body[from], or -1.
func closeBracketItem(body []rune, from int, delim rune) int {
	for k := from; k+1 < len(body); k++ {
		if body[k] == delim && body[k+1] == ']' {
			return k
		}
	}
	return -1
}

func classHas(name string, c rune) bool {
	switch name {
	case "alpha":
		return unicode.IsLetter(c)
	case "digit":
		return '0' <= c && c <= '9'
	case "alnum":
		return unicode.IsLetter(c) || unicode.IsDigit(c)
	case "upper":
		return unicode.IsUpper(c)
	case "lower":
		return unicode.IsLower(c)
	case "space":
		return unicode.IsSpace(c)
	case "blank":
		return c == ' ' || c == '\t'
	case "punct":
		return unicode.IsPunct(c) || unicode.IsSymbol(c) && c < 0x80
	case "print":
		return unicode.IsPrint(c)
	case "graph":
		return unicode.IsGraphic(c) && !unicode.IsSpace(c)
	case "cntrl":
		return unicode.IsControl(c)
	case "xdigit":
		return strings.ContainsRune("0123456789abcdefABCDEF", c)
	case "word":
		return c == '_' || unicode.IsLetter(c) || unicode.IsDigit(c)
	}
	return false
}
