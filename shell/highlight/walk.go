package highlight

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// walker paints one parsed program whose offsets start at base in the
// line; nothing is painted at or after limit (text appended to close an
// incomplete construct lies there).
type walker struct {
	*painter
	base, limit int
	hdocs       map[*syntax.Word]bool
}

func (p *painter) file(f *syntax.File, base, limit int) {
	w := &walker{painter: p, base: base, limit: limit}
	if p.h.Danger != nil {
		for _, st := range f.Stmts {
			from, to := w.off(st.Pos()), w.off(st.End())
			if from < to && p.h.Danger(p.src[from:to]) {
				p.dangers = append(p.dangers, [2]int{from, to})
			}
		}
	}
	syntax.Walk(f, w.node)
}

// off converts a position to an offset in the line. Recovered or invalid
// positions become limit: an end position is recovered when its construct
// is still open, which then extends to the end of what was typed.
func (w *walker) off(pos syntax.Pos) int {
	if !pos.IsValid() || pos.IsRecovered() {
		return w.limit
	}
	return min(w.base+int(pos.Offset()), w.limit)
}

func (w *walker) mark(pos syntax.Pos, n int, c Class) {
	if !pos.IsValid() || pos.IsRecovered() {
		return
	}
	at := w.off(pos)
	w.paint(at, min(at+n, w.limit), c)
}

// keyword paints the reserved word (or single symbol) at pos.
func (w *walker) keyword(pos syntax.Pos, c Class) {
	if !pos.IsValid() || pos.IsRecovered() {
		return
	}
	at := w.off(pos)
	j := at
	for j < w.limit && isLetter(w.src[j]) {
		j++
	}
	if j == at {
		j = min(at+1, w.limit)
	}
	w.paint(at, j, c)
}

func isLetter(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }

// span paints node n; it is generic so that a nil *syntax.Lit or
// *syntax.Word (which the tree has where something is absent) is seen as
// nil rather than as a non-nil interface.
func span[N interface {
	comparable
	syntax.Node
}](w *walker, n N, c Class) {
	var none N
	if n == none || !n.Pos().IsValid() || n.Pos().IsRecovered() {
		return
	}
	w.paint(w.off(n.Pos()), w.off(n.End()), c)
}

// unterminated records an error mark on the n-byte opener at pos of a
// construct whose closing position was recovered.
func (w *walker) unterminated(pos syntax.Pos, n int, closing syntax.Pos) {
	if !closing.IsRecovered() || !pos.IsValid() || pos.IsRecovered() {
		return
	}
	at := w.off(pos)
	w.errs = append(w.errs, [2]int{at, min(at+n, w.limit)})
}

func (w *walker) node(n syntax.Node) bool {
	switch n := n.(type) {
	case *syntax.Comment:
		span(w, n, Comment)
	case *syntax.Stmt:
		w.stmt(n)
	case *syntax.CallExpr:
		w.call(n)
	case *syntax.Assign:
		if n.Name != nil {
			span(w, n.Name, Variable)
		} else if n.Naked && n.Value != nil && isOption(n.Value) {
			span(w, n.Value, Option)
		}
	case *syntax.DeclClause:
		span(w, n.Variant, Builtin)
	case *syntax.LetClause:
		w.mark(n.Let, 3, Builtin)
	case *syntax.Word:
		if !w.hdocs[n] {
			w.word(n)
		}
	case *syntax.Redirect:
		w.redirect(n)
	case *syntax.BinaryCmd:
		w.mark(n.OpPos, len(n.Op.String()), Operator)
	case *syntax.SglQuoted:
		span(w, n, String)
		w.unterminated(n.Left, quoteLen(n.Dollar), n.Right)
	case *syntax.DblQuoted:
		span(w, n, String)
		w.unterminated(n.Left, quoteLen(n.Dollar), n.Right)
	case *syntax.ParamExp:
		span(w, n, Variable)
		if !n.Short {
			w.unterminated(n.Dollar, 2, n.Rbrace)
		}
	case *syntax.CmdSubst:
		w.delims(n.Left, n.Right, n.Backquotes, 2, 1)
	case *syntax.ArithmExp:
		w.delims(n.Left, n.Right, false, 3, 2)
	case *syntax.ProcSubst:
		w.delims(n.OpPos, n.Rparen, false, 2, 1)
	case *syntax.ExtGlob:
		w.mark(n.OpPos, 2, Operator)
	default:
		w.compound(n)
	}
	return true
}

func quoteLen(dollar bool) int {
	if dollar {
		return 2
	}
	return 1
}

