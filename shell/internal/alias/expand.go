package alias

import "strings"

// aliasCtxKind is a kind of nesting the scanner can be in.
type aliasCtxKind uint8

const (
	acCmd       aliasCtxKind = iota // a list of commands: the top level, ( ), $( ), <( )
	acBackquote                     // `...`
	acSingle                        // '...'
	acDollarSgl                     // $'...'
	acDouble                        // "..."
	acParam                         // ${...}
	acArith                         // $(( )) and (( ))
	acHeredoc                       // a here-document body: e.bodies[0]
)

// cmdState is where a command list is in the grammar.
type cmdState uint8

const (
	csCmd       cmdState = iota // a command word may come
	csArgs                      // after the command word
	csFuncParen                 // after `name`, a `(` here makes a function
	csForName                   // after for/select
	csForIn                     // after the loop variable
	csForDo                     // after for NAME and a ; or newline
	csForWords                  // after in
	csCaseWord                  // after case
	csCaseIn                    // after the case word
	csCasePat                   // patterns of a case item
	csFuncName                  // after function
	csFuncAfter                 // after function NAME
	csDbracket                  // inside [[ ]]
	csTime                      // after time (-p may follow)
)

type aliasCtx struct {
	kind   aliasCtxKind
	state  cmdState
	closer byte // acCmd: ')' for ( ), $( ) and <( ); 0 at the top level
	depth  int  // acParam: open braces; acArith: open parentheses
	inWord bool // acCmd, acBackquote: in the middle of a word
	simple bool // the word so far is plain characters
	start  int  // where the word began in the buffer
	// redir is set after a redirection operator: the next word is its
	// target; heredoc when that operator was << or <<-.
	redir, heredoc, dash bool
	skipParen            bool // after function NAME (, skip to )
	lineStart            bool // acHeredoc: at the start of a body line
}

// heredocDelim is a here-document whose body is still to come.
type heredocDelim struct {
	word   string
	dash   bool // <<-: leading tabs are stripped
	quoted bool // the body is not expanded
}

// aliasGuard marks the text of an alias being expanded.
type aliasGuard struct {
	name  string
	end   int  // where its text ends in the buffer
	blank bool // its value ends in a blank: check the word after it
}

// Expander expands aliases in lines of source; see the package
// documentation.
type Expander struct {
	// lookup returns the value of an alias, when aliases are expanded.
	lookup func(name string) (string, bool)
	// posix reports whether the shell is in POSIX mode, where keywords
	// are not aliases.
	posix func() bool
	// badSubst returns what replaces a ${…} expansion that is a bad
	// substitution, or a $((…)) that is not an expression, or false when
	// it is neither.
	badSubst func(expansion string) (replacement string, ok bool)

	stack   []aliasCtx
	pending []heredocDelim // here-documents whose body starts after this line
	bodies  []heredocDelim // bodies being read, the current one first
	buf     string
	guards  []aliasGuard
	// checkNext makes the next word eligible for expansion wherever it
	// is: the first word of a blank-ended alias's value, and the word
	// after that value (bash's PST_ALEXPNEXT).
	checkNext bool
	// check is whether the word being read is eligible that way.
	check bool
	// continued is set when this line ended in a line continuation,
	// which was removed; joined counts the newlines so removed since a
	// newline could be added back (see removeContinuation).
	continued bool
	joined    int
	// held is a line read back to be scanned with the next one.
	held string
	// splitOp is set when a continuation split an operator (<\⏎<): the
	// scanner has read it as two, and may have missed a here-document, so
	// no newline is added back (line numbers drift by one instead).
	splitOp bool
}

