package shell

import (
	"context"
	"fmt"
	_ "unsafe"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// while and until loops. interp ends a loop with status 0 whatever its
// body did last; POSIX and bash give the status of the last command of
// the body (0 when the body never ran). The rewrite hands the loop to
// \x00while, which runs it with interp's own steps (the same condition
// and body runs, break and continue) and keeps the body's status.

const builtinWhileName = "\x00while"

//go:linkname runnerStop mvdan.cc/sh/v3/interp.(*Runner).stop
func runnerStop(r *interp.Runner, ctx context.Context) bool

//go:linkname runnerLoopStmtsBroken mvdan.cc/sh/v3/interp.(*Runner).loopStmtsBroken
func runnerLoopStmtsBroken(r *interp.Runner, ctx context.Context, stmts []*syntax.Stmt) bool

// rewriteWhile replaces st's while or until loop by a call of \x00while.
func (s *Shell) rewriteWhile(st *syntax.Stmt, wc *syntax.WhileClause) {
	// The loop is out of the walk from now on: rewrite it first.
	s.rewrite(wc)
	call := sentinelCall(wc.WhilePos, builtinWhileName, "")
	call.Args[1].Parts[0].(*syntax.Lit).Value = stashPut(call, wc)
	st.Cmd = call
}

// builtinWhile runs a rewritten while or until loop.
func builtinWhile(ctx context.Context, c *call) error {
	wc, ok := stashGet(firstArg(c.args)).(*syntax.WhileClause)
	if !ok {
		return fmt.Errorf("nosh: lost loop %q", c.args)
	}
	r := c.r
	noErrExit := runnerPtr[bool](r, fieldNoErrExit)
	last := exitStatus{}
	setExitStatus(r, exitStatus{})
	inLoop := runnerPtr[bool](r, fieldInLoop)
	brk, cont := runnerPtr[int](r, fieldBreak), runnerPtr[int](r, fieldContinue)
	for !runnerStop(r, ctx) {
		old, oldIn := *noErrExit, *inLoop
		// break and continue work in the condition too, as in bash.
		*noErrExit, *inLoop = true, true
		runnerStmts(r, ctx, wc.Cond)
		*noErrExit, *inLoop = old, oldIn
		e := runnerExit(r)
		if e.exiting || e.returning {
			return errKeepStatus
		}
		if *brk > 0 {
			*brk--
			last = exitStatus{}
			break
		}
		if *cont > 0 {
			*cont--
			if *cont > 0 {
				break
			}
			e.code, e.err = 0, nil
			continue
		}
		stop := (e.code == 0) == wc.Until
		e.code, e.err = 0, nil
		if stop {
			break
		}
		broken := runnerLoopStmtsBroken(r, ctx, wc.Do)
		last = *runnerExit(r)
		if broken {
			break
		}
	}
	if e := runnerExit(r); e.exiting || e.returning || e.fatalExit {
		return errKeepStatus
	}
	if last.code != 0 {
		// A failure set -e let pass in the body (errexit_compound.go)
		// does not end the shell as the loop's status either.
		c.sh.liftErrexit(r)
	}
	setExitStatus(r, exitStatus{code: last.code})
	return errKeepStatus
}
