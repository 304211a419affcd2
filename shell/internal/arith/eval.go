package arith

import (
	"fmt"
	"strconv"
	"strings"
)

// Arithmetic as bash evaluates it. interp evaluates the expression tree the
// parser built when the script was read, so a variable whose value is an
// expression (x='1+2'; $((x*3))) counts as 0, $(( $x * 3 )) is not the
// text "1 + 2 * 3", constants such as 08 and 2#A are taken without a word,
// and ++ on an array element panics. bash evaluates the text of the
// expression once its expansions are done, in one pass that parses and
// computes at once, and every variable's value is itself an expression.
// This file is that evaluator, written after bash's expr.c: the same
// precedence, the same lazy && || ?: (their unevaluated side assigns
// nothing and divides by zero without error), the same number syntax and
// the same error messages with their "error token".

// Vars is what the evaluator needs from the shell: variables.
type Vars interface {
	// Get returns the value of name, or name[sub] when sub is not
	// nil, and whether it is set.
	// expr and depth are the expression being evaluated and how deep,
	// for subscripts and messages.
	Get(name string, sub *string, expr string, depth int) (string, bool, error)
	// Set assigns value to name, or to name[sub].
	Set(name string, sub *string, value int64, expr string, depth int) error
	// Nounset reports whether set -u is on.
	Nounset() bool
}

// Error is an evaluation error: the expression, a message, and the
// rest of the expression from the token where it was found.
type Error struct {
	Expr, Msg, Token string
	NoToken          bool
}

// Error words the error as bash does, with its error token.
func (e *Error) Error() string {
	if e.NoToken {
		return fmt.Sprintf("%s: %s", e.Expr, e.Msg)
	}
	return fmt.Sprintf("%s: %s (error token is \"%s\")", e.Expr, e.Msg, e.Token)
}

// Unbound is an unset variable read under set -u: fatal to a script.
type Unbound struct{ Name string }

// Error words the error as bash does.
func (e *Unbound) Error() string { return e.Name + ": unbound variable" }

// MaxDepth bounds how deep variables' values may refer to other
// expressions, as bash's MAX_EXPR_RECURSION_LEVEL does.
const MaxDepth = 1024

// token kinds
const (
	atEOF = iota
	atNum
	atStr // a variable name, maybe with [subscript]
	atOp
	atLParen
	atRParen
	atAssign   // =
	atOpAssign // += -= ...
	atPreInc
	atPreDec
	atPostInc
	atPostDec
	atCond // marks a finished ?: for assignment checks
)

// arithEval evaluates one expression text.
type arithEval struct {
	vars  Vars
	expr  string // the whole text, for messages
	s     string
	pos   int // next byte to read
	depth int

	tok      int
	op       string // operator text for atOp and atOpAssign (without =)
	tokStart int    // where the current token began, for messages
	val      int64  // value of atNum and atStr tokens
	name     string // variable of an atStr token
	sub      *string
	lastTok  int
	lastName string
	lastSub  *string
	noeval   int
}

// Eval evaluates expr. An empty expression is 0.
func Eval(vars Vars, expr string, depth int) (int64, error) {
	if depth > MaxDepth {
		return 0, &Error{Expr: expr, Msg: "expression recursion level exceeded", Token: expr}
	}
	ev := &arithEval{vars: vars, expr: expr, s: expr, depth: depth}
	return ev.run()
}

func (ev *arithEval) run() (v int64, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(error)
			if !ok {
				panic(r)
			}
			v, err = 0, e
		}
	}()
	if err := ev.next(); err != nil {
		return 0, err
	}
	if ev.tok == atEOF {
		return 0, nil
	}
	v = ev.comma()
	if ev.tok != atEOF {
		ev.fail("syntax error in expression")
	}
	return v, nil
}

// fail aborts the evaluation with msg, the error token being the rest of
// the text from the current token.
func (ev *arithEval) fail(msg string) {
	panic(&Error{Expr: ev.expr, Msg: msg, Token: ev.s[ev.tokStart:]})
}

func (ev *arithEval) check(err error) {
	if err != nil {
		panic(err)
	}
}

func isArithSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// next reads the next token.
func (ev *arithEval) next() error {
	ev.lastTok = ev.tok
	if ev.tok == atStr {
		ev.lastName, ev.lastSub = ev.name, ev.sub
	}
	s := ev.s
	for ev.pos < len(s) && isArithSpace(s[ev.pos]) {
		ev.pos++
	}
	if ev.pos >= len(s) {
		// The error token stays the last one read, as in bash.
		ev.tok = atEOF
		return nil
	}
	ev.tokStart = ev.pos
	switch c := s[ev.pos]; {
	case isNameStart(c):
		ev.scanName()
	case c >= '0' && c <= '9':
		ev.scanNumber()
	default:
		ev.scanOperator()
	}
	return nil
}