// NewExpander returns an Expander. lookup returns an alias's value;
// posix, when not nil, reports whether the shell is in POSIX mode;
// badSubst, when not nil, returns what replaces a ${…} written out
// plainly on a line that is a bad substitution, or a $((…)) that is not
// an expression (a hook that reports it when it runs, as bash does), or
// false when it is neither.
func NewExpander(lookup func(string) (string, bool), posix func() bool, badSubst func(expansion string) (replacement string, ok bool)) *Expander {
	if posix == nil {
		posix = func() bool { return false }
	}
	return &Expander{lookup: lookup, posix: posix, badSubst: badSubst, stack: []aliasCtx{{kind: acCmd}}}
}

// Line returns one line of source (with its newline, except at the end
// of input) with its aliases expanded.
func (e *Expander) Line(s string) string {
	s = e.held + s
	e.held = ""
	saved := e.snapshot()
	e.buf = s
	for k := range e.stack {
		// A word that goes on from the last line is not a plain one.
		if e.stack[k].inWord {
			e.stack[k].start, e.stack[k].simple = 0, false
		}
	}
	e.guards = e.guards[:0]
	e.continued = false
	e.scan(0)
	if t := e.top(); e.continued && (t.kind == acCmd || t.kind == acBackquote) && t.inWord && t.simple {
		// A plain word goes on on the next line (ee\⏎e may be an
		// alias): read the two lines as one.
		e.restore(saved)
		e.held = s
		return ""
	}
	// After a line continuation, a blank-ended alias that ended on this
	// line still makes the next word (on the next line) eligible.
	if !e.continued {
		e.checkNext = false
	} else {
		for _, g := range e.guards {
			if g.blank && g.end <= len(e.buf) {
				e.checkNext = true
			}
		}
	}
	out := e.buf
	e.buf = ""
	return out
}

// Flush returns a line held back at the end of input.
func (e *Expander) Flush() string {
	if e.held == "" {
		return ""
	}
	s := e.held
	e.held = ""
	e.scan0(s)
	return e.buf
}

// scan0 scans s as a line without holding it back.
func (e *Expander) scan0(s string) {
	e.buf = s
	e.guards = e.guards[:0]
	e.continued = false
	e.scan(0)
}

// expanderState is what line changes, to go back to when a line is held.
type expanderState struct {
	stack            []aliasCtx
	pending, bodies  []heredocDelim
	checkNext, check bool
	joined           int
	splitOp          bool
}

func (e *Expander) snapshot() expanderState {
	return expanderState{
		stack: append([]aliasCtx(nil), e.stack...), pending: append([]heredocDelim(nil), e.pending...),
		bodies: append([]heredocDelim(nil), e.bodies...), checkNext: e.checkNext, check: e.check,
		joined: e.joined, splitOp: e.splitOp,
	}
}

func (e *Expander) restore(st expanderState) {
	e.stack, e.pending, e.bodies = st.stack, st.pending, st.bodies
	e.checkNext, e.check, e.joined, e.splitOp = st.checkNext, st.check, st.joined, st.splitOp
}

func (e *Expander) top() *aliasCtx { return &e.stack[len(e.stack)-1] }

func (e *Expander) push(k aliasCtxKind) *aliasCtx {
	e.stack = append(e.stack, aliasCtx{kind: k})
	return e.top()
}

func (e *Expander) pop() {
	if len(e.stack) > 1 {
		e.stack = e.stack[:len(e.stack)-1]
	}
}

// scan reads e.buf from i to its end.
func (e *Expander) scan(i int) {
	for {
		e.scanTo(i)
		// The end of input ends a word.
		t := e.top()
		if (t.kind == acCmd || t.kind == acBackquote) && t.inWord && !e.continued && !strings.HasSuffix(e.buf, "\n") {
			if e.endWord(len(e.buf)) {
				i = t.start
				continue
			}
		}
		return
	}
}

func (e *Expander) scanTo(i int) {
	for i < len(e.buf) {
		switch e.top().kind {
		case acSingle:
			j := strings.IndexByte(e.buf[i:], '\'')
			if j < 0 {
				return
			}
			i += j + 1
			e.pop()
		case acDollarSgl:
			i = e.scanDollarSingle(i)
		case acDouble:
			i = e.scanDouble(i)
		case acParam:
			i = e.scanNested(i, '{', '}')
		case acArith:
			i = e.scanNested(i, '(', ')')
		case acHeredoc:
			i = e.scanHeredoc(i)
		default:
			i = e.scanCmd(i)
		}
	}
}

