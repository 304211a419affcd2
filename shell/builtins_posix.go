package shell

// posixBuiltins registers the POSIX and bash builtins that nosh implements
// in place of interp's missing or partial ones.
func posixBuiltins(m map[string]builtinFunc) {
	m["umask"] = builtinUmask
	m["set"] = builtinSet
	m[internalFlags] = builtinDashFlags
}
