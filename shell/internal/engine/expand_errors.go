package engine

import (
	"context"
	"errors"
	"fmt"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// ExpandFailed reports an expansion error in r as bash does ("nosh: x:
// unbound variable") and fails the command as interp would: status 1,
// and for an unset parameter (set -u, ${x?}) or a bad indirection, the
// runner exits.
func ExpandFailed(r *interp.Runner, err error) {
	if a, ok := errors.AsType[*Abort](err); ok {
		// Its message names the shell already. A handler's has stopped
		// the runner; one nosh's own expansion met has not yet.
		fmt.Fprintln(interpunsafe.GetStreams(r).Stderr, a.Msg)
		interpunsafe.Exit(r).Fatal(a)
		return
	}
	if errors.Is(err, context.Canceled) {
		// Ctrl+C stopped a command substitution: the line is abandoned
		// with $? = 130 and, as in bash, no message.
		e := interpunsafe.Exit(r)
		e.Code = 130
		e.Exiting = true
		return
	}
	msg := "nosh: " + describeExpandErr(err)
	fmt.Fprintln(interpunsafe.GetStreams(r).Stderr, msg)
	if err.Error() == "invalid indirect expansion" {
		// Ends the shell with status 1 (an Abort, which the exit status
		// 127 of an unset parameter under -c leaves alone).
		interpunsafe.Exit(r).Fatal(&Abort{Msg: msg, Exit: true})
		return
	}
	e := interpunsafe.Exit(r)
	e.Code = 1
	if _, unset := errors.AsType[expand.UnsetParameterError](err); unset || err.Error() == "invalid indirect expansion" {
		e.Exiting = true
	}
}

// describeExpandErr is an expansion error's message, as bash words it
// where interp's says less.
func describeExpandErr(err error) string {
	if u, ok := errors.AsType[expand.UnsetParameterError](err); ok && u.Message == "" && u.Node != nil && u.Node.Param != nil {
		return u.Node.Param.Value + ": parameter null or not set"
	}
	if err.Error() == "negative array index" {
		// interp's words for bash's, where nosh's own expansion could not
		// name the array.
		return "bad array subscript"
	}
	return err.Error()
}

func expandFailed(r *interp.Runner, err error) { ExpandFailed(r, err) }