// expansionStart pushes the context that $ at i opens, if any, and
// returns where to go on.
func (e *Expander) expansionStart(i int) (int, bool) {
	b := e.buf
	if i+1 >= len(b) {
		return i + 1, false
	}
	switch b[i+1] {
	case '(':
		if i+2 < len(b) && b[i+2] == '(' && !e.nestedParens(i+1) {
			if end := e.badArithAt(i, 3); end > 0 {
				return end, true
			}
			c := e.push(acArith)
			c.depth = 2
			return i + 3, true
		}
		c := e.push(acCmd)
		c.closer = ')'
		return i + 2, true
	case '{':
		if end := e.badSubstAt(i); end > 0 {
			return end, true
		}
		c := e.push(acParam)
		c.depth = 1
		return i + 2, true
	case '\'':
		e.push(acDollarSgl)
		return i + 2, true
	}
	return i + 1, false
}

// scanInner handles the characters that open nested contexts inside
// double quotes, ${ } and $(( )). It returns the next position and
// whether c at i was one of them.
func (e *Expander) scanInner(i int, allowSingle bool) (int, bool) {
	switch e.buf[i] {
	case '\\':
		if e.removeContinuation(i) {
			return i, true
		}
		return i + 2, true
	case '$':
		if j, ok := e.expansionStart(i); ok {
			return j, true
		}
		return i + 1, true
	case '`':
		c := e.push(acBackquote)
		c.closer = '`'
		return i + 1, true
	case '"':
		e.push(acDouble)
		return i + 1, true
	case '\'':
		if allowSingle {
			e.push(acSingle)
			return i + 1, true
		}
	}
	return i, false
}

// scanHeredoc reads a here-document body: the line that is its delimiter
// ends it; an unquoted one has expansions, $( ) among them.
func (e *Expander) scanHeredoc(i int) int {
	b := e.buf
	c := e.top()
	d := e.bodies[0]
	if c.lineStart {
		end := len(b)
		if j := strings.IndexByte(b[i:], '\n'); j >= 0 {
			end = i + j + 1
		}
		l := strings.TrimSuffix(b[i:end], "\n")
		if d.dash {
			l = strings.TrimLeft(l, "\t")
		}
		if l == d.word {
			e.pop()
			e.bodies = e.bodies[1:]
			if len(e.bodies) > 0 {
				e.push(acHeredoc).lineStart = true
			}
			return end
		}
		c.lineStart = false
		if d.quoted {
			c.lineStart = end > i && b[end-1] == '\n'
			return end
		}
	}
	for i < len(e.buf) {
		switch e.buf[i] {
		case '\n':
			c.lineStart = true
			return i + 1
		case '\\':
			if !e.removeContinuation(i) {
				i += 2
			}
			continue
		case '$':
			if j, ok := e.expansionStart(i); ok {
				return j
			}
		case '`':
			n := e.push(acBackquote)
			n.closer = '`'
			return i + 1
		}
		i++
	}
	return i
}

func (e *Expander) scanDollarSingle(i int) int {
	for i < len(e.buf) {
		switch e.buf[i] {
		case '\\':
			i += 2
			continue
		case '\'':
			e.pop()
			return i + 1
		}
		i++
	}
	return i
}

func (e *Expander) scanDouble(i int) int {
	for i < len(e.buf) {
		if e.buf[i] == '"' {
			e.pop()
			return i + 1
		}
		if j, ok := e.scanInner(i, false); ok {
			if e.top().kind != acDouble {
				return j
			}
			i = j
			continue
		}
		i++
	}
	return i
}

