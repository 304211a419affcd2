package engine

import (
	"context"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// A command's words are expanded before its redirections are made, as in
// bash and POSIX: an error in `cmd "${x?}" 2>/dev/null` is reported where
// standard error was, and a command substitution in a word does not see a
// file a redirection of the same command creates. \x00redir makes the
// redirections itself, then runs the command, which interp would expand
// only then; so for a simple command whose words have expansions it first
// expands them (the POSIX way, package shell/internal/fields) and runs,
// after the redirections, the command with those fields as quoted words.

// redirCall returns the simple command (with words to expand) that cmd
// runs, the original of a rewritten \x00call included; nil for any other.
func (s *Engine) redirCall(cmd syntax.Command) *syntax.CallExpr {
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	if lit := call.Args[0].Lit(); IsCallSentinel(lit) && len(call.Args) > 1 {
		cs, ok := s.stash.get(call.Args[1].Lit()).(*callStash)
		if !ok || len(cs.call.Args) == 0 {
			return nil
		}
		call = cs.call
	} else if len(lit) > 0 && lit[0] == 0 {
		return nil
	}
	for _, w := range call.Args {
		if _, ok := plainWordLit(w); !ok {
			return call
		}
	}
	return nil
}

// plainWordLit returns the value of a word that is a literal only.
func plainWordLit(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	for _, c := range []byte(lit.Value) {
		switch c {
		case '*', '?', '[', '{', '~', '\\', '$', '`':
			return "", false
		}
	}
	return lit.Value, true
}

// expandBeforeRedirs expands the words of call, the command of a
// statement with redirections, and returns the command to run after the
// redirections. It reports false when the expansion failed (reported).
func (c *call) expandBeforeRedirs(call *syntax.CallExpr) (syntax.Command, bool) {
	r := c.R
	fields, err := c.sh().expandFields(r, call.Args)
	if err != nil {
		c.reportExpandErr(err)
		return nil, false
	}
	pos := call.Args[0].Pos()
	args := make([]*syntax.Word, len(fields))
	for i, f := range fields {
		args[i] = QuotedWord(pos, f)
	}
	st := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Assigns: call.Assigns, Args: args}}
	// Assignments before a special builtin (in POSIX mode) are \x00call's.
	c.sh().rewriteCall(st, st.Cmd.(*syntax.CallExpr))
	return st.Cmd, true
}

// runExpanded runs cmd, made by expandBeforeRedirs, in r.
func runExpanded(ctx context.Context, r *interp.Runner, cmd syntax.Command) {
	interpunsafe.Cmd(r, ctx, cmd)
}