// scanName reads a name, with its subscript, and the variable's value
// unless it is not needed.
func (ev *arithEval) scanName() {
	s := ev.s
	start := ev.pos
	for ev.pos < len(s) && isNameChar(s[ev.pos]) {
		ev.pos++
	}
	name := s[start:ev.pos]
	var sub *string
	if ev.pos < len(s) && s[ev.pos] == '[' {
		end := skipSubscript(s, ev.pos)
		if end < 0 {
			ev.fail("bad array subscript")
		}
		t := s[ev.pos+1 : end]
		sub = &t
		ev.pos = end + 1
	}
	ev.tok, ev.name, ev.sub = atStr, name, sub
	// As in bash, the variable is read as it is scanned, unless
	// this is not evaluated or it is only assigned to (x = …).
	ev.val = 0
	if ev.noeval == 0 && !ev.assignedNext() {
		ev.val = ev.readVar(name, sub)
	}
}

// scanNumber reads a number in any of the shell's bases.
func (ev *arithEval) scanNumber() {
	s := ev.s
	start := ev.pos
	for ev.pos < len(s) && (isAlnum(s[ev.pos]) || s[ev.pos] == '#' || s[ev.pos] == '@' || s[ev.pos] == '_') {
		ev.pos++
	}
	ev.tok = atNum
	ev.val = ev.number(s[start:ev.pos])
}

// scanOperator reads an operator or a parenthesis, as bash's readtok
// does: by its first two characters.
func (ev *arithEval) scanOperator() {
	s := ev.s
	c := s[ev.pos]
	ev.pos++
	var c1 byte
	if ev.pos < len(s) {
		c1 = s[ev.pos]
	}
	two := func(op string) {
		ev.pos++
		ev.tok, ev.op = atOp, op
	}
	switch {
	case c == '(':
		ev.tok = atLParen
	case c == ')':
		ev.tok = atRParen
	case c == '=' && c1 == '=':
		two("==")
	case c == '!' && c1 == '=':
		two("!=")
	case c == '>' && c1 == '=':
		two(">=")
	case c == '<' && c1 == '=':
		two("<=")
	case c == '>' && c1 == '>', c == '<' && c1 == '<':
		two(s[ev.pos-1 : ev.pos+1])
		if ev.pos < len(s) && s[ev.pos] == '=' {
			ev.pos++
			ev.tok = atOpAssign
		}
	case c == '&' && c1 == '&':
		two("&&")
	case c == '|' && c1 == '|':
		two("||")
	case c == '*' && c1 == '*':
		two("**")
	case (c == '+' || c == '-') && c1 == c && ev.lastTok == atStr && ev.tok == atStr:
		ev.pos++
		if c == '+' {
			ev.tok = atPostInc
		} else {
			ev.tok = atPostDec
		}
	case (c == '+' || c == '-') && c1 == c:
		// ++ and -- are prefix operators only before a name; otherwise
		// they are two signs.
		p := ev.pos + 1
		for p < len(s) && isArithSpace(s[p]) {
			p++
		}
		if p < len(s) && isNameStart(s[p]) {
			ev.pos++
			if c == '+' {
				ev.tok = atPreInc
			} else {
				ev.tok = atPreDec
			}
		} else {
			ev.tok, ev.op = atOp, s[ev.pos-1:ev.pos]
		}
	case c1 == '=' && strings.IndexByte("*/%+-&^|", c) >= 0:
		ev.tok, ev.op = atOpAssign, s[ev.pos-1:ev.pos]
		ev.pos++
	case c == '=':
		ev.tok = atAssign
	case strings.IndexByte("+-*/%<>&|^!~?:,", c) >= 0:
		ev.tok, ev.op = atOp, s[ev.pos-1:ev.pos]
	default:
		ev.fail("syntax error: invalid arithmetic operator")
	}
}

// assignedNext reports whether a plain = (not ==) follows.
func (ev *arithEval) assignedNext() bool {
	p := ev.pos
	for p < len(ev.s) && isArithSpace(ev.s[p]) {
		p++
	}
	return p < len(ev.s) && ev.s[p] == '=' && (p+1 >= len(ev.s) || ev.s[p+1] != '=')
}