// scanNested scans the inside of ${ } (open '{', close '}') or $(( ))
// (open '(', close ')') up to the bracket that closes it, counting the
// nested ones and entering quotes and substitutions inside.
func (e *Expander) scanNested(i int, open, close byte) int {
	for i < len(e.buf) {
		c := e.top()
		switch e.buf[i] {
		case open:
			c.depth++
		case close:
			c.depth--
			if c.depth == 0 {
				e.pop()
				return i + 1
			}
		default:
			if j, ok := e.scanInner(i, true); ok {
				if e.top() != c {
					return j
				}
				i = j
				continue
			}
		}
		i++
	}
	return i
}

// nestedParens reports whether the (( at i opens two subshells rather
// than an arithmetic expression, as in ((cmd); cmd) or $((cmd) | cmd):
// the parenthesis that closes the inner one is not right before the one
// that closes the outer. It then separates them with a space, for the
// parser. An expression not closed on this line is taken for arithmetic.
func (e *Expander) nestedParens(i int) bool {
	b := e.buf
	depth := 2
	for j := i + 2; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '\'', '"':
			k := strings.IndexByte(b[j+1:], b[j])
			if k < 0 {
				return false
			}
			j += k + 1
		case '(':
			depth++
		case ')':
			depth--
			if depth == 1 {
				if j+1 < len(b) && b[j+1] == ')' {
					return false
				}
				e.insert(i+1, " ")
				return true
			}
		}
	}
	return false
}

// badSubstAt replaces the ${…} at i with what badSubst says, when it is a
// bad substitution written out plainly on this line; it returns where the
// replacement ends, or 0.
func (e *Expander) badSubstAt(i int) int {
	b := e.buf
	j := i + 2
	for j < len(b) && strings.IndexByte("}{$'\"`\\\n", b[j]) < 0 {
		j++
	}
	if j >= len(b) || b[j] != '}' || e.badSubst == nil {
		return 0
	}
	text, ok := e.badSubst(b[i : j+1])
	if !ok {
		return 0
	}
	e.buf = b[:i] + text + b[j+1:]
	delta := len(text) - (j + 1 - i)
	for k := range e.guards {
		if e.guards[k].end > i {
			e.guards[k].end += delta
		}
	}
	return i + len(text)
}

// badArithAt replaces the $((…)) or ((…)) at i (open is the length of its
// opening) with what badSubst says, when it is written out plainly on
// this line (no quotes, expansions or escapes in it) and is not an
// expression; it returns where the replacement ends, or 0.
func (e *Expander) badArithAt(i, open int) int {
	b := e.buf
	if e.badSubst == nil {
		return 0
	}
	depth := 0
	end := 0
	for j := i + open; j < len(b) && end == 0; j++ {
		switch b[j] {
		case '$', '\'', '"', '`', '\\', '\n', '#':
			return 0
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
				continue
			}
			if j+1 >= len(b) || b[j+1] != ')' {
				return 0
			}
			end = j + 2
		}
	}
	if end == 0 {
		return 0
	}
	text, ok := e.badSubst(b[i:end])
	if !ok {
		return 0
	}
	e.buf = b[:i] + text + b[end:]
	delta := len(text) - (end - i)
	for k := range e.guards {
		if e.guards[k].end > i {
			e.guards[k].end += delta
		}
	}
	return i + len(text)
}

// isWordEnd reports whether c ends an unquoted word.
func isWordEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>':
		return true
	}
	return false
}

