package engine

import (
	"errors"
	"fmt"
	"nosh/shell/internal/arith"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/rewrite"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// How nosh's arithmetic (package shell/internal/arith) is wired into
// interp. The rewrite replaces each $(( expr )) by an expansion hook
// (expansion_hook.go) that evaluates it in the runner that expands it,
// reading and assigning its variables. The expressions of (( )), for (( ; ; )), let and [[ -eq ]]
// become such hooks too.
//
// The expression is kept as a template: its text as the parser read it,
// with the expansions inside ($x, ${a[i]}, $(cmd)) left to expand when it
// runs. Like bash, nosh evaluates the text that results, so x='1 + 2';
// $(( $x * 3 )) is 7.

// arithStash is one expression of the program.
type arithStash struct {
	// text is the whole expression when it has no expansions.
	text string
	// pieces are its text and expansions, in order, when it has some.
	pieces []arithPiece
	// command is set for (( )) and for (( ; ; )): an error makes the
	// command fail (status 1) instead of abandoning the line.
	command bool
	// lazy lists the ${x:-word} expansions the expression is in the word
	// of: it is evaluated only when they use their word.
	lazy []*syntax.ParamExp
	// label names the command in messages: "((" when empty, "let".
	label string
	// each are let's expressions, evaluated in turn in place of this
	// one's.
	each []*arithStash
}

// arithPiece is literal text or a word part to expand.
type arithPiece struct {
	text string
	part *syntax.Word
}

// arithTemplate builds the template of an expression. Tokens are spaced
// as the user wrote them (their offsets say where), so that an error
// message shows the expression as written, as bash's does ("1/0: division
// by 0"); a token without a position (made by a rewrite) gets the
// parser's normal spacing.
type arithTemplate struct {
	b      strings.Builder
	pieces []arithPiece
	// unquote removes single quotes as in any shell word (let's
	// arguments, the operands of [[ -eq ]]); in $(( )) bash refuses them.
	unquote bool
	// end is the offset just after the last token written, or -1 when
	// it is not known; pad is the normal spacing the next token gets
	// when its distance from that one is not known.
	end     int
	started bool
	pad     string
}

// space writes the spacing before a token at pos: the source's, or pad
// and the template's pending pad.
func (t *arithTemplate) space(pos syntax.Pos, pad string) {
	if !t.started {
		t.started = true
	} else if t.end >= 0 && pos.IsValid() && int(pos.Offset()) >= t.end {
		t.b.WriteString(strings.Repeat(" ", int(pos.Offset())-t.end))
	} else if pad != "" || t.pad != "" {
		t.b.WriteString(" ")
	}
	t.pad = ""
}

// tok writes the text of a token at pos; pad is its normal spacing
// before.
func (t *arithTemplate) tok(pos syntax.Pos, s, pad string) {
	t.space(pos, pad)
	t.b.WriteString(s)
	t.endAt(pos, len(s))
}

// endAt records that the last token ends n bytes after pos.
func (t *arithTemplate) endAt(pos syntax.Pos, n int) {
	if pos.IsValid() {
		t.end = int(pos.Offset()) + n
	} else {
		t.end = -1
	}
}

func (t *arithTemplate) text(s string) { t.b.WriteString(s); t.end = -1 }

func (t *arithTemplate) expansion(p syntax.WordPart) {
	t.space(p.Pos(), "")
	if t.b.Len() > 0 {
		t.pieces = append(t.pieces, arithPiece{text: t.b.String()})
		t.b.Reset()
	}
	t.pieces = append(t.pieces, arithPiece{part: &syntax.Word{Parts: []syntax.WordPart{p}}})
	if end := p.End(); end.IsValid() && p.Pos().IsValid() {
		t.end = int(end.Offset())
	} else {
		t.end = -1
	}
}

func (t *arithTemplate) expr(x syntax.ArithmExpr) {
	switch x := x.(type) {
	case nil:
	case *syntax.Word:
		t.word(x.Parts)
	case *syntax.BinaryArithm:
		t.expr(x.X)
		t.tok(x.OpPos, x.Op.String(), " ")
		t.pad = " "
		t.expr(x.Y)
	case *syntax.UnaryArithm:
		if x.Post {
			t.expr(x.X)
			t.tok(x.OpPos, x.Op.String(), " ")
		} else {
			// A space after the operator, so that - -x is not --x.
			t.tok(x.OpPos, x.Op.String(), "")
			t.pad = " "
			t.expr(x.X)
		}
	case *syntax.ParenArithm:
		t.tok(x.Lparen, "(", "")
		t.expr(x.X)
		t.tok(x.Rparen, ")", "")
	}
}

func (t *arithTemplate) word(parts []syntax.WordPart) {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			t.tok(p.ValuePos, p.Value, "")
			if p.ValueEnd.IsValid() && p.ValuePos.IsValid() {
				t.end = int(p.ValueEnd.Offset())
			}
		case *syntax.SglQuoted:
			switch {
			case p.Dollar:
				t.expansion(p)
			case t.unquote:
				t.tok(p.Left, p.Value, "")
				t.end = -1
			default:
				// bash refuses single quotes in $(( )); keeping them
				// makes the evaluation fail as bash's does.
				t.tok(p.Left, "'"+p.Value+"'", "")
			}
		case *syntax.DblQuoted:
			// Double quotes are removed; what is inside expands.
			t.space(p.Left, "")
			t.end = -1
			t.word(p.Parts)
			t.end = -1
		case *syntax.ParamExp:
			if !p.Dollar.IsValid() && p.Param != nil && fields.IsPlainParam(&syntax.ParamExp{Param: p.Param}) && !p.Excl && !p.Length {
				// a[i] inside an expression: a name with a subscript.
				t.tok(p.Param.ValuePos, p.Param.Value, "")
				if p.Index != nil {
					t.text("[")
					t.expr(p.Index)
					t.text("]")
				}
				continue
			}
			t.expansion(p)
		default:
			t.expansion(p)
		}
	}
}