// The token after an atStr decides whether it was followed by ++: bash
// reads "x++" as a post-increment only right after a name.
func (ev *arithEval) isPost() bool { return ev.tok == atPostInc || ev.tok == atPostDec }

// skipSubscript returns the index of the ] closing the [ at s[i], or -1.
func skipSubscript(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return -1
}

// number converts an integer constant: decimal, 0octal, 0xhex, or
// base#digits with a base from 2 to 64.
func (ev *arithEval) number(t string) int64 {
	base := int64(10)
	foundBase := false
	s := t
	if s[0] == '0' {
		s = s[1:]
		if s == "" {
			return 0
		}
		if s[0] == 'x' || s[0] == 'X' {
			base = 16
			s = s[1:]
		} else {
			base = 8
		}
		foundBase = true
	}
	var v int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '#' {
			if foundBase {
				ev.fail("invalid number")
			}
			if v < 2 || v > 64 {
				ev.fail("invalid arithmetic base")
			}
			base, v, foundBase = v, 0, true
			if i+1 >= len(s) || !(isAlnum(s[i+1]) || s[i+1] == '@' || s[i+1] == '_') {
				ev.fail("invalid integer constant")
			}
			continue
		}
		var d int64
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case c >= 'a' && c <= 'z':
			d = int64(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			if base <= 36 {
				d = int64(c-'A') + 10
			} else {
				d = int64(c-'A') + 36
			}
		case c == '@':
			d = 62
		case c == '_':
			d = 63
		}
		if d >= base {
			ev.fail("value too great for base")
		}
		v = v*base + d
	}
	return v
}

// readVar is the value of a variable read in an expression: its value
// evaluated as an expression itself, 0 when unset or empty.
func (ev *arithEval) readVar(name string, sub *string) int64 {
	val, set, err := ev.vars.Get(name, sub, ev.expr, ev.depth)
	ev.check(err)
	if !set && ev.vars.Nounset() && ev.noeval == 0 {
		// bash names the array, not the element: only a variable with
		// no value at all is unset here.
		panic(&Unbound{Name: name})
	}
	if val == "" {
		return 0
	}
	if n, err := strconv.ParseInt(val, 10, 64); err == nil && val[0] != '+' && (val[0] != '0' || len(val) == 1) {
		return n
	}
	if ev.noeval > 0 {
		return 0
	}
	v, err := Eval(ev.vars, val, ev.depth+1)
	ev.check(err)
	return v
}

// comma is the lowest precedence: expressions separated by commas.
func (ev *arithEval) comma() int64 {
	v := ev.assign()
	for ev.tok == atOp && ev.op == "," {
		ev.advance()
		v = ev.assign()
	}
	return v
}

func (ev *arithEval) advance() { ev.check(ev.next()) }

func (ev *arithEval) assign() int64 {
	v := ev.cond()
	if ev.tok != atAssign && ev.tok != atOpAssign {
		return v
	}
	special := ev.tok == atOpAssign
	op := ev.op
	if ev.lastTok != atStr {
		ev.fail("attempted assignment to non-variable")
	}
	name, sub := ev.lastName, ev.lastSub
	lhs := v
	ev.advance()
	v = ev.assign()
	if special {
		v = ev.binary(op, lhs, v)
	}
	if ev.noeval == 0 {
		ev.check(ev.vars.Set(name, sub, v, ev.expr, ev.depth))
	}
	return v
}

func (ev *arithEval) cond() int64 {
	c := ev.logOr()
	if ev.tok != atOp || ev.op != "?" {
		return c
	}
	ev.advance()
	if ev.tok == atEOF || ev.tok == atOp && ev.op == ":" {
		ev.fail("expression expected")
	}
	if c == 0 {
		ev.noeval++
	}
	v1 := ev.comma()
	if c == 0 {
		ev.noeval--
	}
	if ev.tok != atOp || ev.op != ":" {
		ev.fail("`:' expected for conditional expression")
	}
	if c != 0 {
		ev.noeval++
	}
	ev.advance()
	if ev.tok == atEOF {
		ev.fail("expression expected")
	}
	v2 := ev.cond()
	if c != 0 {
		ev.noeval--
	}
	// What comes next cannot assign to a variable of the conditional.
	ev.lastTok = atCond
	if c != 0 {
		return v1
	}
	return v2
}

func (ev *arithEval) logOr() int64 {
	v := ev.logAnd()
	for ev.tok == atOp && ev.op == "||" {
		skip := v != 0
		if skip {
			ev.noeval++
		}
		ev.advance()
		v2 := ev.logAnd()
		if skip {
			ev.noeval--
		}
		v = boolInt(v != 0 || v2 != 0)
		ev.lastTok = atOp
	}
	return v
}