// delims paints the opening and closing delimiters of an expansion, and
// marks the opener when the closer is missing.
func (w *walker) delims(left, right syntax.Pos, backquotes bool, nl, nr int) {
	if backquotes {
		nl, nr = 1, 1
	}
	if left.IsValid() && !left.IsRecovered() {
		// The inside is a program of its own: clear the string colour of
		// any double quotes around it.
		w.paint(w.off(left), w.off(right), Plain)
	}
	w.mark(left, nl, Operator)
	w.mark(right, nr, Operator)
	w.unterminated(left, nl, right)
}

func (w *walker) stmt(st *syntax.Stmt) {
	if st.Negated {
		w.mark(st.Position, 1, Keyword)
	}
	if st.Semicolon.IsValid() {
		n := 1
		if st.Coprocess || st.Disown {
			n = 2
		}
		w.mark(st.Semicolon, n, Operator)
	}
}

func (w *walker) redirect(r *syntax.Redirect) {
	if r.N != nil {
		span(w, r.N, Redirect)
	}
	w.mark(r.OpPos, len(r.Op.String()), Redirect)
	switch r.Op {
	case syntax.DplIn, syntax.DplOut:
		span(w, r.Word, Redirect)
	case syntax.Hdoc, syntax.DashHdoc:
		span(w, r.Word, Redirect)
		if r.Hdoc != nil {
			if w.hdocs == nil {
				w.hdocs = make(map[*syntax.Word]bool)
			}
			w.hdocs[r.Hdoc] = true
			span(w, r.Hdoc, String)
		}
	}
}

// compound paints the reserved words of compound commands.
func (w *walker) compound(n syntax.Node) {
	switch n := n.(type) {
	case *syntax.IfClause:
		w.keyword(n.Position, Keyword)
		w.keyword(n.ThenPos, Keyword)
		w.keyword(n.FiPos, Keyword)
	case *syntax.WhileClause:
		w.keyword(n.WhilePos, Keyword)
		w.keyword(n.DoPos, Keyword)
		w.keyword(n.DonePos, Keyword)
	case *syntax.ForClause:
		w.keyword(n.ForPos, Keyword)
		w.keyword(n.DoPos, Keyword)
		w.keyword(n.DonePos, Keyword)
	case *syntax.WordIter:
		span(w, n.Name, Variable)
		w.keyword(n.InPos, Keyword)
	case *syntax.CStyleLoop:
		w.mark(n.Lparen, 2, Keyword)
		w.mark(n.Rparen, 2, Keyword)
	case *syntax.CaseClause:
		w.keyword(n.Case, Keyword)
		w.keyword(n.In, Keyword)
		w.keyword(n.Esac, Keyword)
	case *syntax.CaseItem:
		w.mark(n.OpPos, len(n.Op.String()), Operator)
	case *syntax.Block:
		w.mark(n.Lbrace, 1, Keyword)
		w.mark(n.Rbrace, 1, Keyword)
	case *syntax.Subshell:
		w.mark(n.Lparen, 1, Operator)
		w.mark(n.Rparen, 1, Operator)
	case *syntax.ArithmCmd:
		w.mark(n.Left, 2, Keyword)
		w.mark(n.Right, 2, Keyword)
	case *syntax.TestClause:
		w.mark(n.Left, 2, Keyword)
		w.mark(n.Right, 2, Keyword)
	case *syntax.UnaryTest:
		w.mark(n.OpPos, len(n.Op.String()), Option)
	case *syntax.BinaryTest:
		w.mark(n.OpPos, len(n.Op.String()), Operator)
	case *syntax.FuncDecl:
		if n.RsrvWord {
			w.keyword(n.Position, Keyword)
		}
		span(w, n.Name, Function)
	case *syntax.TimeClause:
		w.keyword(n.Time, Keyword)
	case *syntax.CoprocClause:
		w.keyword(n.Coproc, Keyword)
	}
}

// word paints what is special in the unquoted literal parts of a word:
// a leading tilde and glob characters.
func (w *walker) word(wd *syntax.Word) {
	for i, part := range wd.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok || !lit.Pos().IsValid() || lit.Pos().IsRecovered() {
			continue
		}
		at := w.off(lit.Pos())
		v := lit.Value
		if i == 0 && strings.HasPrefix(v, "~") {
			n := strings.IndexByte(v, '/')
			if n < 0 {
				n = len(v)
			}
			w.paint(at, at+n, Variable)
		}
		for j := 0; j < len(v); j++ {
			switch v[j] {
			case '\\':
				j++
			case '*', '?', '[', ']':
				w.paint(at+j, at+j+1, Operator)
			}
		}
	}
}

// isOption reports whether a word is an option: its first part is an
// unquoted literal starting with '-'.
func isOption(wd *syntax.Word) bool {
	if len(wd.Parts) == 0 {
		return false
	}
	lit, ok := wd.Parts[0].(*syntax.Lit)
	return ok && strings.HasPrefix(lit.Value, "-")
}
