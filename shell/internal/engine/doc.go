// Package engine is the statement rewrite of nosh's shell and the private
// builtins that run what it rewrites. interp runs some statements wrongly
// for a daily shell (descriptors above 2, noclobber, POSIX field
// splitting, the subshells of a pipeline, EXIT traps in subshells, lazy
// ${x:-$(cmd)}, set -e in compound commands, read-only variables):
// before a statement runs, Engine.Rewrite walks it and hands those parts
// to builtins whose names start with a NUL byte, so that no script can
// call them, with the original pieces kept in a stash (builtin_rewrite.go
// has the map of what becomes what). The shell's builtin middleware runs
// them through Engine.RunBuiltin.
//
// The engine owns the rewrite's state: the stash, the descriptors exec
// opened, the lazy words of ${x:-word}, set -e lifted inside compound
// commands, the names declared read-only. It sees the shell only through
// Host (what package builtins sees of it, plus the shell's own parts of
// the walk), and interp's internals only through
// shell/internal/interpunsafe. The parts of the rewrite that need nothing
// of a shell are in shell/internal/rewrite.
package engine
