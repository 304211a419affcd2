package perms

import (
	"nosh/config/dialect"

	"mvdan.cc/sh/v3/expand"
)

// Analyze lists every unit src would execute and every risky construct
// in it, parsing with dialect d exactly as the runner does. env gives
// the variables used to resolve $HOME-like targets of the built-in
// checks; nil means the process environment. dir is the directory the
// command starts in, for relative paths; "" leaves them relative.
func Analyze(src string, d dialect.Dialect, env expand.Environ, dir string) Analysis {
	a := newAnalyzer(d, env, func() string { return dir }, classifyCmd)
	a.file(src)
	return a.result()
}

// AnalyzeArgv analyses one simple command as it is about to run, with
// every expansion done, in directory dir: the run-time view of the gate.
// Strings that the command runs as code in another process (sh -c, find
// -exec, sudo…) are analysed; eval, source, trap and alias are not,
// because the commands they run pass through the gate themselves.
func AnalyzeArgv(argv []string, d dialect.Dialect, env expand.Environ, dir string) Analysis {
	a := newAnalyzer(d, env, func() string { return dir }, classifyCmd)
	a.runtime = true
	if len(argv) > 0 {
		a.unit(Unit{Words: staticWords(argv)})
	}
	return a.result()
}
