package engine

import (
	"context"
	"fmt"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Simple commands and for loops whose words nosh expands itself (see
// package shell/internal/fields): the rewrite turns them into calls of \x00call and
// \x00fields.

// callStash is a simple command whose words nosh expands.
type callStash struct {
	call *syntax.CallExpr
}

// builtinArgsName stands for a simple command without assignments whose
// words nosh expands. ArgsCallHandler expands them before any other call
// handler runs and hands the fields on as the command's arguments: the
// command then costs interp one call, where \x00call costs it a call and
// an exec of \x00call and then a call of the command (each with a handler
// context of its own, and the sentinel's words expanded). A runner
// without that handler runs it as the builtin \x00call.
const builtinArgsName = "\x00args"

// builtinArgsDoneName is what ArgsCallHandler runs in place of a command
// whose expansion failed or gave no fields: it keeps the status the
// handler set.
const builtinArgsDoneName = "\x00argsdone"

// ArgsCallHandler expands the words of \x00args commands, as builtinCall
// does, and calls next with the fields; every other call goes to next
// as it is. It must come first: the handlers after it (the Guard's among
// them) see the command's own words.
func (s *Engine) ArgsCallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		if args[0] != sentinel+builtinArgsName || len(args) != 2 {
			return next(ctx, args)
		}
		r := interpunsafe.RunnerOf(ctx)
		cs, ok := s.stash.get(args[1]).(*callStash)
		if r == nil || !ok || len(cs.call.Assigns) > 0 || LoopJumpPending(r) {
			// The builtin reports a lost command; a pending break or
			// continue skips it unexpanded (next returns SkipCall).
			return next(ctx, args)
		}
		interpunsafe.SetExit(r, interpunsafe.Status{})
		*interpunsafe.LastExpandExit(r) = interpunsafe.Status{}
		fields, err := s.expandFields(r, cs.call.Args)
		if err != nil {
			expandFailed(r, err)
			s.abortLine(r)
			return []string{sentinel + builtinArgsDoneName}, nil
		}
		if err := ctx.Err(); err != nil {
			// The statement was cancelled while a command substitution
			// ran (a Ctrl+C that reached the shell ended only the
			// substitution's subshell): the command does not run, as
			// interp's own call checks after expanding its words.
			return nil, err
		}
		if len(fields) == 0 {
			// Expansions for their side effects only: the status is the
			// last command substitution's.
			interpunsafe.SetExit(r, *interpunsafe.LastExpandExit(r))
			return []string{sentinel + builtinArgsDoneName}, nil
		}
		return next(ctx, fields)
	}
}

// builtinCall runs a simple command rewritten by rewriteCall: expands its
// words the POSIX way, then runs it as interp would, with its variable
// assignments in effect for the command only.
func builtinCall(ctx context.Context, c *call) error {
	cs, ok := c.sh().stash.get(FirstArg(c.Args)).(*callStash)
	if !ok {
		return fmt.Errorf("nosh: lost command %q", c.Args)
	}
	r := c.R
	interpunsafe.SetExit(r, interpunsafe.Status{})
	*interpunsafe.LastExpandExit(r) = interpunsafe.Status{}
	fields, err := c.sh().expandFields(r, cs.call.Args)
	if err != nil {
		c.reportExpandErr(err)
		return errKeepStatus
	}
	if len(fields) == 0 {
		// Only assignments (and expansions for their side effects): they
		// stay, and the status is the last command substitution's.
		if c.assignsReadOnly(cs.call.Assigns) {
			c.assignUpToReadOnly(ctx, cs.call.Assigns)
			return errKeepStatus
		}
		if len(cs.call.Assigns) > 0 {
			interpunsafe.Cmd(r, ctx, &syntax.CallExpr{Assigns: cs.call.Assigns})
		}
		if interpunsafe.Exit(r).Code == 0 {
			interpunsafe.SetExit(r, *interpunsafe.LastExpandExit(r))
		}
		return errKeepStatus
	}
	type restore struct {
		name string
		vr   expand.Variable
	}
	var restores []restore
	for _, as := range cs.call.Assigns {
		name := as.Name.Value
		prev := interpunsafe.LookupVar(r, name)
		if prev.ReadOnly {
			// bash reports it and runs the command without it; in POSIX
			// mode it abandons the line.
			msg := fmt.Sprintf("%s: %s: readonly variable", c.sh().name(), name)
			fmt.Fprintln(c.Stderr, msg)
			if c.sh().posixMode() {
				for _, rs := range restores {
					interpunsafe.SetVar(r, rs.name, rs.vr)
				}
				return &Abort{Msg: msg, Exit: IsSpecialBuiltin(fields[0])}
			}
			continue
		}
		name, vr := interpunsafe.AssignValue(r, name, prev, as, "")
		vr.Exported = true
		restores = append(restores, restore{name, prev})
		interpunsafe.SetVar(r, name, vr)
	}
	pos := interp.HandlerCtx(ctx).Pos
	if len(cs.call.Args) > 0 {
		pos = cs.call.Args[0].Pos()
	}
	interpunsafe.Call(r, ctx, pos, fields)
	if IsSpecialBuiltin(fields[0]) && c.sh().posixMode() {
		// POSIX: assignments before a special builtin stay (exported,
		// as in bash).
		return errKeepStatus
	}
	for _, rs := range restores {
		interpunsafe.SetVar(r, rs.name, rs.vr)
	}
	return errKeepStatus
}

