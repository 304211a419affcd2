package engine

import (
	"context"
	"fmt"
	"io"
	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
	"strconv"
	"syscall"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Subshells. interp runs `( … )` and `$( … )` in a copy of the runner,
// but never runs an EXIT trap set inside one, lets a subshell's umask
// leak into the shell (a subshell is not a process in nosh), forgets
// that the subshell is in a context where set -e is ignored, and keeps
// set -e on inside $( … ), which bash does not. (Pipelines are in
// builtin_pipeline.go.)
//
// The rewrite hands these to nosh builtins:
//
//	( body )       →  \x00subshell N
//	$( body )      →  $( \x00csubst N )

const (
	builtinSubshellName = "\x00subshell"
	builtinCsubstName   = "\x00csubst"
)

// subshellStash is the body of a rewritten ( … ) or $( … ).
type subshellStash struct {
	stmts []*syntax.Stmt
	// lazy lists the expansions a $( … ) is the word of, outermost first,
	// as in ${x:-$(cmd)}: it runs only if each of them uses its word.
	lazy []*syntax.ParamExp
}

// noteLazyWord records pe as a condition of the command substitutions in
// its word.
func (s *Engine) noteLazyWord(pe *syntax.ParamExp) {
	if pe.Exp == nil || pe.Exp.Word == nil || !usesWordConditionally(pe.Exp.Op) {
		return
	}
	syntax.Walk(pe.Exp.Word, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Exp == nil || !sideEffect(n.Exp.Op) {
				return true
			}
		case *syntax.CmdSubst, *syntax.ArithmExp:
		default:
			return true
		}
		prev, _ := s.lazyWords.Load(n)
		list, _ := prev.([]*syntax.ParamExp)
		s.lazyWords.Store(n, append(list, pe))
		return true
	})
}

func usesWordConditionally(op syntax.ParExpOperator) bool {
	switch op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return true
	}
	return false
}

// WordUsed reports whether the expansion pe, evaluated now in r, uses its
// word rather than the parameter's value.
func WordUsed(r *interp.Runner, pe *syntax.ParamExp) bool {
	cfg := interpunsafe.ExpandConfig(r)
	probe := &syntax.ParamExp{Param: pe.Param, Index: pe.Index, Exp: &syntax.Expansion{
		Op: syntax.AlternateUnset, Word: LitWord(syntax.Pos{}, "1"),
	}}
	isSet, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{probe}})
	if err != nil {
		return true
	}
	set := isSet == "1"
	null := true
	if set {
		v, err := expand.Literal(cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.ParamExp{Param: pe.Param, Index: pe.Index}}})
		null = err == nil && v == ""
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.AssignUnset, syntax.ErrorUnset:
		return !set
	case syntax.DefaultUnsetOrNull, syntax.AssignUnsetOrNull, syntax.ErrorUnsetOrNull:
		return !set || null
	case syntax.AlternateUnset:
		return set
	case syntax.AlternateUnsetOrNull:
		return set && !null
	}
	return true
}

// rewriteSubshell replaces st's ( … ) command with a call of \x00subshell.
func (s *Engine) rewriteSubshell(st *syntax.Stmt, sub *syntax.Subshell) {
	for _, b := range sub.Stmts {
		s.rewrite(b)
	}
	call := SentinelCall(st.Position, builtinSubshellName, "")
	s.StashArg(call, &subshellStash{stmts: sub.Stmts})
	st.Cmd = call
}

// rewriteCmdSubst makes $( … ) run its body through \x00csubst.
func (s *Engine) rewriteCmdSubst(cs *syntax.CmdSubst) {
	if IsHookSubst(cs) {
		return
	}
	lazy, _ := s.lazyWords.LoadAndDelete(cs)
	if len(cs.Stmts) == 1 && isCatShortcut(cs.Stmts[0]) {
		// interp reads $(<file) into the buffer it has just expanded the
		// file's name in (a name of more than one part ends up in the
		// output), and takes a missing file for an empty one: nosh reads
		// the file with \x00cat.
		cs.Stmts[0].Cmd = &syntax.CallExpr{Args: []*syntax.Word{LitWord(cs.Left, sentinel+builtinCatName)}}
	}
	if len(cs.Stmts) == 0 || isSentinelStmts(cs.Stmts) {
		return
	}
	for _, b := range cs.Stmts {
		s.rewrite(b)
	}
	ss := &subshellStash{stmts: cs.Stmts}
	ss.lazy, _ = lazy.([]*syntax.ParamExp)
	call := SentinelCall(cs.Left, builtinCsubstName, "")
	s.StashArg(call, ss)
	cs.Stmts = []*syntax.Stmt{{Cmd: call, Position: cs.Left}}
}

const builtinCatName = "\x00cat"

// builtinCat copies its standard input to its standard output: the
// $(<file) that interp cannot read (see rewriteCmdSubst).
func builtinCat(ctx context.Context, c *call) error {
	if _, err := io.Copy(c.Stdout, c.Stdin); err != nil {
		return c.errorf(1, "%v", err)
	}
	return nil
}

