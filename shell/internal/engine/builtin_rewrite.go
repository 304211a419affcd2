package engine

import (
	"context"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/rewrite"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"weak"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// The statement rewrite hands the parts of a statement that interp gets
// wrong to nosh builtins. The statement's command becomes a call to a
// private builtin (its name has a NUL byte, so no script can call it)
// whose one argument numbers the original pieces, kept in the stash:
//
//	cmd 3>f 2>&3     →  \x00redir N     descriptors, noclobber, <>, >|
//	                                     (builtin_redirect.go)
//	echo $x          →  \x00args N      POSIX field splitting (\x00call N
//	                                     with assignments before it)
//	for v in $x …    →  { \x00fields N; for v in "${\x00forN[@]}" …; }
//	                                     (internal/fields, builtin_call.go)
//	( body )         →  \x00subshell N  and $( body ) → $( \x00csubst N ):
//	                                     EXIT traps, umask, set -e, lazy
//	                                     ${x:-$(cmd)} (builtin_subshell.go)
//	a | b | c        →  \x00pipe N      every command in a subshell,
//	                                     PIPESTATUS (builtin_pipeline.go)
//	export -p, local x →  \x00decl N, \x00local N  (builtin_declare.go)
//
// Word-level fixes are made in place: ${10}, quoted patterns, ~ after a
// colon in assignments, $LINENO in arithmetic (below). Negation, `&` and
// the statement's place in lists stay where they were, so interp still
// does set -e, `!`, and $? as usual.

// stashTable finds the AST pieces of one shell's rewritten statements by
// their keys (Engine.stash). A piece is not held by the table: it lives in
// one allocation with the literal that spells its key in the rewritten
// AST (stashLit), so it lives exactly as long as that AST, and a cleanup
// then drops its entry. The piece cannot be held by the table, as it was
// with a cleanup on the rewritten node: the parser allocates words in
// batches, so a piece (the body of $( … )) can share an allocation with
// the word that holds the rewritten node, and the entry then kept the
// whole tree alive — every command substitution parsed anew (eval, each
// interactive line) stayed in memory for good. The table is allocated on
// its own, so that the cleanups refer to it and never to the Engine.
type stashTable struct {
	sync.Mutex
	next uint64
	m    map[uint64]weak.Pointer[stashLit]
}

// stashLit is a key's literal with the piece it stands for.
type stashLit struct {
	syntax.Lit
	v any
}

func newStashTable() *stashTable { return &stashTable{m: map[uint64]weak.Pointer[stashLit]{}} }

// put returns a literal spelling prefix and a new key, which finds v for
// as long as the literal is reachable.
func (t *stashTable) put(pos syntax.Pos, prefix string, v any) *syntax.Lit {
	sl := &stashLit{v: v}
	t.Lock()
	t.next++
	id := t.next
	t.m[id] = weak.Make(sl)
	t.Unlock()
	runtime.AddCleanup(sl, t.drop, id)
	sl.Lit = syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: prefix + strconv.FormatUint(id, 10)}
	return &sl.Lit
}

// StashArg makes v the piece that the key argument of call, a sentinel
// call, stands for, and returns the key.
func (s *Engine) StashArg(call *syntax.CallExpr, v any) string {
	w := call.Args[1]
	lit := s.stash.put(w.Pos(), "", v)
	w.Parts[0] = lit
	return lit.Value
}

// drop forgets entry id.
func (t *stashTable) drop(id uint64) {
	t.Lock()
	delete(t.m, id)
	t.Unlock()
}

// get returns the entry of key, nil if there is none.
func (t *stashTable) get(key string) any {
	id, err := strconv.ParseUint(key, 10, 64)
	if err != nil {
		return nil
	}
	t.Lock()
	wp, ok := t.m[id]
	t.Unlock()
	if !ok {
		return nil
	}
	if sl := wp.Value(); sl != nil {
		return sl.v
	}
	return nil
}

// Private builtins that rewritten statements call.
const (
	builtinRedirName = "\x00redir"
	builtinCallName  = "\x00call"
	builtinFieldName = "\x00fields"
)

// SentinelCall returns a call of a private builtin with one argument.
func SentinelCall(pos syntax.Pos, name, arg string) *syntax.CallExpr {
	lit := func(s string) *syntax.Word {
		return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
	}
	return &syntax.CallExpr{Args: []*syntax.Word{lit(sentinel + name), lit(arg)}}
}

