package shell

import (
	"context"

	"nosh/shell/internal/engine"
)

// posixBuiltins registers the POSIX and bash builtins that nosh implements
// in place of interp's missing or partial ones, besides package builtins'
// (registerBuiltins), and the engine's (the rewrite's private builtins,
// declare and its kin, break and continue).
func posixBuiltins(m map[string]builtinFunc) {
	for name := range engine.BuiltinNames() {
		m[name] = engineBuiltin
	}
	m["set"] = builtinSet
	m[internalFlags] = builtinDashFlags
	m["unset"] = builtinUnset
	m["shopt"] = builtinShopt
	m["eval"] = builtinEval
	m["source"] = builtinSource
	m["."] = builtinSource
	m["return"] = builtinReturn
	m["exit"] = builtinExit
	m["exec"] = builtinExec
}

// engineBuiltin runs one of package engine's builtins for an agent's
// command, which the core checks first; runBuiltin runs the others
// directly (runEngineBuiltin).
func engineBuiltin(ctx context.Context, c *call) error {
	return c.sh.eng.RunBuiltin(ctx, engine.Invocation{
		HC: c.HC, R: c.R, Name: c.Name, Args: c.Args,
		Stdin: c.Stdin, Stdout: c.Stdout, Stderr: c.Stderr, ViaCommand: c.ViaCommand,
	})
}
