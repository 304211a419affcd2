package shell

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// POSIX mode (--posix, set -o posix, or nosh invoked as sh), as bash's: it
// changes what the shell does where bash and POSIX disagree, not what it
// parses. Its effects live with the features they change; the ones that
// make errors fatal are here.

// fatalInPosix reports whether an error of a special builtin ends the
// shell: in POSIX mode, when it is not interactive.
func (s *Shell) fatalInPosix() bool {
	return !s.Interactive && s.posixMode()
}

// specialFailed is specialBuiltinFailed for the builtin c runs (which
// `command` makes an ordinary one).
func (c *call) specialFailed(err error, status int) error {
	if c.viaCommand {
		return err
	}
	return c.sh.specialBuiltinFailed(c.name, err, status)
}

// specialBuiltinFailed is the result of a special builtin that reported a
// usage or redirection error (err, status), its message out: in POSIX mode
// a non-interactive shell exits with that status; otherwise err stands.
func (s *Shell) specialBuiltinFailed(name string, err error, status int) error {
	if !specialBuiltins[name] || !s.fatalInPosix() {
		return err
	}
	return &shellAbort{Exit: true, Status: status}
}

const builtinFuncDefName = "\x00funcdef"

// guardFuncDef makes the definition of a function named as a special
// builtin go through \x00funcdef, which refuses it in POSIX mode.
func (s *Shell) guardFuncDef(st *syntax.Stmt, fd *syntax.FuncDecl) {
	if fd.Name == nil || !specialBuiltins[fd.Name.Value] {
		return
	}
	call := sentinelCall(fd.Pos(), builtinFuncDefName, "")
	s.stashArg(call, fd)
	st.Cmd = call
}

// builtinFuncDef defines a function named as a special builtin, which
// POSIX mode refuses (a non-interactive shell exits with status 2).
func builtinFuncDef(ctx context.Context, c *call) error {
	fd, ok := c.sh.stashed(firstArg(c.args)).(*syntax.FuncDecl)
	if !ok {
		return fmt.Errorf("nosh: lost function %q", c.args)
	}
	if c.sh.posixMode() {
		fmt.Fprintf(c.stderr, "%s: `%s': is a special builtin\n", c.sh.Name, fd.Name.Value)
		if c.sh.fatalInPosix() {
			return &shellAbort{Exit: true, Status: 2}
		}
		return interp.ExitStatus(2)
	}
	interpunsafe.SetExit(c.r, interpunsafe.Status{})
	interpunsafe.Cmd(c.r, ctx, fd)
	return errKeepStatus
}