// scanCmd reads a command list (or backquotes) from i, until it leaves
// the context or the buffer ends.
func (e *Expander) scanCmd(i int) int {
	b := e.buf
	c := e.top()
	if c.inWord {
		return e.scanWord(i)
	}
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	if i >= len(b) {
		return i
	}
	ch := b[i]
	if c.kind == acBackquote && ch == '`' {
		e.pop()
		return i + 1
	}
	switch {
	case ch == '\n':
		e.newline()
		i++
		if len(e.pending) > 0 {
			e.bodies = append(e.bodies, e.pending...)
			e.pending = e.pending[:0]
			e.push(acHeredoc).lineStart = true
		} else if e.joined > 0 && e.splitOp {
			e.joined, e.splitOp = 0, false
		} else if e.joined > 0 && c.state == csCmd {
			// Empty lines for the ones joined, so that the parser counts
			// lines as they are in the source again.
			e.insert(i, strings.Repeat("\n", e.joined))
			i += e.joined
			e.joined = 0
		}
		return i
	case ch == '\\' && e.removeContinuation(i):
		// A line continuation between words.
		return i
	case ch == '#':
		j := strings.IndexByte(b[i:], '\n')
		if j < 0 {
			return len(b)
		}
		return i + j
	case c.state == csDbracket && strings.IndexByte("()<>&|", ch) >= 0:
		// Inside [[ ]], these are its own operators.
		return i + 1
	case isOperatorStart(ch):
		return e.operator(i)
	case ch >= '0' && ch <= '9':
		// A descriptor number before a redirection.
		j := i
		for j < len(b) && b[j] >= '0' && b[j] <= '9' {
			j++
		}
		if j < len(b) && (b[j] == '<' || b[j] == '>') {
			return e.operator(j)
		}
	}
	c.inWord, c.simple, c.start = true, true, i
	e.wordStart(i)
	return e.scanWord(i)
}

func isOperatorStart(c byte) bool {
	switch c {
	case ';', '&', '|', '(', ')', '<', '>':
		return true
	}
	return false
}

// wordStart notes a word starting at i: the guards of alias texts that
// end before it expire, and one that ended in a blank makes this word
// eligible for expansion.
func (e *Expander) wordStart(i int) {
	kept := e.guards[:0]
	for _, g := range e.guards {
		if g.end <= i {
			if g.blank {
				e.checkNext = true
			}
			continue
		}
		kept = append(kept, g)
	}
	e.guards = kept
	e.check, e.checkNext = e.checkNext, false
}

// scanWord reads the rest of a word.
func (e *Expander) scanWord(i int) int {
	c := e.top()
	for i < len(e.buf) {
		ch := e.buf[i]
		if c.kind == acBackquote && ch == '`' {
			e.endWord(i)
			e.pop()
			return i + 1
		}
		if isWordEnd(ch) {
			if e.endWord(i) {
				return c.start
			}
			return i
		}
		if ch == '\\' && e.removeContinuation(i) {
			continue
		}
		switch ch {
		case '\\', '"', '\'', '`':
			c.simple = false
			j, _ := e.scanInner(i, true)
			if e.top() != c {
				return j
			}
			i = j
			continue
		case '$':
			c.simple = false
			if j, ok := e.expansionStart(i); ok {
				return j
			}
		case '=':
			// Not an alias name (and maybe an assignment).
			c.simple = false
		}
		i++
	}
	return i
}