// reportExpandErr reports an expansion error as bash does ("nosh: x:
// unbound variable") and fails the command: with status 1, for an unset
// parameter (set -u, ${x?}) exiting the shell as interp does, and in an
// interactive shell abandoning the line.
func (c *call) reportExpandErr(err error) {
	expandFailed(c.R, err)
	c.sh().abortLine(c.R)
}

// assignUpToReadOnly makes the assignments up to the first to a read-only
// variable, which fails the command (and abandons an interactive line),
// as in bash.
func (c *call) assignUpToReadOnly(ctx context.Context, assigns []*syntax.Assign) {
	for _, as := range assigns {
		if as.Name != nil && interpunsafe.LookupVar(c.R, as.Name.Value).ReadOnly {
			fmt.Fprintf(c.Stderr, "%s: %s: readonly variable\n", c.sh().name(), as.Name.Value)
			interpunsafe.SetExit(c.R, interpunsafe.Status{Code: 1})
			c.sh().abortLine(c.R)
			return
		}
		interpunsafe.Cmd(c.R, ctx, &syntax.CallExpr{Assigns: []*syntax.Assign{as}})
	}
}

// assignsReadOnly reports whether one of the assignments is to a
// read-only variable, which fails.
func (c *call) assignsReadOnly(assigns []*syntax.Assign) bool {
	for _, as := range assigns {
		if as.Name != nil && interpunsafe.LookupVar(c.R, as.Name.Value).ReadOnly {
			return true
		}
	}
	return false
}

// fieldsStash is the word list of a rewritten for loop.
type fieldsStash struct {
	words []*syntax.Word
	name  string // the private array variable the loop iterates over
}

// builtinFields expands the words of a rewritten for loop into its
// private array variable.
func builtinFields(ctx context.Context, c *call) error {
	fs, ok := c.sh().stash.get(FirstArg(c.Args)).(*fieldsStash)
	if !ok {
		return fmt.Errorf("nosh: lost loop words %q", c.Args)
	}
	r := c.R
	interpunsafe.SetExit(r, interpunsafe.Status{})
	fields, err := c.sh().expandFields(r, fs.words)
	if err != nil {
		c.reportExpandErr(err)
		return errKeepStatus
	}
	if err := c.setArrayVar(fs.name, fields); err != nil {
		return c.errorf(1, "%v", err)
	}
	return nil
}

// needsFields reports whether nosh must expand w itself: it has an
// unquoted expansion, or a "$@" among other quoted text.
func (s *Engine) needsFields(w *syntax.Word) bool {
	s.hostRewriteFirst(w)
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp:
			return true
		case *syntax.ExtGlob:
			// interp globs an extended pattern only beside *, ? or [,
			// and then matches !( ) only between fixed text.
			return true
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				if pe, ok := q.(*syntax.ParamExp); ok && fields.NoshParam(pe) {
					return true
				}
			}
			if len(p.Parts) > 1 {
				for _, q := range p.Parts {
					if pe, ok := q.(*syntax.ParamExp); ok && fields.ListParam(pe) {
						return true
					}
				}
			}
		case *syntax.Lit:
			if i == 0 && assignmentTilde(p.Value) || fields.LeadingDotPattern(p.Value, i == 0) || s.failglobWord(p) {
				return true
			}
			if i == 0 && strings.HasPrefix(p.Value, "~") && strings.Contains(p.Value, "{") {
				// ~{,/x}: braces first, then each word's tilde (interp
				// expands the tilde before the braces).
				return true
			}
			if len(w.Parts) == 1 && emptyBraceAlternative(p.Value) {
				// {,} and x{,}: an empty word that braces make is no
				// field (interp keeps it as an empty argument).
				return true
			}
		}
	}
	return false
}

// emptyBraceAlternative reports whether a literal word may brace-expand
// to an empty word: it has a brace list with an empty alternative and
// nothing else around it on one side.
func emptyBraceAlternative(s string) bool {
	return strings.HasPrefix(s, "{") && (strings.Contains(s, "{,") || strings.Contains(s, ",}") || strings.Contains(s, ",,"))
}

// assignmentTilde reports whether an argument looks like an assignment
// with a ~ to expand (fields.AssignmentTilde).
func assignmentTilde(s string) bool { return fields.AssignmentTilde(s) }

// ExpandsWords reports whether args[0], a command's name as the
// CallHandler sees it, is one of the private builtins that expand the
// command's words themselves (so that they read PIPESTATUS before the
// command marks it stale).
func ExpandsWords(name string) bool {
	switch name {
	case sentinel + builtinCallName, sentinel + builtinFieldName, sentinel + builtinArgsName, sentinel + builtinArgsDoneName:
		return true
	}
	return false
}

// IsCallSentinel reports whether name (a command's first word, as
// written) is one of the private builtins that stand for a simple command
// whose words nosh expands (\x00call, \x00args).
func IsCallSentinel(name string) bool {
	return name == sentinel+builtinCallName || name == sentinel+builtinArgsName
}
