// Package programs knows what common programs do with their arguments:
// which options run code or write files, which operands are files they
// change, which programs run other commands (wrappers such as sudo, env,
// xargs and find -exec) or code (sh -c, python -c, awk and sed scripts,
// git's hooks and aliases, build files), and which download.
//
// Classify is the analysis's Handler: it finds the program's handler by
// the base name of argv[0] (tables.go registers them all), then checks
// every option against the program's allow-list (options.go,
// options_tables.go: safe by construction, an option not known to be
// harmless is risky) and asks for a rule for a program nothing knows.
// Handlers look only at static words; the run-time gate sees the
// expanded argv and calls Classify again.
//
// It depends on package analysis, never the other way round; package
// perms joins the two.
package programs