// endWord handles the word that ends at i. It reports whether an alias
// replaced it: scanning then starts over at the word's start.
func (e *Expander) endWord(i int) bool {
	c := e.top()
	c.inWord = false
	start := c.start
	word := e.buf[start:i]
	check := e.check
	e.check = false
	if c.redir {
		if check && c.simple && e.expand(start, i, word) {
			return true
		}
		c.redir = false
		if c.heredoc {
			w := unquoteDelim(word)
			e.pending = append(e.pending, heredocDelim{word: w, dash: c.dash, quoted: w != word})
		}
		return false
	}
	// in and do after for NAME (and in after case WORD) are keywords
	// before they could be aliases, as in bash.
	special := (c.state == csForIn || c.state == csCaseIn) && word == "in" ||
		(c.state == csForIn || c.state == csForDo) && word == "do"
	switch c.state {
	case csCmd, csTime, csFuncAfter, csForDo:
	default:
		// After an alias ending in a blank, any word.
		if check && c.simple && !special && e.expand(start, i, word) {
			return true
		}
	}
	switch c.state {
	case csForDo:
		if word == "do" {
			c.state = csCmd
			return false
		}
		c.state = csCmd
		fallthrough
	case csCmd, csTime, csFuncAfter:
		// POSIX: a keyword is never an alias; bash looks for an alias
		// first.
		if c.simple && !(isReservedWord(word) && e.posix()) && e.expand(start, i, word) {
			return true
		}
		switch {
		case c.state == csTime && word == "-p":
			c.state = csCmd
		case isAssignWord(word):
			c.state = csCmd
		case c.simple:
			c.state = keywordState(word, csFuncParen)
		default:
			c.state = csArgs
		}
	case csArgs, csFuncParen:
		c.state = csArgs
	case csForName:
		c.state = csForIn
	case csForIn:
		switch word {
		case "in":
			c.state = csForWords
		case "do":
			c.state = csCmd
		default:
			c.state = csForWords
		}
	case csCaseWord:
		c.state = csCaseIn
	case csCaseIn:
		if word == "in" {
			c.state = csCasePat
		}
	case csCasePat:
		if word == "esac" {
			c.state = csArgs
		}
	case csFuncName:
		c.state = csFuncAfter
	case csDbracket:
		if word == "]]" {
			c.state = csArgs
		}
	}
	return false
}

// keywordState is the state after word in command position: a keyword's,
// or other (the state after a command word) for any other word.
func keywordState(word string, other cmdState) cmdState {
	switch word {
	case "if", "then", "else", "elif", "do", "while", "until", "{", "!", "coproc":
		return csCmd
	case "fi", "done", "esac", "}":
		return csArgs
	case "for", "select":
		return csForName
	case "case":
		return csCaseWord
	case "function":
		return csFuncName
	case "[[":
		return csDbracket
	case "time":
		return csTime
	}
	return other
}

// isReservedWord reports whether word is a reserved word where a command
// may start.
func isReservedWord(word string) bool {
	switch word {
	case "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until",
		"for", "select", "function", "in", "{", "}", "!", "[[", "]]", "time", "coproc":
		return true
	}
	return false
}

// isAssignWord reports whether w is a variable assignment (NAME=…,
// NAME+=…, NAME[…]=…).
func isAssignWord(w string) bool {
	i := 0
	for i < len(w) && isNameChar(w[i]) {
		i++
	}
	if i == 0 || !isNameStart(w[0]) || i == len(w) {
		return false
	}
	if w[i] == '[' {
		j := strings.IndexByte(w[i:], ']')
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return strings.HasPrefix(w[i:], "=") || strings.HasPrefix(w[i:], "+=")
}

// removeContinuation removes the line continuation (backslash, newline)
// at i, if there is one, as bash does wherever a backslash quotes: the
// parser then reads operators, keywords and expansions split across lines
// whole (&\⏎&, ca\⏎se, $\⏎( …). It reports whether it did.
func (e *Expander) removeContinuation(i int) bool {
	if i+1 >= len(e.buf) || e.buf[i] != '\\' || e.buf[i+1] != '\n' {
		return false
	}
	if i > 0 && strings.IndexByte("<>&|;", e.buf[i-1]) >= 0 {
		e.splitOp = true
	}
	e.buf = e.buf[:i] + e.buf[i+2:]
	for k := range e.guards {
		if e.guards[k].end > i {
			e.guards[k].end -= 2
		}
	}
	e.joined++
	if i == len(e.buf) {
		e.continued = true
	}
	return true
}

// insert puts text into the buffer at i.
func (e *Expander) insert(i int, text string) {
	e.buf = e.buf[:i] + text + e.buf[i:]
	for k := range e.guards {
		if e.guards[k].end > i {
			e.guards[k].end += len(text)
		}
	}
}

// unquoteDelim is a here-document delimiter without its quotes.
func unquoteDelim(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '\'', '"':
			continue
		case '\\':
			if i+1 < len(w) {
				i++
			}
		}
		b.WriteByte(w[i])
	}
	return b.String()
}

