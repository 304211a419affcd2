package shell

import (
	"context"
	"errors"
	"fmt"
	"nosh/shell/builtins"
	"nosh/shell/internal/engine"
	"nosh/shell/internal/interpunsafe"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// builtinFunc implements one nosh builtin. It returns nil for status 0 or
// an interp.ExitStatus; any other error is fatal to the statement.
type builtinFunc func(ctx context.Context, c *call) error

// call is one invocation of a builtin of the core: the call as every
// builtin sees it, and the shell.
type call struct {
	builtins.Call
	sh *Shell

	// startupFile says the call is `.` reading a startup file of an
	// interactive shell, which goes on after errors.
	startupFile bool
}

type viaCommandKey struct{}

// errorf prints "nosh: NAME: message" to standard error and returns
// status.
func (c *call) errorf(status int, format string, a ...any) error {
	return c.pub().Errorf(status, format, a...)
}

// builtin runs one of interp's own builtins in the current scope.
func (c *call) builtin(ctx context.Context, args ...string) error {
	return c.HC.Builtin(ctx, args)
}

// internalFlags is the builtin that $- is rewritten into. Its name has a
// NUL byte, so no command a user types can reach it.
const internalFlags = "\x00flags"

// builtinNames lists nosh's builtins, for `type`, `help` and completion.
func (s *Shell) builtinNames() []string {
	names := make([]string, 0, len(s.builtins))
	for name := range s.builtins {
		names = append(names, name)
	}
	return names
}

// IsBuiltin reports whether name is a builtin of nosh or of interp.
// A builtin turned off by `enable -n` is not.
func (s *Shell) IsBuiltin(name string) bool {
	return s.isBuiltinName(name) && !s.builtinDisabled(name)
}

// isBuiltinName reports whether name is a builtin, enabled or not.
func (s *Shell) isBuiltinName(name string) bool {
	_, ok := s.builtins[name]
	return ok || interp.IsBuiltin(name)
}

// callHandler claims calls to nosh builtins. Functions of the same name win,
// as in bash; `builtin NAME` and `command NAME` skip functions.
func (s *Shell) callHandler(ctx context.Context, hc *interp.HandlerContext, r *interp.Runner, args []string) ([]string, error) {
	if len(args) == 0 {
		return args, nil
	}
	s.eng.ResumeErrexit()
	if r != nil {
		if engine.LoopJumpPending(r) {
			return engine.SkipCall(), nil
		}
		if !engine.ExpandsWords(args[0]) {
			// (A command whose words nosh expands is marked when it
			// runs, after its words read PIPESTATUS.)
			engine.MarkPipeStale(r)
		}
	}
	name := args[0]
	if !strings.HasPrefix(name, "\x00") {
		s.eng.Trace(ctx, hc, args)
		if r != nil {
			// $_ is the last word of the previous command: set now, it
			// is read only by later commands.
			interpunsafe.SetString(r, "_", args[len(args)-1])
			s.seconds.Refresh(r)
		}
		s.countHit(r, name)
		s.eng.NoteFuncCall(r, hc, name)
	}
	if s.disabledBuiltins != nil {
		if s.builtinDisabled(name) {
			if r != nil && r.Funcs[name] != nil {
				return args, nil
			}
			return s.disabledCall(r, args), nil
		}
		if name == "builtin" && len(args) > 1 && s.builtinDisabled(args[1]) {
			return []string{sentinel + disabledRefused, args[1]}, nil
		}
	}
	if name == "builtin" && len(args) > 1 {
		if _, ok := s.builtins[args[1]]; ok {
			return append([]string{sentinel + args[1]}, args[2:]...), nil
		}
		return args, nil
	}
	if engine.IsSpecialBuiltin(name) && s.posixMode() {
		// POSIX: a special builtin is found before a function.
		if _, ok := s.builtins[name]; !ok {
			if r != nil && r.Funcs[name] != nil {
				return append([]string{"builtin"}, args...), nil
			}
			return args, nil
		}
		return append([]string{sentinel + name}, args[1:]...), nil
	}
	if _, ok := s.builtins[name]; !ok {
		return args, nil
	}
	if r != nil && r.Funcs[name] != nil {
		return args, nil
	}
	return append([]string{sentinel + name}, args[1:]...), nil
}

// builtinMiddleware runs calls claimed by callHandler.
func (s *Shell) builtinMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		name, ok := strings.CutPrefix(args[0], sentinel)
		s.settleBefore(name, ok)
		if !ok {
			return next(ctx, args)
		}
		return s.runBuiltin(ctx, name, args[1:])
	}
}

