package engine

import "mvdan.cc/sh/v3/syntax"

// SpecialBuiltins are POSIX's special built-in utilities: in POSIX mode
// an error in one of them ends a non-interactive shell, and assignments
// before one stay.
var SpecialBuiltins = map[string]bool{
	"break": true, ":": true, "continue": true, ".": true, "eval": true, "exec": true,
	"exit": true, "export": true, "readonly": true, "return": true, "set": true,
	"shift": true, "times": true, "trap": true, "unset": true,
}

var specialBuiltins = SpecialBuiltins

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
			if name == sentinel+builtinCallName {
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
