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

// The builtin table. Every builtin, wherever it is implemented, is a
// builtins.Func over the one description of a call (builtins.Call), and
// s.builtins maps each name to its Func: the engine's (engine.RunBuiltin
// for each of engine.BuiltinNames), the core's own (builtinFunc, through
// coreBuiltin), package builtins' (builtins.Table), and the front ends'
// (Register). runBuiltin runs them all alike.

// builtinFunc implements one of the core's builtins. It returns nil for
// status 0 or an interp.ExitStatus; any other error is fatal to the
// statement.
type builtinFunc func(ctx context.Context, c *call) error

// coreBuiltin is f as the table holds it.
func coreBuiltin(f builtinFunc) builtins.Func {
	return func(ctx context.Context, c *builtins.Call) error { return f(ctx, (*call)(c)) }
}

// call is one invocation of a builtin of the core: the call as every
// builtin gets it, with the core's helpers as methods.
type call builtins.Call

// sh is the shell running the call.
func (c *call) sh() *Shell { return c.Sh.(*builtinHost).shell() }

type viaCommandKey struct{}

// errorf prints "nosh: NAME: message" to standard error and returns
// status.
func (c *call) errorf(status int, format string, a ...any) error {
	return c.pub().Errorf(status, format, a...)
}

// builtin runs one of interp's own builtins in the current scope.
func (c *call) builtin(ctx context.Context, args ...string) error {
	return interp.HandlerCtx(ctx).Builtin(ctx, args)
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
	if name == "builtin" && len(args) > 1 && len(args[1]) > 1 && args[1][0] == '-' {
		// builtin takes no options (interp's would look a "-z" up).
		if args[1] != "--" {
			return []string{sentinel + builtinOptionsRefused, args[1]}, nil
		}
		args = append([]string{name}, args[2:]...)
	}
	if name == "builtin" && len(args) > 1 {
		if _, ok := s.builtins[args[1]]; ok {
			return append([]string{sentinel + args[1]}, args[2:]...), nil
		}
		if !interp.IsBuiltin(args[1]) {
			// interp's builtin fails quietly; bash says why.
			return []string{sentinel + disabledRefused, args[1]}, nil
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
	f := s.builtins[name]
	if f == nil {
		return fmt.Errorf("nosh: no builtin %q", name)
	}
	hc := interp.HandlerCtx(ctx)
	c := &builtins.Call{
		Sh: (*builtinHost)(s), R: interpunsafe.Of(hc), Name: name, Args: args,
		Stdin: hc.Stdin, Stdout: hc.Stdout, Stderr: hc.Stderr,
		ViaCommand: ctx.Value(viaCommandKey{}) != nil,
	}
	if c.Stdin == nil {
		c.Stdin = builtins.NoInput
	}
	c.Stdout, c.Stderr = stageStreams(ctx, c.Stdout, c.Stderr)
	if isAgentCommand(ctx) && !s.checkAgentBuiltin(ctx, (*call)(c)) {
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

// builtinTable is every builtin nosh implements, by name.
func (s *Shell) builtinTable() map[string]builtins.Func {
	// Sized for all of them (about 100), so that filling it does not
	// grow it: this runs at every start-up.
	m := make(map[string]builtins.Func, 128)
	for name := range engine.BuiltinNames() {
		m[name] = engine.RunBuiltin
	}
	// The core's own, each group with its implementation; they replace
	// the engine's of the same name.
	posixBuiltins(m)
	jobBuiltins(m)
	enableBuiltins(m)
	// Package builtins' stand alone; the core's of the same name win.
	for name, f := range builtins.Table() {
		if _, ok := m[name]; !ok {
			m[name] = f
		}
	}
	return m
}