// expand replaces the word at [start, end) by its alias value, if it is
// an alias not being expanded already. It reports whether it did.
func (e *Expander) expand(start, end int, word string) bool {
	if e.lookup == nil {
		return false
	}
	for _, g := range e.guards {
		if g.name == word && g.end > start {
			return false
		}
	}
	value, ok := e.lookup(word)
	if !ok {
		return false
	}
	delta := len(value) - (end - start)
	for k := range e.guards {
		if e.guards[k].end >= end {
			e.guards[k].end += delta
		}
	}
	e.buf = e.buf[:start] + value + e.buf[end:]
	blank := value != "" && (value[len(value)-1] == ' ' || value[len(value)-1] == '\t')
	e.guards = append(e.guards, aliasGuard{name: word, end: start + len(value), blank: blank})
	// The first word of a blank-ended value may be an alias too.
	e.checkNext = blank
	return true
}

// newline ends a line of commands.
func (e *Expander) newline() {
	c := e.top()
	switch c.state {
	case csForIn:
		c.state = csForDo
	case csArgs, csForWords, csTime, csFuncParen:
		c.state = csCmd
	}
	c.redir = false
}

// operator reads the operator at i.
func (e *Expander) operator(i int) int {
	b := e.buf
	c := e.top()
	two := ""
	if i+1 < len(b) {
		two = b[i : i+2]
	}
	switch {
	case two == "&>":
		// A redirection, below.
	case strings.HasPrefix(b[i:], ";;&"):
		c.state = csCasePat
		return i + 3
	case two == ";;" || two == ";&":
		c.state = csCasePat
		return i + 2
	case two == "&&" || two == "||" || two == "|&":
		c.state = csCmd
		return i + 2
	case b[i] == ';' || b[i] == '&' || b[i] == '|':
		switch {
		case c.state == csCasePat:
		case c.state == csForIn && b[i] == ';':
			c.state = csForDo
		default:
			c.state = csCmd
		}
		return i + 1
	case two == "<(" || two == ">(":
		n := e.push(acCmd)
		n.closer = ')'
		return i + 2
	case b[i] == '(':
		switch c.state {
		case csCmd:
			if two == "((" && !e.nestedParens(i) {
				if end := e.badArithAt(i, 2); end > 0 {
					c.state = csArgs
					return end
				}
				n := e.push(acArith)
				n.depth = 2
				c.state = csArgs
				return i + 2
			}
			c.state = csArgs
			n := e.push(acCmd)
			n.closer = ')'
			return i + 1
		case csFuncParen, csFuncAfter:
			c.skipParen = true
			return i + 1
		case csForName:
			if two == "((" {
				n := e.push(acArith)
				n.depth = 2
				c.state = csForIn
				return i + 2
			}
		}
		return i + 1
	case b[i] == ')':
		switch {
		case c.skipParen:
			c.skipParen = false
			c.state = csCmd
		case c.state == csCasePat:
			c.state = csCmd
		case c.closer == ')':
			e.pop()
		}
		return i + 1
	}
	// Redirections.
	j := i + 1
	switch {
	case strings.HasPrefix(b[i:], "<<<"):
		j = i + 3
	case strings.HasPrefix(b[i:], "<<-"):
		c.heredoc, c.dash = true, true
		j = i + 3
	case two == "<<":
		c.heredoc, c.dash = true, false
		j = i + 2
	case two == "&>":
		j = i + 2
		if j < len(b) && b[j] == '>' {
			j++
		}
	case two == ">>" || two == "<&" || two == ">&" || two == "<>" || two == ">|":
		j = i + 2
	}
	if !strings.HasPrefix(b[i:], "<<") || strings.HasPrefix(b[i:], "<<<") {
		c.heredoc = false
	}
	c.redir = true
	return j
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }
