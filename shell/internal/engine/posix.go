package engine

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// IsSpecialBuiltin reports whether name is one of POSIX's special
// built-in utilities: in POSIX mode an error in one of them ends a
// non-interactive shell, and assignments before one stay.
func IsSpecialBuiltin(name string) bool {
	switch name {
	case "break", ":", "continue", ".", "eval", "exec", "exit", "export", "readonly",
		"return", "set", "shift", "times", "trap", "unset":
		return true
	}
	return false
}

// CommandName is the name of the simple command cmd runs, when it is
// written out, rewritten or not.
func (s *Engine) CommandName(cmd syntax.Command) string {
	if dc, ok := cmd.(*syntax.DeclClause); ok && dc.Variant != nil {
		return dc.Variant.Value
	}
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	name := call.Args[0].Lit()
	if len(call.Args) > 1 {
		switch v := s.stash.get(call.Args[1].Lit()).(type) {
		case *callStash:
			if IsCallSentinel(name) {
				return s.CommandName(v.call)
			}
		case *declStash:
			if name == sentinel+builtinDeclName {
				return v.variant
			}
		}
	}
	return name
}

func (s *Engine) commandName(cmd syntax.Command) string { return s.CommandName(cmd) }

// ForcedExitKey marks the context of the exit the shell runs itself at
// end of input: it is not refused for stopped jobs, nor traced by set -x.
type ForcedExitKey struct{}

type forcedExitKey = ForcedExitKey

const builtinFuncDefName = "\x00funcdef"

// guardFuncDef makes the definition of a function named as a special
// builtin go through \x00funcdef, which refuses it in POSIX mode, and so
// does any definition once a function may have been made read-only.
func (s *Engine) guardFuncDef(st *syntax.Stmt, fd *syntax.FuncDecl) {
	if fd.Name == nil || !IsSpecialBuiltin(fd.Name.Value) && !s.FuncDefGuarded(fd.Name.Value) {
		return
	}
	// The walk does not reach into the stash: the body is rewritten here.
	s.Rewrite(fd.Body)
	call := SentinelCall(fd.Pos(), builtinFuncDefName, "")
	s.StashArg(call, fd)
	st.Cmd = call
}

// builtinFuncDef defines a function named as a special builtin, which
// POSIX mode refuses (a non-interactive shell exits with status 2).
func builtinFuncDef(ctx context.Context, c *call) error {
	fd, ok := c.sh().stash.get(FirstArg(c.Args)).(*syntax.FuncDecl)
	if !ok {
		return fmt.Errorf("nosh: lost function %q", c.Args)
	}
	if c.sh().FuncReadonly(c.R, fd.Name.Value) {
		fmt.Fprintf(c.Stderr, "%s: %s: readonly function\n", c.sh().name(), fd.Name.Value)
		return interp.ExitStatus(1)
	}
	if c.sh().posixMode() && IsSpecialBuiltin(fd.Name.Value) {
		fmt.Fprintf(c.Stderr, "%s: `%s': is a special builtin\n", c.sh().name(), fd.Name.Value)
		if !c.sh().host.IsInteractive() {
			return &Abort{Exit: true, Status: 2}
		}
		return interp.ExitStatus(2)
	}
	interpunsafe.SetExit(c.R, interpunsafe.Status{})
	interpunsafe.Cmd(c.R, ctx, fd)
	return errKeepStatus
}
