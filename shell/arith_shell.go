package shell

import (
	"context"
	"errors"
	"fmt"
	"nosh/shell/internal/arith"
	"slices"
	"sort"
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
}

// arithPiece is literal text or a word part to expand.
type arithPiece struct {
	text string
	part *syntax.Word
}

// arithTemplate builds the template of an expression.
type arithTemplate struct {
	b      strings.Builder
	pieces []arithPiece
	// unquote removes single quotes as in any shell word (let's
	// arguments, the operands of [[ -eq ]]); in $(( )) bash refuses them.
	unquote bool
}

func (t *arithTemplate) text(s string) { t.b.WriteString(s) }

func (t *arithTemplate) expansion(p syntax.WordPart) {
	if t.b.Len() > 0 {
		t.pieces = append(t.pieces, arithPiece{text: t.b.String()})
		t.b.Reset()
	}
	t.pieces = append(t.pieces, arithPiece{part: &syntax.Word{Parts: []syntax.WordPart{p}}})
}

func (t *arithTemplate) expr(x syntax.ArithmExpr) {
	switch x := x.(type) {
	case nil:
	case *syntax.Word:
		t.word(x.Parts)
	case *syntax.BinaryArithm:
		t.expr(x.X)
		t.text(" " + x.Op.String() + " ")
		t.expr(x.Y)
	case *syntax.UnaryArithm:
		if x.Post {
			t.expr(x.X)
			t.text(" " + x.Op.String())
		} else {
			// A space after the operator, so that - -x is not --x.
			t.text(x.Op.String() + " ")
			t.expr(x.X)
		}
	case *syntax.ParenArithm:
		t.text("(")
		t.expr(x.X)
		t.text(")")
	}
}

