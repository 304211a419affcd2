package engine

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// while and until loops. interp ends a loop with status 0 whatever its
// body did last; POSIX and bash give the status of the last command of
// the body (0 when the body never ran). The rewrite hands the loop to
// \x00while, which runs it with interp's own steps (the same condition
// and body runs, break and continue) and keeps the body's status.

const builtinWhileName = "\x00while"

// rewriteWhile replaces st's while or until loop by a call of \x00while.
func (s *Engine) rewriteWhile(st *syntax.Stmt, wc *syntax.WhileClause) {
	// The loop is out of the walk from now on: rewrite it first.
	s.rewrite(wc)
	call := SentinelCall(wc.WhilePos, builtinWhileName, "")
	s.StashArg(call, wc)
	st.Cmd = call
}

// builtinWhile runs a rewritten while or until loop.
func builtinWhile(ctx context.Context, c *call) error {
	wc, ok := c.sh().stash.get(FirstArg(c.Args)).(*syntax.WhileClause)
	if !ok {
		return fmt.Errorf("nosh: lost loop %q", c.Args)
	}
	r := c.R
	noErrExit := interpunsafe.NoErrExit(r)
	last := interpunsafe.Status{}
	interpunsafe.SetExit(r, interpunsafe.Status{})
	inLoop := interpunsafe.InLoop(r)
	brk, cont := interpunsafe.Break(r), interpunsafe.Continue(r)
	for !interpunsafe.Stop(r, ctx) {
		old, oldIn := *noErrExit, *inLoop
		// break and continue work in the condition too, as in bash.
		*noErrExit, *inLoop = true, true
		interpunsafe.Stmts(r, ctx, wc.Cond)
		*noErrExit, *inLoop = old, oldIn
		e := interpunsafe.Exit(r)
		if e.Exiting || e.Returning {
			return errKeepStatus
		}
		if *brk > 0 {
			*brk--
			last = interpunsafe.Status{}
			break
		}
		if *cont > 0 {
			*cont--
			if *cont > 0 {
				break
			}
			e.Code, e.Err = 0, nil
			continue
		}
		stop := (e.Code == 0) == wc.Until
		e.Code, e.Err = 0, nil
		if stop {
			break
		}
		broken := interpunsafe.LoopStmtsBroken(r, ctx, wc.Do)
		last = *interpunsafe.Exit(r)
		if broken {
			break
		}
	}
	if e := interpunsafe.Exit(r); e.Exiting || e.Returning || e.FatalExit {
		return errKeepStatus
	}
	if last.Code != 0 {
		// A failure set -e let pass in the body (errexit_compound.go)
		// does not end the shell as the loop's status either.
		c.sh().LiftErrexit(r)
	}
	interpunsafe.SetExit(r, interpunsafe.Status{Code: last.Code})
	return errKeepStatus
}
