package engine

import (
	"context"
	"nosh/shell/internal/interpunsafe"
	"strconv"

	"mvdan.cc/sh/v3/interp"
)

// interp notices a break or continue only between the statements of the
// loop body itself, so the commands after one in a nested list (a case
// item, the branch of an if, a { } group, the rest of a function called
// from the loop) still run. While one is pending, the CallHandler turns
// every command into \x00skip, which does nothing and keeps the status
// the break left.
//
// Only commands are skipped: assignments without a command and the
// expansions in a command's words still happen, and a loop met on the way
// out takes the pending break as its own.

const builtinSkipName = "\x00skip"

func builtinSkip(ctx context.Context, c *call) error { return errKeepStatus }

// LoopJumpPending reports whether r is leaving loops on a break or
// continue. A count left over once no loop encloses r, from `break 5` in
// fewer loops, is dropped: it has nothing to leave.
func LoopJumpPending(r *interp.Runner) bool {
	brk, cont := interpunsafe.Break(r), interpunsafe.Continue(r)
	if *brk <= 0 && *cont <= 0 {
		return false
	}
	if !*interpunsafe.InLoop(r) {
		*brk, *cont = 0, 0
		return false
	}
	return true
}

// DropLoopJump forgets a break or continue count that outlived every
// loop of a top-level statement, so that the next statement's loops do
// not take it.
func DropLoopJump(r *interp.Runner) {
	*interpunsafe.Break(r) = 0
	*interpunsafe.Continue(r) = 0
}

// builtinLoopJump is break and continue: interp's, after bash's check of
// the count (break 0 is an error, not a no-op).
func builtinLoopJump(ctx context.Context, c *call) error {
	if len(c.Args) > 0 {
		if n, err := strconv.Atoi(c.Args[0]); err == nil && n < 1 {
			return c.errorf(1, "%s: loop count out of range", c.Args[0])
		}
	}
	if !*interpunsafe.InLoop(c.R) {
		// bash's words (interp's are its own); the status stays 0.
		c.errorf(0, "only meaningful in a `for', `while', or `until' loop")
		return nil
	}
	return c.builtin(ctx, append([]string{c.Name}, c.Args...)...)
}

// SkipCall is the call a command becomes while a break or continue is
// pending in r (LoopJumpPending): it does nothing.
func SkipCall() []string { return []string{sentinel + builtinSkipName} }