func (ev *arithEval) logAnd() int64 {
	v := ev.level(0)
	for ev.tok == atOp && ev.op == "&&" {
		skip := v == 0
		if skip {
			ev.noeval++
		}
		ev.advance()
		v2 := ev.level(0)
		if skip {
			ev.noeval--
		}
		v = boolInt(v != 0 && v2 != 0)
		ev.lastTok = atOp
	}
	return v
}

// arithLevels are the left-associative binary operators from the lowest
// precedence to the highest, below && and above **.
var arithLevels = [][]string{
	{"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", ">", "<=", ">="}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"},
}

func (ev *arithEval) level(n int) int64 {
	if n == len(arithLevels) {
		return ev.power()
	}
	v := ev.level(n + 1)
	for ev.tok == atOp && isOneOf(ev.op, arithLevels[n]) {
		op := ev.op
		ev.advance()
		v2 := ev.level(n + 1)
		v = ev.binary(op, v, v2)
		ev.lastTok = atOp
	}
	return v
}

func isOneOf(s string, list []string) bool {
	for _, x := range list {
		if s == x {
			return true
		}
	}
	return false
}

func (ev *arithEval) power() int64 {
	v := ev.unary()
	if ev.tok == atOp && ev.op == "**" {
		ev.advance()
		e := ev.power()
		v = ev.binary("**", v, e)
		ev.lastTok = atOp
	}
	return v
}

func (ev *arithEval) unary() int64 {
	if ev.tok == atOp {
		switch ev.op {
		case "!":
			ev.advance()
			return boolInt(ev.unary() == 0)
		case "~":
			ev.advance()
			return ^ev.unary()
		case "-":
			ev.advance()
			return -ev.unary()
		case "+":
			ev.advance()
			return ev.unary()
		}
	}
	return ev.primary()
}

func (ev *arithEval) primary() int64 {
	switch ev.tok {
	case atPreInc, atPreDec:
		inc := int64(1)
		if ev.tok == atPreDec {
			inc = -1
		}
		ev.advance()
		if ev.tok != atStr {
			ev.fail("identifier expected after pre-increment or pre-decrement")
		}
		v := ev.val + inc
		if ev.noeval == 0 {
			ev.check(ev.vars.Set(ev.name, ev.sub, v, ev.expr, ev.depth))
		}
		ev.advance()
		return v
	case atLParen:
		ev.advance()
		v := ev.comma()
		if ev.tok != atRParen {
			ev.fail("missing `)'")
		}
		ev.advance()
		return v
	case atNum:
		v := ev.val
		ev.advance()
		return v
	case atStr:
		v := ev.val
		name, sub := ev.name, ev.sub
		ev.advance()
		if ev.isPost() {
			inc := int64(1)
			if ev.tok == atPostDec {
				inc = -1
			}
			if ev.noeval == 0 {
				ev.check(ev.vars.Set(name, sub, v+inc, ev.expr, ev.depth))
			}
			ev.advance()
			// What follows x++ is not an assignment to x.
			ev.lastTok = atNum
		}
		return v
	}
	ev.fail("syntax error: operand expected")
	return 0
}

// binary applies a binary operator, with bash's errors.
func (ev *arithEval) binary(op string, a, b int64) int64 {
	switch op {
	case "+":
		return a + b
	case "-":
		return a - b
	case "*":
		return a * b
	case "/", "%":
		if b == 0 {
			if ev.noeval > 0 {
				return 0
			}
			ev.fail("division by 0")
		}
		if op == "/" {
			return a / b
		}
		return a % b
	case "**":
		if b < 0 {
			if ev.noeval > 0 {
				return 0
			}
			ev.fail("exponent less than 0")
		}
		r := int64(1)
		for b > 0 {
			if b&1 == 1 {
				r *= a
			}
			a *= a
			b >>= 1
		}
		return r
	case "<<":
		return a << (uint64(b) & 63)
	case ">>":
		return a >> (uint64(b) & 63)
	case "&":
		return a & b
	case "|":
		return a | b
	case "^":
		return a ^ b
	case "==":
		return boolInt(a == b)
	case "!=":
		return boolInt(a != b)
	case "<":
		return boolInt(a < b)
	case ">":
		return boolInt(a > b)
	case "<=":
		return boolInt(a <= b)
	case ">=":
		return boolInt(a >= b)
	}
	ev.fail("syntax error: invalid arithmetic operator")
	return 0
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