func (t *arithTemplate) word(parts []syntax.WordPart) {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			t.text(p.Value)
		case *syntax.SglQuoted:
			switch {
			case p.Dollar:
				t.expansion(p)
			case t.unquote:
				t.text(p.Value)
			default:
				// bash refuses single quotes in $(( )); keeping them
				// makes the evaluation fail as bash's does.
				t.text("'" + p.Value + "'")
			}
		case *syntax.DblQuoted:
			// Double quotes are removed; what is inside expands.
			t.word(p.Parts)
		case *syntax.ParamExp:
			if !p.Dollar.IsValid() && p.Param != nil && isPlainParam(&syntax.ParamExp{Param: p.Param}) && !p.Excl && !p.Length {
				// a[i] inside an expression: a name with a subscript.
				t.text(p.Param.Value)
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
func (s *Shell) arithStashOf(x syntax.ArithmExpr) *arithStash {
	rewriteArithmLineno(x)
	var t arithTemplate
	t.expr(x)
	return s.stashTemplate(&t)
}

// stashTemplate returns the stash entry of a template.
func (s *Shell) stashTemplate(t *arithTemplate) *arithStash {
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
func (s *Shell) rewriteArithParts(parts []syntax.WordPart) {
	for i, p := range parts {
		ae, ok := p.(*syntax.ArithmExp)
		if !ok || ae.Bracket || ae.Unsigned {
			continue
		}
		a := s.arithStashOf(ae.X)
		if lazy, ok := s.lazyWords.LoadAndDelete(ae); ok {
			a.lazy, _ = lazy.([]*syntax.ParamExp)
		}
		parts[i] = s.hookSubst(ae.Left, a)
	}
}

// rewriteArithCmd makes (( expr )) evaluate expr with nosh.
func (s *Shell) rewriteArithCmd(ac *syntax.ArithmCmd) {
	if w, ok := ac.X.(*syntax.Word); ok && len(w.Parts) == 1 {
		if cs, ok := w.Parts[0].(*syntax.CmdSubst); ok && isHookSubst(cs) {
			return
		}
	}
	a := s.arithStashOf(ac.X)
	a.command = true
	ac.X = s.hookWord(ac.Left, a)
}

// rewriteArithFor makes the three expressions of for (( ; ; )) evaluate
// with nosh. An empty condition stays empty: it is true.
func (s *Shell) rewriteArithFor(fc *syntax.ForClause) {
	cl, ok := fc.Loop.(*syntax.CStyleLoop)
	if !ok {
		return
	}
	for _, x := range []*syntax.ArithmExpr{&cl.Init, &cl.Cond, &cl.Post} {
		if *x == nil {
			continue
		}
		if w, ok := (*x).(*syntax.Word); ok && len(w.Parts) == 1 {
			if cs, ok := w.Parts[0].(*syntax.CmdSubst); ok && isHookSubst(cs) {
				continue
			}
		}
		a := s.arithStashOf(*x)
		a.command = true
		*x = s.hookWord(cl.Lparen, a)
	}
}

// rewriteLet makes a let command evaluate its expressions with nosh: it
// becomes (( e1 , e2 , … )), which assigns the same and has the status of
// the last one.
func (s *Shell) rewriteLet(st *syntax.Stmt, lc *syntax.LetClause) {
	t := arithTemplate{unquote: true}
	for i, x := range lc.Exprs {
		if i > 0 {
			t.text(" , ")
		}
		rewriteArithmLineno(x)
		t.expr(x)
	}
	a := s.stashTemplate(&t)
	a.command = true
	st.Cmd = &syntax.ArithmCmd{Left: lc.Let, Right: lc.Let, X: s.hookWord(lc.Let, a)}
}

// rewriteTestArith makes the operands of [[ a -eq b ]] (and -ne -lt -le
// -gt -ge) expressions, as bash evaluates them.
func (s *Shell) rewriteTestArith(bt *syntax.BinaryTest) {
	switch bt.Op {
	case syntax.TsEql, syntax.TsNeq, syntax.TsLss, syntax.TsLeq, syntax.TsGtr, syntax.TsGeq:
	default:
		return
	}
	for _, x := range []*syntax.TestExpr{&bt.X, &bt.Y} {
		w, ok := (*x).(*syntax.Word)
		if !ok || len(w.Parts) == 1 && isHookPart(w.Parts[0]) {
			continue
		}
		t := arithTemplate{unquote: true}
		t.word(w.Parts)
		a := s.stashTemplate(&t)
		a.command = true
		*x = s.hookWord(w.Pos(), a)
	}
}

// hookValue evaluates the expression in r, as text.
func (a *arithStash) hookValue(s *Shell, r *interp.Runner) (string, error) {
	for _, pe := range a.lazy {
		if !wordUsed(r, pe) {
			return "", nil
		}
	}
	text, err := a.expression(r)
	if err != nil {
		return "", err
	}
	v, err := arith.Eval(runnerArith{r: r}, text, 0)
	if err != nil {
		var ub *arith.Unbound
		switch {
		case errors.As(err, &ub):
			return "", &shellAbort{msg: s.Name + ": " + err.Error(), exit: true}
		case a.command:
			// (( )) fails; the script goes on.
			fmt.Fprintf(interpunsafe.GetStreams(r).Stderr, "%s: ((: %v\n", s.Name, err)
			return "0", nil
		}
		return "", s.newAbort(err.Error())
	}
	return strconv.FormatInt(v, 10), nil
}

// expression returns the text of a with its expansions done in r.
func (a *arithStash) expression(r *interp.Runner) (string, error) {
	if a.pieces == nil {
		return a.text, nil
	}
	var b strings.Builder
	// A configuration of its own: interp is in the middle of expanding
	// the $(<NAME) with its own, whose buffer the pieces would overwrite.
	cfg := freshExpandConfig(interpunsafe.ExpandConfig(r))
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

// freshExpandConfig returns a configuration that expands as cfg does,
// with buffers of its own.
func freshExpandConfig(cfg *expand.Config) *expand.Config {
	return &expand.Config{
		Env: cfg.Env, CmdSubst: cfg.CmdSubst, ProcSubst: cfg.ProcSubst,
		ReadDir: cfg.ReadDir, ReadDir2: cfg.ReadDir2,
		GlobStar: cfg.GlobStar, DotGlob: cfg.DotGlob, NoCaseGlob: cfg.NoCaseGlob,
		NullGlob: cfg.NullGlob, NoUnset: cfg.NoUnset, ExtGlob: cfg.ExtGlob,
	}
}

// runnerArith gives the evaluator a runner's variables.
type runnerArith struct {
	r *interp.Runner
}

func (ra runnerArith) Nounset() bool { return *interpunsafe.Option(ra.r, "nounset") }

// resolve follows a name reference.
func (ra runnerArith) resolve(name string) (string, expand.Variable) {
	vr := interpunsafe.LookupVar(ra.r, name)
	if vr.Kind == expand.NameRef {
		if n, v := vr.Resolve(interpunsafe.ExpandConfig(ra.r).Env); n != "" {
			return n, v
		}
	}
	return name, vr
}

// subscript evaluates the subscript of an indexed array element; a
// negative one counts back from the end.
func (ra runnerArith) subscript(name string, vr expand.Variable, sub string, expr string, depth int) (int, error) {
	if strings.TrimSpace(sub) == "" {
		return 0, &arith.Error{Expr: expr, Msg: name + "[" + sub + "]: bad array subscript", NoToken: true}
	}
	k, err := arith.Eval(ra, sub, depth+1)
	if err != nil {
		return 0, err
	}
	if k < 0 {
		k += int64(indexedMax(vr)) + 1
		if k < 0 {
			return 0, &arith.Error{Expr: expr, Msg: name + "[" + sub + "]: bad array subscript", NoToken: true}
		}
	}
	return int(k), nil
}

func (ra runnerArith) Get(name string, sub *string, expr string, depth int) (string, bool, error) {
	name, vr := ra.resolve(name)
	if sub == nil {
		switch vr.Kind {
		case expand.Indexed:
			v, ok := indexedGet(vr, 0)
			return v, ok, nil
		case expand.Associative:
			v, ok := vr.Map["0"]
			return v, ok, nil
		}
		return vr.Str, vr.IsSet(), nil
	}
	// Under set -u an unset element of a set array is 0, as in bash;
	// only an unset array is unset.
	if vr.Kind == expand.Associative {
		v := vr.Map[assocKey(*sub)]
		return v, vr.IsSet(), nil
	}
	k, err := ra.subscript(name, vr, *sub, expr, depth)
	if err != nil {
		return "", false, err
	}
	switch vr.Kind {
	case expand.Indexed:
		v, _ := indexedGet(vr, k)
		return v, vr.IsSet(), nil
	case expand.String:
		if k == 0 {
			return vr.Str, vr.IsSet(), nil
		}
		return "", vr.IsSet(), nil
	}
	return "", false, nil
}

func (ra runnerArith) Set(name string, sub *string, value int64, expr string, depth int) error {
	name, vr := ra.resolve(name)
	val := strconv.FormatInt(value, 10)
	if vr.ReadOnly {
		return &arith.Error{Expr: expr, Msg: name + ": readonly variable", NoToken: true}
	}
	switch {
	case vr.Kind == expand.Associative:
		key := "0"
		if sub != nil {
			key = assocKey(*sub)
		}
		m := make(map[string]string, len(vr.Map)+1)
		for k, v := range vr.Map {
			m[k] = v
		}
		m[key] = val
		vr.Map = m
	case sub != nil || vr.Kind == expand.Indexed:
		k := 0
		if sub != nil {
			var err error
			if k, err = ra.subscript(name, vr, *sub, expr, depth); err != nil {
				return err
			}
		}
		if vr.Kind != expand.Indexed {
			old := vr
			vr.List, vr.Indexes = nil, nil
			if old.Kind == expand.String && old.IsSet() {
				vr.List = []string{old.Str}
			}
			vr.Kind = expand.Indexed
		}
		vr.List, vr.Indexes = indexedSet(vr.List, vr.Indexes, k, val)
	default:
		vr.Kind, vr.Str = expand.String, val
	}
	vr.Set = true
	if err := interpunsafe.SetVarChecked(ra.r, name, vr); err != nil {
		return &arith.Error{Expr: expr, Msg: err.Error(), NoToken: true}
	}
	return nil
}

// assocKey is an associative array's key as written in an expression,
// without its quotes.
func assocKey(sub string) string {
	sub = strings.TrimSpace(sub)
	if len(sub) >= 2 && (sub[0] == '"' || sub[0] == '\'') && sub[len(sub)-1] == sub[0] {
		return sub[1 : len(sub)-1]
	}
	return sub
}

// indexedGet returns element k of an indexed array.
func indexedGet(vr expand.Variable, k int) (string, bool) {
	if vr.Indexes == nil {
		if k >= 0 && k < len(vr.List) {
			return vr.List[k], true
		}
		return "", false
	}
	i := sort.SearchInts(vr.Indexes, k)
	if i < len(vr.Indexes) && vr.Indexes[i] == k {
		return vr.List[i], true
	}
	return "", false
}

// indexedMax is the highest index of an indexed array, -1 when empty.
func indexedMax(vr expand.Variable) int {
	if vr.Kind != expand.Indexed {
		if vr.IsSet() {
			return 0
		}
		return -1
	}
	if vr.Indexes == nil {
		return len(vr.List) - 1
	}
	if len(vr.Indexes) == 0 {
		return -1
	}
	return vr.Indexes[len(vr.Indexes)-1]
}

// indexedSet returns copies of an array's list and indexes with element k
// set to val. The array stays dense while it can.
func indexedSet(list []string, indexes []int, k int, val string) ([]string, []int) {
	list = slices.Clone(list)
	if indexes == nil {
		switch {
		case k < len(list):
			list[k] = val
			return list, nil
		case k == len(list):
			return append(list, val), nil
		}
		indexes = make([]int, len(list))
		for i := range indexes {
			indexes[i] = i
		}
	} else {
		indexes = slices.Clone(indexes)
	}
	i := sort.SearchInts(indexes, k)
	if i < len(indexes) && indexes[i] == k {
		list[i] = val
		return list, indexes
	}
	list = slices.Insert(list, i, val)
	indexes = slices.Insert(indexes, i, k)
	return list, indexes
}

// builtinLet is let: each argument is an expression; the status is 0 when
// the last one is not 0.
func builtinLet(ctx context.Context, c *call) error {
	if len(c.args) == 0 {
		return c.errorf(2, "expression expected")
	}
	var v int64
	for _, arg := range c.args {
		var err error
		v, err = arith.Eval(runnerArith{r: c.r}, arg, 0)
		if err != nil {
			var ub *arith.Unbound
			if errors.As(err, &ub) {
				a := &shellAbort{msg: c.sh.Name + ": " + err.Error(), exit: true}
				fmt.Fprintln(c.stderr, a.msg)
				return a
			}
			return c.errorf(1, "%v", err)
		}
	}
	if v == 0 {
		return interp.ExitStatus(1)
	}
	return nil
}
