package shell

import (
	"context"
	"io"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/engine"
)

// The statement rewrite, its private builtins and their state are package
// engine's (shell/internal/engine); the shell is its Host (builtinHost,
// which is also what package builtins sees). The names below keep the
// core's code as it read when the rewrite was here.

// shellAbort is an error that abandons the command line (engine.Abort).
type shellAbort = engine.Abort

// forcedExitKey marks the context of the exit the shell runs itself at
// end of input (engine.ForcedExitKey).
type forcedExitKey = engine.ForcedExitKey

// sentinel prefixes the names of nosh builtins after the CallHandler has
// claimed a call; no function or program can be named with a NUL byte.
const sentinel = engine.Sentinel

// errKeepStatus is returned by builtins that ran shell code themselves
// (eval, ., the redirection and expansion builtins): the runner's exit
// state, with a pending return, exit or break, is their result.
var errKeepStatus = engine.ErrKeepStatus

func (s *Shell) newAbort(msg string) *shellAbort { return s.eng.NewAbort(msg) }

func catchAbort(r *interp.Runner) bool { return engine.CatchAbort(r) }

func sentinelCall(pos syntax.Pos, name, arg string) *syntax.CallExpr {
	return engine.SentinelCall(pos, name, arg)
}

func firstArg(args []string) string { return engine.FirstArg(args) }

// stashArg makes v the piece that the key argument of call, a sentinel
// call, stands for, and returns the key.
func (s *Shell) stashArg(call *syntax.CallExpr, v any) string { return s.eng.StashArg(call, v) }

// stashed returns the piece stashed under key (nil if there is none).
func (s *Shell) stashed(key string) any { return s.eng.Stashed(key) }

// expansionHook is a value the shell computes in the middle of a word
// (engine.Hook, with the shell at hand).
type expansionHook interface {
	// hookValue returns the text the hook expands to in r. A shellAbort
	// stops the runner.
	hookValue(s *Shell, r *interp.Runner) (string, error)
}

// shellHook is an expansionHook as the engine keeps it.
type shellHook struct {
	s *Shell
	h expansionHook
}

func (h shellHook) HookValue(r *interp.Runner) (string, error) { return h.h.hookValue(h.s, r) }

// hookSubst returns the command substitution that stands for h.
func (s *Shell) hookSubst(pos syntax.Pos, h expansionHook) *syntax.CmdSubst {
	return s.eng.HookSubst(pos, shellHook{s, h})
}

// hookWord returns a word of the one hook h.
func (s *Shell) hookWord(pos syntax.Pos, h expansionHook) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{s.hookSubst(pos, h)}}
}

// stashedHook returns the shell's hook stashed under key, nil if there is
// none.
func (s *Shell) stashedHook(key string) expansionHook {
	if h, ok := s.eng.StashedHook(key).(shellHook); ok {
		return h.h
	}
	return nil
}

func isHookSubst(cs *syntax.CmdSubst) bool { return engine.IsHookSubst(cs) }

func isHookPart(p syntax.WordPart) bool { return engine.IsHookPart(p) }

// MainRunner implements engine.Host.
func (h *builtinHost) MainRunner() *interp.Runner { return h.Runner }

// AbortLine implements engine.Host.
func (h *builtinHost) AbortLine(r *interp.Runner) { h.shell().abortLine(r) }

// RunExitTrap implements engine.Host.
func (h *builtinHost) RunExitTrap(ctx context.Context, r *interp.Runner, status uint8) uint8 {
	return h.shell().runExitTrap(ctx, r, status)
}

// TakeTrapExit implements engine.Host.
func (h *builtinHost) TakeTrapExit(r *interp.Runner) (uint8, bool) {
	return h.shell().takeTrapExit(r)
}

// EnterSubshell implements engine.Host.
func (h *builtinHost) EnterSubshell(ctx context.Context, r *interp.Runner) (context.Context, engine.SubshellSignals) {
	return h.shell().EnterSubshell(ctx, r)
}

// SubshellBodyEnded implements engine.Host.
func (h *builtinHost) SubshellBodyEnded(ctx context.Context, r *interp.Runner) bool {
	return h.shell().SubshellBodyEnded(ctx, r)
}

// ShellVars implements engine.Host.
func (h *builtinHost) ShellVars(r *interp.Runner) map[string]expand.Variable { return shellVars(r) }

// DeclLine implements engine.Host.
func (h *builtinHost) DeclLine(name string, vr expand.Variable) string { return declLine(name, vr) }

// VarListing implements engine.Host.
func (h *builtinHost) VarListing(r *interp.Runner) string { return varListing(r) }

// stageStreams gives a builtin running in a pipeline stage an output that
// stops the stage on a broken pipe (engine.StageStreams).
func stageStreams(ctx context.Context, stdout, stderr io.Writer) (io.Writer, io.Writer) {
	return engine.StageStreams(ctx, stdout, stderr)
}