func (s *Shell) runBuiltin(ctx context.Context, name string, args []string) error {
	hc := interp.HandlerCtx(ctx)
	if f, ok := s.pkgBuiltins[name]; ok && !isAgentCommand(ctx) {
		return s.runPackageBuiltin(ctx, hc, f, name, args)
	}
	if s.engineBuiltins[name] && !isAgentCommand(ctx) {
		return s.runEngineBuiltin(ctx, hc, name, args)
	}
	f := s.builtins[name]
	if f == nil {
		return fmt.Errorf("nosh: no builtin %q", name)
	}
	c := &call{Call: builtins.Call{
		Sh: (*builtinHost)(s), HC: hc, R: interpunsafe.Of(hc), Name: name, Args: args,
		Stdin: hc.Stdin, Stdout: hc.Stdout, Stderr: hc.Stderr,
		ViaCommand: ctx.Value(viaCommandKey{}) != nil,
	}, sh: s}
	if c.Stdin == nil {
		c.Stdin = builtins.NoInput
	}
	c.Stdout, c.Stderr = stageStreams(ctx, c.Stdout, c.Stderr)
	if isAgentCommand(ctx) && !s.checkAgentBuiltin(ctx, c) {
		return interp.ExitStatus(126)
	}
	err := f(ctx, c)
	if errors.Is(err, errKeepStatus) {
		return nil
	}
	if c.R != nil {
		// As for interp's own builtins, the builtin's result replaces
		// whatever state the statement had so far.
		interpunsafe.SetExit(c.R, interpunsafe.Status{})
	}
	return err
}

// builtinTable is every builtin nosh implements itself. Each group lives
// with its implementation.
func (s *Shell) builtinTable() map[string]builtinFunc {
	// Sized for all of them (about 70), so that filling it does not grow
	// it: this runs at every start-up.
	m := make(map[string]builtinFunc, 96)
	for _, add := range []func(map[string]builtinFunc){
		posixBuiltins,
		jobBuiltins,
		enableBuiltins,
	} {
		add(m)
	}
	s.pkgBuiltins = registerBuiltins(m)
	s.engineBuiltins = make(map[string]bool, 32)
	for name := range engine.BuiltinNames() {
		s.engineBuiltins[name] = true
	}
	return m
}

// runEngineBuiltin runs one of package engine's builtins as runBuiltin
// runs the core's: only the engine's call is allocated. (Every command
// whose words nosh splits, every pipeline and redirection goes through
// here.)
func (s *Shell) runEngineBuiltin(ctx context.Context, hc interp.HandlerContext, name string, args []string) error {
	in := engine.Invocation{
		HC: hc, R: interpunsafe.Of(hc), Name: name, Args: args, Stdin: hc.Stdin,
		ViaCommand: ctx.Value(viaCommandKey{}) != nil,
	}
	in.Stdout, in.Stderr = stageStreams(ctx, hc.Stdout, hc.Stderr)
	err := s.eng.RunBuiltin(ctx, in)
	if errors.Is(err, errKeepStatus) {
		return nil
	}
	if in.R != nil {
		// As for interp's own builtins, the builtin's result replaces
		// whatever state the statement had so far.
		interpunsafe.SetExit(in.R, interpunsafe.Status{})
	}
	return err
}
