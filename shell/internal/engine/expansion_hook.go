package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Expansion hooks: a way for the rewrite to put nosh code in the middle
// of a word, run by the runner that expands the word. A hook is a command
// substitution $(<NAME) whose private NAME keys a value in the stash.
// interp reads such a substitution through the open handler, without a
// subshell, and nosh's open handler answers with what the stashed value
// computes: an arithmetic expression (a Hook of the shell's: see
// HookSubst), the check of a read-only assignment (readonly_guard.go).
// The first hook a runner meets
// in an expansion configuration also makes that configuration run the
// next ones directly (hookExpansions), which is much cheaper than a trip
// through the open handler.

// hookPathPrefix starts the private path of a hook. (Not a NUL byte, as
// other private names have: interp cuts words at one.) A script that
// names such a path itself only runs a hook of its own program again.
const hookPathPrefix = "\x01hook:"

// expansionHook is a stashed value a hook stands for.
type expansionHook interface {
	// hookValue returns the text the hook expands to in r. A Abort
	// stops the runner.
	hookValue(s *Engine, r *interp.Runner) (string, error)
}

// hookSubst returns the command substitution that stands for h.
func (s *Engine) hookSubst(pos syntax.Pos, h expansionHook) *syntax.CmdSubst {
	lit := s.stash.put(pos, hookPathPrefix, h)
	return &syntax.CmdSubst{Left: pos, Right: pos, Stmts: []*syntax.Stmt{{
		Position: pos,
		Redirs:   []*syntax.Redirect{{OpPos: pos, Op: syntax.RdrIn, Word: &syntax.Word{Parts: []syntax.WordPart{lit}}}},
	}}}
}

// hookWord returns a word of the one hook h.
func (s *Engine) hookWord(pos syntax.Pos, h expansionHook) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{s.hookSubst(pos, h)}}
}

// IsHookSubst reports whether cs is a substitution made by hookSubst (or
// written in the source by the line reader, as $(<$'\x01hook:N')).
func IsHookSubst(cs *syntax.CmdSubst) bool {
	_, ok := HookKey(cs)
	return ok
}

// HookKey returns the stash key of a hook's substitution.
func HookKey(cs *syntax.CmdSubst) (string, bool) {
	if len(cs.Stmts) != 1 || len(cs.Stmts[0].Redirs) != 1 || cs.Stmts[0].Cmd != nil {
		return "", false
	}
	w := cs.Stmts[0].Redirs[0].Word
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	switch p := w.Parts[0].(type) {
	case *syntax.Lit:
		return strings.CutPrefix(p.Value, hookPathPrefix)
	case *syntax.SglQuoted:
		if p.Dollar {
			return strings.CutPrefix(p.Value, `\x01hook:`)
		}
	}
	return "", false
}

// IsHookPart reports whether p is a hook.
func IsHookPart(p syntax.WordPart) bool {
	cs, ok := p.(*syntax.CmdSubst)
	return ok && IsHookSubst(cs)
}

// HookOpenHandler answers the reads of hooks' private paths; every other
// path goes to next.
func (s *Engine) HookOpenHandler(next interp.OpenHandlerFunc) interp.OpenHandlerFunc {
	return func(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
		key, ok := strings.CutPrefix(path, hookPathPrefix)
		if !ok {
			return next(ctx, path, flag, perm)
		}
		r := interpunsafe.Of(interp.HandlerCtx(ctx))
		if r == nil {
			return nil, fmt.Errorf("nosh: expansion hook outside a runner")
		}
		s.hookExpansions(r)
		v, err := s.hookValue(r, key)
		if err != nil {
			return nil, err
		}
		return valueReader(v), nil
	}
}

// hookExpansions makes r's current expansion configuration run hooks
// itself.
func (s *Engine) hookExpansions(r *interp.Runner) {
	cfg := interpunsafe.ExpandConfig(r)
	if cfg == nil || cfg.CmdSubst == nil {
		return
	}
	orig := cfg.CmdSubst
	cfg.CmdSubst = func(w io.Writer, cs *syntax.CmdSubst) error {
		key, ok := HookKey(cs)
		if !ok {
			return orig(w, cs)
		}
		v, err := s.hookValue(r, key)
		if err != nil {
			if _, ok := err.(*Abort); ok {
				// As the open handler's error would: fatal to the runner.
				interpunsafe.Exit(r).Fatal(err)
			}
			return err
		}
		_, err = io.WriteString(w, v)
		return err
	}
}

// hookValue runs the hook stashed under key in r.
func (s *Engine) hookValue(r *interp.Runner, key string) (string, error) {
	h, ok := s.stash.get(key).(expansionHook)
	if !ok {
		h, ok = badSubstHookOf(key)
	}
	if !ok {
		return "", fmt.Errorf("nosh: lost expansion hook %q", key)
	}
	return h.hookValue(s, r)
}

// valueFile is the content of a hook's private file.
type valueFile struct{ strings.Reader }

func valueReader(v string) *valueFile {
	f := &valueFile{}
	f.Reset(v)
	return f
}

func (*valueFile) Write(p []byte) (int, error) { return 0, os.ErrInvalid }
func (*valueFile) Close() error                { return nil }
