package shell

import (
	"context"
	"slices"

	"nosh/shell/builtins"
	"nosh/shell/internal/engine"
)

// The builtin table. Every builtin, wherever it is implemented, is a
// builtins.Func over the one description of a call (builtins.Call), and
// builtinFor finds each name's: a front end's (Register), the core's own
// (coreBuiltinFor), the engine's (engine.RunBuiltin for each of
// engine.BuiltinNames) and package builtins' (builtins.Lookup), in that
// order. The tables are switches, the program's own, so that a shell's
// start builds none; runBuiltin runs every builtin alike.

// builtinFunc implements one of the core's builtins. It returns nil for
// status 0 or an interp.ExitStatus; any other error is fatal to the
// statement.
type builtinFunc func(ctx context.Context, c *call) error

// builtinFor returns the builtin nosh runs for name, or nil.
func (s *Shell) builtinFor(name string) builtins.Func {
	if f := s.registered[name]; f != nil {
		return f
	}
	if f := coreBuiltinFor(name); f != nil {
		return f
	}
	if engine.HasBuiltin(name) {
		return engine.RunBuiltin
	}
	return builtins.Lookup(name)
}

// coreBuiltinNames are the names coreBuiltinFor knows.
var coreBuiltinNames = [...]string{
	"set", internalFlags, "unset", "shopt", "eval", "source", ".", "return", "exec",
	"kill", "trap", "exit", "logout", builtinBgName, builtinTrapsName, builtinFrameTrapsName,
	"enable", disabledNotFound, disabledRefused, builtinOptionsRefused,
}

// coreBuiltinFor returns the core's own builtin called name, or nil: the
// POSIX and bash builtins nosh implements in place of interp's missing
// or partial ones, beside package builtins' and the engine's, and the
// private ones of background jobs, traps and enable. (Each case is a
// function literal that captures nothing, so returning it allocates
// nothing.)
func coreBuiltinFor(name string) builtins.Func {
	switch name {
	case "set":
		return func(ctx context.Context, c *builtins.Call) error { return builtinSet(ctx, (*call)(c)) }
	case internalFlags:
		return func(ctx context.Context, c *builtins.Call) error { return builtinDashFlags(ctx, (*call)(c)) }
	case "unset":
		return func(ctx context.Context, c *builtins.Call) error { return builtinUnset(ctx, (*call)(c)) }
	case "shopt":
		return func(ctx context.Context, c *builtins.Call) error { return builtinShopt(ctx, (*call)(c)) }
	case "eval":
		return func(ctx context.Context, c *builtins.Call) error { return builtinEval(ctx, (*call)(c)) }
	case "source", ".":
		return func(ctx context.Context, c *builtins.Call) error { return builtinSource(ctx, (*call)(c)) }
	case "return":
		return func(ctx context.Context, c *builtins.Call) error { return builtinReturn(ctx, (*call)(c)) }
	case "exec":
		return func(ctx context.Context, c *builtins.Call) error { return builtinExec(ctx, (*call)(c)) }
	case "kill":
		return func(ctx context.Context, c *builtins.Call) error { return builtinKill(ctx, (*call)(c)) }
	case "trap":
		return func(ctx context.Context, c *builtins.Call) error { return builtinTrap(ctx, (*call)(c)) }
	case "exit":
		return func(ctx context.Context, c *builtins.Call) error { return builtinExitGuarded(ctx, (*call)(c)) }
	case "logout":
		return func(ctx context.Context, c *builtins.Call) error { return builtinLogout(ctx, (*call)(c)) }
	case builtinBgName:
		return func(ctx context.Context, c *builtins.Call) error { return builtinBackground(ctx, (*call)(c)) }
	case builtinTrapsName:
		return func(ctx context.Context, c *builtins.Call) error { return builtinTraps(ctx, (*call)(c)) }
	case builtinFrameTrapsName:
		return func(ctx context.Context, c *builtins.Call) error { return builtinFrameTraps(ctx, (*call)(c)) }
	case "enable":
		return func(ctx context.Context, c *builtins.Call) error { return builtinEnable(ctx, (*call)(c)) }
	case disabledNotFound:
		return func(ctx context.Context, c *builtins.Call) error { return builtinDisabledNotFound(ctx, (*call)(c)) }
	case disabledRefused:
		return func(ctx context.Context, c *builtins.Call) error { return builtinRefused(ctx, (*call)(c)) }
	case builtinOptionsRefused:
		return func(ctx context.Context, c *builtins.Call) error { return builtinOptionRefused(ctx, (*call)(c)) }
	}
	return nil
}

// builtinNames lists nosh's builtins, for `type`, `help` and completion.
func (s *Shell) builtinNames() []string {
	names := make([]string, 0, 128)
	names = append(names, coreBuiltinNames[:]...)
	for name := range engine.BuiltinNames() {
		names = append(names, name)
	}
	names = append(names, builtins.Names()...)
	for name := range s.registered {
		names = append(names, name)
	}
	// A front end's builtin may replace one of the tables'.
	slices.Sort(names)
	return slices.Compact(names)
}