// arithStashOf returns the stash entry of an expression, with the
// expansions in it rewritten.
func (s *Engine) arithStashOf(x syntax.ArithmExpr, right syntax.Pos) *arithStash {
	rewrite.ArithmLineno(x)
	var t arithTemplate
	t.expr(x)
	t.trail(right)
	return s.stashTemplate(&t)
}

// trail writes the spaces between the last token and right, the closing
// parentheses: bash's messages show them.
func (t *arithTemplate) trail(right syntax.Pos) {
	if t.end >= 0 && right.IsValid() && int(right.Offset()) > t.end {
		t.b.WriteString(strings.Repeat(" ", int(right.Offset())-t.end))
	}
}

// stashTemplate returns the stash entry of a template.
func (s *Engine) stashTemplate(t *arithTemplate) *arithStash {
	a := &arithStash{}
	if len(t.pieces) == 0 {
		a.text = t.b.String()
		return a
	}
	if t.b.Len() > 0 {
		t.pieces = append(t.pieces, arithPiece{text: t.b.String()})
	}
	for _, p := range t.pieces {
		if p.part != nil {
			s.rewrite(p.part)
		}
	}
	a.pieces = t.pieces
	return a
}

// rewriteArithParts replaces the $(( )) among parts.
func (s *Engine) rewriteArithParts(parts []syntax.WordPart) {
	for i, p := range parts {
		ae, ok := p.(*syntax.ArithmExp)
		if !ok || ae.Bracket || ae.Unsigned {
			continue
		}
		a := s.arithStashOf(ae.X, ae.Right)
		if lazy := s.TakeLazyWords(ae); lazy != nil {
			a.lazy = lazy
		}
		parts[i] = s.hookSubst(ae.Left, a)
	}
}

// rewriteArithCmd makes (( expr )) evaluate expr with nosh.
func (s *Engine) rewriteArithCmd(ac *syntax.ArithmCmd) {
	if w, ok := ac.X.(*syntax.Word); ok && len(w.Parts) == 1 {
		if cs, ok := w.Parts[0].(*syntax.CmdSubst); ok && IsHookSubst(cs) {
			return
		}
	}
	a := s.arithStashOf(ac.X, ac.Right)
	a.command = true
	ac.X = s.hookWord(ac.Left, a)
}