// redirStash is a statement whose redirections nosh performs.
type redirStash struct {
	cmd    syntax.Command // may be nil: a statement of redirections only
	redirs []*syntax.Redirect
	// exec is set when the command is a bare `exec`: the redirections then
	// stay in effect for the rest of the shell.
	exec bool
	// texts are the redirections' words as written, before the rewrite
	// put its hooks in them, for messages ("$x: ambiguous redirect");
	// only words that expand have one.
	texts []string
}

// rewriteStmt rewrites one statement in place. It is called by rewrite on
// every statement, outermost first, and rewrites what it hides in the
// stash itself.
func (s *Engine) rewriteStmt(st *syntax.Stmt) {
	if len(st.Redirs) == 0 || rewrite.OnlyStdinHeredocs(st.Redirs) && !rewrite.RunsExec(st.Cmd) || rewrite.IsCatShortcut(st) {
		switch cmd := st.Cmd.(type) {
		case *syntax.Subshell:
			s.rewriteSubshell(st, cmd)
		case *syntax.CallExpr:
			s.rewriteCall(st, cmd)
		case *syntax.ForClause:
			s.rewriteFor(st, cmd)
		case *syntax.DeclClause:
			s.rewriteDecl(st, cmd)
		case *syntax.WhileClause:
			s.rewriteWhile(st, cmd)
		case *syntax.BinaryCmd:
			if isPipe(cmd) {
				s.rewritePipeline(st, cmd)
			}
		case *syntax.TimeClause:
			s.rewriteTime(st, cmd)
		}
		return
	}
	rs := &redirStash{cmd: st.Cmd, redirs: st.Redirs}
	if call, ok := st.Cmd.(*syntax.CallExpr); ok && len(call.Assigns) == 0 && rewrite.IsBareExec(call.Args) {
		rs.exec = true
	}
	if rs.cmd != nil {
		inner := &syntax.Stmt{Cmd: rs.cmd, Position: st.Position}
		s.rewrite(inner)
		rs.cmd = inner.Cmd
	}
	for i, rd := range rs.redirs {
		if rd.Word != nil && !isLitWord(rd.Word) {
			if rs.texts == nil {
				rs.texts = make([]string, len(rs.redirs))
			}
			rs.texts[i] = WordText(rd.Word)
		}
		s.rewrite(rd)
	}
	call := SentinelCall(st.Position, builtinRedirName, "")
	s.StashArg(call, rs)
	st.Cmd = call
	st.Redirs = nil
}

// rewriteCall hands a simple command whose words need POSIX field
// splitting to \x00call (see package shell/internal/fields).
func (s *Engine) rewriteCall(st *syntax.Stmt, call *syntax.CallExpr) {
	// Assignments before a special builtin stay in POSIX mode, which
	// \x00call decides when it runs.
	need := len(call.Assigns) > 0 && len(call.Args) > 0 && IsSpecialBuiltin(call.Args[0].Lit())
	for _, w := range call.Args {
		if s.needsFields(w) {
			need = true
			break
		}
	}
	if !need {
		return
	}
	for _, w := range call.Args {
		s.rewrite(w)
	}
	for _, as := range call.Assigns {
		s.rewrite(as)
	}
	pos := st.Position
	if len(call.Args) > 0 {
		pos = call.Args[0].Pos()
	}
	name := builtinCallName
	if len(call.Assigns) == 0 {
		// The common case, expanded by the call handler.
		name = builtinArgsName
	}
	sc := SentinelCall(pos, name, "")
	s.StashArg(sc, &callStash{call: call})
	st.Cmd = sc
}

// rewriteFor makes a for loop over words that need POSIX field splitting
// iterate over an array that \x00fields fills from them:
//
//	{ \x00fields N; for v in "${\x00forN[@]}"; do …; done; }
func (s *Engine) rewriteFor(st *syntax.Stmt, fc *syntax.ForClause) {
	wi, ok := fc.Loop.(*syntax.WordIter)
	if !ok || fc.Select || !wi.InPos.IsValid() {
		return
	}
	need := false
	for _, w := range wi.Items {
		if s.needsFields(w) {
			need = true
			break
		}
	}
	if !need {
		return
	}
	for _, w := range wi.Items {
		s.rewrite(w)
	}
	pos := fc.ForPos
	call := SentinelCall(pos, builtinFieldName, "")
	fs := &fieldsStash{words: wi.Items}
	key := s.StashArg(call, fs)
	fs.name = "\x00for" + key
	wi.Items = []*syntax.Word{{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{&syntax.ParamExp{
		Dollar: pos, Rbrace: pos,
		Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: fs.name},
		Index: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "@"}}},
	}}}}}}
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{
		{Cmd: call, Position: pos},
		{Cmd: fc, Position: pos},
	}}
}

