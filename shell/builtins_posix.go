package shell

import "nosh/shell/builtins"

// posixBuiltins registers the POSIX and bash builtins that nosh implements
// in place of interp's missing or partial ones, besides package builtins'
// and the engine's (the rewrite's private builtins, declare and its kin,
// break and continue): see builtinTable.
func posixBuiltins(m map[string]builtins.Func) {
	m["set"] = coreBuiltin(builtinSet)
	m[internalFlags] = coreBuiltin(builtinDashFlags)
	m["unset"] = coreBuiltin(builtinUnset)
	m["shopt"] = coreBuiltin(builtinShopt)
	m["eval"] = coreBuiltin(builtinEval)
	m["source"] = coreBuiltin(builtinSource)
	m["."] = m["source"]
	m["return"] = coreBuiltin(builtinReturn)
	m["exec"] = coreBuiltin(builtinExec)
}