func isSentinelStmts(stmts []*syntax.Stmt) bool {
	if len(stmts) != 1 {
		return false
	}
	call, ok := stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	lit := call.Args[0].Lit()
	return len(lit) > len(sentinel) && lit[:len(sentinel)] == sentinel
}

// builtinSubshell runs ( … ) in a copy of the runner.
func builtinSubshell(ctx context.Context, c *call) error {
	ss, ok := c.sh().stash.get(FirstArg(c.Args)).(*subshellStash)
	if !ok {
		return fmt.Errorf("nosh: lost subshell %q", c.Args)
	}
	r := c.R
	r2 := interpunsafe.Subshell(r, false)
	// What the subshell inherits besides what interp copies: whether set -e
	// is ignored here, and whether `return` may end it (in a function or
	// a sourced file).
	interpunsafe.InheritScope(r2, r)
	// Its own signal dispositions (the core's subshell_signals.go).
	enterSubshellDepth(r2)
	ctx, sigs := c.sh().enterSubshell(ctx, r2)
	interpunsafe.SetExit(r, sigs.Done(c.sh().runSubshellBody(ctx, r2, ss.stmts), c.Stderr))
	return errKeepStatus
}

// builtinCsubst runs the body of $( … ), in the copy of the runner that
// interp made for it. As in bash outside posix mode, set -e is off there.
func builtinCsubst(ctx context.Context, c *call) error {
	ss, ok := c.sh().stash.get(FirstArg(c.Args)).(*subshellStash)
	if !ok {
		return fmt.Errorf("nosh: lost command substitution %q", c.Args)
	}
	r := c.R
	for _, pe := range ss.lazy {
		if !WordUsed(r, pe) {
			// The expansion uses its parameter's value: the word, and
			// this command in it, is not expanded.
			interpunsafe.SetExit(r, interpunsafe.Status{})
			return errKeepStatus
		}
	}
	if p := interpunsafe.Option(r, "errexit"); p != nil && !c.sh().posixMode() && !c.sh().host.ShoptOn("inherit_errexit") {
		// bash keeps it in POSIX mode, or with shopt inherit_errexit.
		*p = false
	}
	// One level deeper for set -x, in the commands and in the
	// substitutions nested in them.
	ctx = context.WithValue(ctx, traceDepthKey{}, traceDepth(ctx)+1)
	interpunsafe.FillExpandConfig(r, ctx)
	enterSubshellDepth(r)
	fctx, sigs := c.sh().enterSubshell(ctx, r)
	interpunsafe.SetExit(r, sigs.Done(c.sh().runSubshellBody(fctx, r, ss.stmts), nil))
	return errKeepStatus
}

// runSubshellBody runs stmts in the subshell runner r2, then its EXIT
// trap, and puts back a umask the subshell changed. The result is the
// subshell's status, with exit and return spent.
func (s *Engine) runSubshellBody(ctx context.Context, r2 *interp.Runner, stmts []*syntax.Stmt) interpunsafe.Status {
	umask := builtins.ReadUmask()
	s.SetSubshellPid(r2)
	interpunsafe.SetExit(r2, interpunsafe.Status{})
	s.stmtsGuarded(ctx, r2, stmts)
	killed := s.subshellBodyEnded(ctx, r2)
	// An error that abandons the line ends the subshell with status 1.
	*interpunsafe.Exit(r2) = subshellStatus(*interpunsafe.Exit(r2))
	st := *interpunsafe.Exit(r2)
	if killed {
		// No EXIT trap, as for a process that dies of a signal.
	} else if !st.Exiting || st.FatalExit {
		// `exit` ran the trap already.
		st.Code = s.runExitTrap(ctx, r2, st.Code)
		if e := *interpunsafe.Exit(r2); e.FatalExit {
			st = e
		}
	}
	if code, ok := s.takeTrapExit(r2); ok {
		st.Code = code
	}
	st.Exiting, st.Returning = false, false
	if now := builtins.ReadUmask(); now != umask {
		syscall.Umask(umask)
		s.host.WithUmask(func(mask *int) { *mask = umask })
	}
	s.execFds.Lock()
	delete(s.execFds.m, r2)
	s.execFds.Unlock()
	return st
}

// enterSubshellDepth counts the subshell in r2's BASH_SUBSHELL, which the
// shell starts at 0: ( … ), $( … ) and a compound pipeline stage, as
// bash counts them (a simple command's stage does not count, nor does a
// stage that is itself ( … ) count twice).
func enterSubshellDepth(r2 *interp.Runner) {
	n, _ := strconv.Atoi(interpunsafe.LookupVar(r2, "BASH_SUBSHELL").String())
	interpunsafe.SetVar(r2, "BASH_SUBSHELL", expand.Variable{Set: true, Kind: expand.String, Str: strconv.Itoa(n + 1)})
}

// EnterBackgroundDepth counts a background job's body in its runner r2's
// BASH_SUBSHELL, as bash does: once, also for ( … ) &, whose ( … ) would
// count itself.
func EnterBackgroundDepth(r2 *interp.Runner, st *syntax.Stmt) {
	switch cmd := st.Cmd.(type) {
	case *syntax.Subshell:
		return
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && cmd.Args[0].Lit() == sentinel+builtinSubshellName {
			return
		}
	}
	enterSubshellDepth(r2)
}
