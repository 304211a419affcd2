package analysis

import "mvdan.cc/sh/v3/syntax"

// The walk inside words: substitutions, parameter expansions and
// arithmetic, which hold commands and assignments of their own.

// word analyses the substitutions inside a word and returns what is
// known about its value.
func (a *Analyzer) word(w *syntax.Word) Word {
	if w == nil {
		return Word{}
	}
	start := len(a.Units)
	static := true
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit, *syntax.SglQuoted:
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					static = false
					a.part(q)
				}
			}
		default:
			static = false
			a.part(p)
		}
	}
	out := Word{Node: w, download: a.downloadSince(start) || a.usesTainted(w)}
	if static {
		if v, ok := StaticWord(w); ok {
			out.Value = v
			return out
		}
	}
	out.Value = a.source(w)
	out.Kind = Fields
	if singleField(w) {
		out.Kind = Field
	}
	// Only the units' words are brace-expanded, by expanded; this is the
	// cheap test, as braceValues allocates on every call.
	out.braced = static && mayHaveBraces(w)
	return out
}

// part analyses an expansion inside a word.
func (a *Analyzer) part(p syntax.WordPart) {
	switch p := p.(type) {
	case *syntax.CmdSubst:
		a.subst(p)
	case *syntax.ParamExp:
		if p.Exp == nil && p.Repl == nil && p.Index == nil && p.Slice == nil && p.NestedParam == nil {
			return // $name: nothing inside
		}
		a.nested(p)
	default:
		a.nested(p)
	}
}

// nested finds the commands inside a node that is not itself a command:
// substitutions in parameter expansions, arithmetic, tests and
// here-documents; and assignments made by arithmetic and ${x:=y}.
func (a *Analyzer) nested(n syntax.Node) {
	if n == nil {
		return
	}
	switch n := n.(type) {
	case *syntax.Word:
		if n == nil {
			return
		}
	case syntax.ArithmExpr:
		if n == nil {
			return
		}
	case syntax.TestExpr:
		if n == nil {
			return
		}
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.CmdSubst:
			a.subst(n)
			return false
		case *syntax.ProcSubst:
			ctx := "<(…)"
			if n.Op == syntax.CmdOut {
				ctx = ">(…)"
			}
			a.substStmts(n.Stmts, ctx)
			return false
		case *syntax.ParamExp:
			if n.Exp != nil && n.Param != nil {
				switch n.Exp.Op {
				case syntax.AssignUnset, syntax.AssignUnsetOrNull:
					a.assignName(n.Param.Value, a.pos(n.Pos()), a.source(n))
					if n.Excl && a.InShell {
						// ${!v:=x} assigns the variable v names.
						a.find(KindAssign, a.pos(n.Pos()), a.source(n), n.Param.Value, "assigns, in your shell, a variable whose name is computed at run time")
					} else {
						a.shellVar(n.Param.Value, a.pos(n.Pos()), a.source(n))
					}
					a.trackAssignDefault(n)
				case syntax.OtherParamOps:
					if n.Exp.Word != nil && n.Exp.Word.Lit() == "P" {
						a.find(KindEval, a.pos(n.Pos()), a.source(n), "@P", "prompt expansion, which can run command substitutions")
					}
				}
			}
		case *syntax.BinaryArithm:
			if isArithAssign(n.Op) {
				if w, ok := n.X.(*syntax.Word); ok {
					a.assignName(w.Lit(), a.pos(n.Pos()), a.source(n))
					a.shellVar(arithName(w), a.pos(n.Pos()), a.source(n))
					a.forget(arithName(w))
				}
			}
		case *syntax.UnaryArithm:
			if n.Op == syntax.Inc || n.Op == syntax.Dec {
				if w, ok := n.X.(*syntax.Word); ok {
					a.assignName(w.Lit(), a.pos(n.Pos()), a.source(n))
					a.shellVar(arithName(w), a.pos(n.Pos()), a.source(n))
					a.forget(arithName(w))
				}
			}
		}
		return true
	})
}

// usesTainted reports whether a word expands a variable holding
// downloaded data.
func (a *Analyzer) usesTainted(w *syntax.Word) bool {
	if len(a.tainted) == 0 {
		return false
	}
	found := false
	syntax.Walk(w, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && a.tainted[pe.Param.Value] {
			found = true
		}
		return !found
	})
	return found
}

func isArithAssign(op syntax.BinAritOperator) bool {
	switch op {
	case syntax.Assgn, syntax.AddAssgn, syntax.SubAssgn, syntax.MulAssgn, syntax.QuoAssgn,
		syntax.RemAssgn, syntax.AndAssgn, syntax.OrAssgn, syntax.XorAssgn, syntax.ShlAssgn, syntax.ShrAssgn:
		return true
	}
	return false
}

func (a *Analyzer) subst(c *syntax.CmdSubst) {
	ctx := "$(…)"
	if c.Backquotes {
		ctx = "`…`"
	}
	a.substStmts(c.Stmts, ctx)
}

func (a *Analyzer) substStmts(list []*syntax.Stmt, ctx string) {
	saved := a.stdin
	a.stdin = StdinInfo{}
	a.push(ctx)
	a.inSubshell(func() { a.stmts(list) })
	a.pop()
	a.stdin = saved
}