// rewriteParamExp fixes parameter expansions interp reads wrongly:
//   - the command substitutions in the word of ${x:-word} and the like
//     run only if the word is used (see noteLazyWord);
//   - ${10} and up, which interp does not know, become ${*:10:1};
//   - quoted parts of a pattern (${x#"*"}, ${x%"$suffix"}) stay literal.
func (s *Engine) rewriteParamExp(pe *syntax.ParamExp) {
	s.noteLazyWord(pe)
	if pe.Param != nil && len(pe.Param.Value) > 1 && rewrite.IsDigits(pe.Param.Value) && fields.IsPlainParam(pe) {
		pos := pe.Param.ValuePos
		pe.Slice = &syntax.Slice{Offset: LitWord(pos, pe.Param.Value), Length: LitWord(pos, "1")}
		pe.Param = &syntax.Lit{ValuePos: pos, ValueEnd: pe.Param.ValueEnd, Value: "*"}
		pe.Short = false
		return
	}
	if pe.Exp != nil && pe.Exp.Word != nil {
		switch pe.Exp.Op {
		case syntax.RemSmallPrefix, syntax.RemLargePrefix, syntax.RemSmallSuffix, syntax.RemLargeSuffix:
			rewritePatternTilde(pe)
			literalQuotes(pe.Exp.Word)
		}
	}
	if pe.Repl != nil && pe.Repl.Orig != nil {
		literalQuotes(pe.Repl.Orig)
	}
}

// literalQuotes makes the quoted parts of a pattern word match literally:
// interp expands such a word without its quotes. Quoted text becomes an
// escaped literal; a quoted expansion goes through \x00quotemeta.
func literalQuotes(w *syntax.Word) {
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.SglQuoted:
			if !p.Dollar {
				w.Parts[i] = &syntax.Lit{ValuePos: p.Left, ValueEnd: p.Right, Value: rewrite.QuotePattern(p.Value, i)}
			}
		case *syntax.DblQuoted:
			if text, ok := rewrite.DquoteLiteral(p); ok {
				w.Parts[i] = &syntax.Lit{ValuePos: p.Left, ValueEnd: p.Right, Value: rewrite.QuotePattern(text, i)}
				continue
			}
			call := &syntax.CallExpr{Args: []*syntax.Word{
				LitWord(p.Left, sentinel+builtinQuoteMetaName),
				{Parts: []syntax.WordPart{p}},
			}}
			w.Parts[i] = &syntax.CmdSubst{Left: p.Left, Right: p.Right, Stmts: []*syntax.Stmt{{Cmd: call, Position: p.Left}}}
		}
	}
}

const builtinQuoteMetaName = "\x00quotemeta"

// builtinQuoteMeta prints its arguments with pattern characters escaped.
func builtinQuoteMeta(ctx context.Context, c *call) error {
	return c.writeOut(pattern.QuoteMeta(strings.Join(c.Args, " "), 0))
}

// Word fixes of package rewrite that the core's walk and other files use.

func rewriteQuotedBraces(dq *syntax.DblQuoted) { rewrite.QuotedBraces(dq) }

func rewriteAssignTilde(as *syntax.Assign) { rewrite.AssignTilde(as) }

func rewriteArithmLineno(x syntax.ArithmExpr) { rewrite.ArithmLineno(x) }

func isCatShortcut(st *syntax.Stmt) bool { return rewrite.IsCatShortcut(st) }

// StashSize is how many pieces the stash holds, for tests: it must not
// grow with the number of statements the shell has run.
func (e *Engine) StashSize() int {
	e.stash.Lock()
	defer e.stash.Unlock()
	return len(e.stash.m)
}

// isLitWord reports whether w is one literal.
func isLitWord(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	_, ok := w.Parts[0].(*syntax.Lit)
	return ok
}

// WordText is w as the printer writes it: what the user wrote, for a
// word the rewrite has not changed yet.
func WordText(w *syntax.Word) string {
	var b strings.Builder
	syntax.NewPrinter().Print(&b, w)
	return b.String()
}