// rewriteArithFor makes the three expressions of for (( ; ; )) evaluate
// with nosh. An empty condition stays empty: it is true.
func (s *Engine) rewriteArithFor(fc *syntax.ForClause) {
	cl, ok := fc.Loop.(*syntax.CStyleLoop)
	if !ok {
		return
	}
	for _, x := range []*syntax.ArithmExpr{&cl.Init, &cl.Cond, &cl.Post} {
		if *x == nil {
			continue
		}
		if w, ok := (*x).(*syntax.Word); ok && len(w.Parts) == 1 {
			if cs, ok := w.Parts[0].(*syntax.CmdSubst); ok && IsHookSubst(cs) {
				continue
			}
		}
		a := s.arithStashOf(*x, syntax.Pos{})
		a.command = true
		*x = s.hookWord(cl.Lparen, a)
	}
}

// rewriteLet makes a let command evaluate its expressions with nosh, one
// after the other as bash does (an error names the one that failed); its
// status is that of the last one.
func (s *Engine) rewriteLet(st *syntax.Stmt, lc *syntax.LetClause) {
	a := &arithStash{command: true, label: "let"}
	for _, x := range lc.Exprs {
		t := arithTemplate{unquote: true}
		rewrite.ArithmLineno(x)
		t.expr(x)
		e := s.stashTemplate(&t)
		e.command = true
		a.each = append(a.each, e)
	}
	st.Cmd = &syntax.ArithmCmd{Left: lc.Let, Right: lc.Let, X: s.hookWord(lc.Let, a)}
}

// rewriteTestArith makes the operands of [[ a -eq b ]] (and -ne -lt -le
// -gt -ge) expressions, as bash evaluates them.
func (s *Engine) rewriteTestArith(bt *syntax.BinaryTest) {
	switch bt.Op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLss, syntax.TsLeq, syntax.TsGtr, syntax.TsGeq:
	default:
		return
	}
	for _, x := range []*syntax.TestExpr{&bt.X, &bt.Y} {
		w, ok := (*x).(*syntax.Word)
		if !ok || len(w.Parts) == 1 && IsHookPart(w.Parts[0]) {
			continue
		}
		t := arithTemplate{unquote: true}
		t.word(w.Parts)
		a := s.stashTemplate(&t)
		a.command, a.label = true, "[["
		*x = s.hookWord(w.Pos(), a)
	}
}

// hookValue evaluates the expression in r, as text.
func (a *arithStash) hookValue(s *Engine, r *interp.Runner) (string, error) {
	for _, pe := range a.lazy {
		if !WordUsed(r, pe) {
			return "", nil
		}
	}
	if a.each == nil {
		v, _, err := a.eval(s, r, a.label)
		return v, err
	}
	v := "0"
	for _, x := range a.each {
		var failed bool
		var err error
		if v, failed, err = x.eval(s, r, a.label); err != nil || failed {
			return v, err
		}
	}
	return v, nil
}

// eval evaluates one expression in r; failed says an error made a
// command fail (label names it in the message).
func (a *arithStash) eval(s *Engine, r *interp.Runner, label string) (v string, failed bool, err error) {
	text, err := a.expression(r)
	if err != nil {
		return "", false, err
	}
	n, err := arith.Eval(arith.RunnerVars{R: r}, text, 0)
	if err != nil {
		var ub *arith.Unbound
		switch {
		case errors.As(err, &ub):
			return "", false, &Abort{Msg: s.name() + ": " + err.Error(), Exit: true, Unset: true}
		case a.command:
			// (( )) fails; the script goes on.
			if label == "" {
				label = "(("
			}
			fmt.Fprintf(interpunsafe.GetStreams(r).Stderr, "%s: %s: %v\n", s.name(), label, err)
			return "0", true, nil
		}
		return "", false, s.NewAbort(err.Error())
	}
	return strconv.FormatInt(n, 10), false, nil
}

// expression returns the text of a with its expansions done in r.
func (a *arithStash) expression(r *interp.Runner) (string, error) {
	if a.pieces == nil {
		return a.text, nil
	}
	var b strings.Builder
	// A configuration of its own: interp is in the middle of expanding
	// the $(<NAME) with its own, whose buffer the pieces would overwrite.
	cfg := fields.FreshConfig(interpunsafe.ExpandConfig(r))
	for _, p := range a.pieces {
		if p.part == nil {
			b.WriteString(p.text)
			continue
		}
		v, err := expand.Literal(cfg, p.part)
		if err != nil {
			return "", err
		}
		b.WriteString(v)
	}
	return b.String(), nil
}
