package shell

import (
	"context"
	"fmt"
	"syscall"
	_ "unsafe"

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

//go:linkname runnerSubshell mvdan.cc/sh/v3/interp.(*Runner).subshell
func runnerSubshell(r *interp.Runner, background bool) *interp.Runner

var fieldNoErrExit = mustRunnerField[bool]("noErrExit")

// subshellStash is the body of a rewritten ( … ) or $( … ).
type subshellStash struct {
	stmts []*syntax.Stmt
}

// rewriteSubshell replaces st's ( … ) command with a call of \x00subshell.
func (s *Shell) rewriteSubshell(st *syntax.Stmt, sub *syntax.Subshell) {
	for _, b := range sub.Stmts {
		s.rewrite(b)
	}
	call := sentinelCall(st.Position, builtinSubshellName, "")
	call.Args[1].Parts[0].(*syntax.Lit).Value = stashPut(call, &subshellStash{stmts: sub.Stmts})
	st.Cmd = call
}

// rewriteCmdSubst makes $( … ) run its body through \x00csubst.
func (s *Shell) rewriteCmdSubst(cs *syntax.CmdSubst) {
	if len(cs.Stmts) == 0 || (len(cs.Stmts) == 1 && isCatShortcut(cs.Stmts[0])) || isSentinelStmts(cs.Stmts) {
		return
	}
	for _, b := range cs.Stmts {
		s.rewrite(b)
	}
	call := sentinelCall(cs.Left, builtinCsubstName, "")
	call.Args[1].Parts[0].(*syntax.Lit).Value = stashPut(call, &subshellStash{stmts: cs.Stmts})
	cs.Stmts = []*syntax.Stmt{{Cmd: call, Position: cs.Left}}
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
	ss, ok := stashGet(firstArg(c.args)).(*subshellStash)
	if !ok {
		return fmt.Errorf("nosh: lost subshell %q", c.args)
	}
	r := c.r
	r2 := runnerSubshell(r, false)
	// What the subshell inherits besides what interp copies: whether set -e
	// is ignored here, and whether `return` may end it (in a function or
	// a sourced file).
	for _, f := range []runnerField{fieldNoErrExit, fieldInFunc, fieldInSource} {
		*runnerPtr[bool](r2, f) = *runnerPtr[bool](r, f)
	}
	st := c.sh.runSubshellBody(ctx, r2, ss.stmts)
	setExitStatus(r, st)
	return errKeepStatus
}

// builtinCsubst runs the body of $( … ), in the copy of the runner that
// interp made for it. As in bash outside posix mode, set -e is off there.
func builtinCsubst(ctx context.Context, c *call) error {
	ss, ok := stashGet(firstArg(c.args)).(*subshellStash)
	if !ok {
		return fmt.Errorf("nosh: lost command substitution %q", c.args)
	}
	r := c.r
	if p := runnerOpt(r, "errexit"); p != nil {
		*p = false
	}
	// One level deeper for set -x, in the commands and in the
	// substitutions nested in them.
	ctx = context.WithValue(ctx, traceDepthKey{}, traceDepth(ctx)+1)
	runnerFillExpandConfig(r, ctx)
	setExitStatus(r, c.sh.runSubshellBody(ctx, r, ss.stmts))
	return errKeepStatus
}

// runSubshellBody runs stmts in the subshell runner r2, then its EXIT
// trap, and puts back a umask the subshell changed. The result is the
// subshell's status, with exit and return spent.
func (s *Shell) runSubshellBody(ctx context.Context, r2 *interp.Runner, stmts []*syntax.Stmt) exitStatus {
	umask := readUmask()
	setExitStatus(r2, exitStatus{})
	runnerStmts(r2, ctx, stmts)
	st := *runnerExit(r2)
	if !st.exiting || st.fatalExit {
		// `exit` ran the trap already.
		st.code = s.runExitTrap(ctx, r2, st.code)
		if e := *runnerExit(r2); e.fatalExit {
			st = e
		}
	}
	if code, ok := takeTrapExit(r2); ok {
		st.code = code
	}
	st.exiting, st.returning = false, false
	if now := readUmask(); now != umask {
		syscall.Umask(umask)
		s.mu.Lock()
		s.umask = umask
		s.mu.Unlock()
	}
	execFds.Lock()
	delete(execFds.m, r2)
	execFds.Unlock()
	return st
}
