// Package analysis walks a command line as the shell would run it and
// says what it would run: every simple command anywhere in it (a Unit,
// with its argv as far as it is known before the command runs), every
// risky construct (a Finding) and every path it names as one it changes
// (a Target).
//
// It holds the shell's side of the analysis: parsing with
// mvdan.cc/sh/v3/syntax in the runner's dialect, the walk over lists,
// pipelines, substitutions, redirections and function bodies (walk.go,
// walk_words.go); the values of variables, arrays, $IFS and the working
// directory as earlier parts of the same command set them (state.go,
// resolve.go); the shell's builtins, which change those values or run
// code (builtins.go); words and their quoting (word.go); the built-in
// catastrophic list and the files that change what runs later
// (catastrophic.go, sensitive.go, vars.go); and targets (target.go).
//
// What a program does with its arguments is not here: an Analyzer is
// given a Handler that classifies each unit (package programs provides
// it), and gives that handler a Cmd, the unit being classified, through
// which it records findings, targets, catastrophes and the commands the
// program runs in turn. Rules and verdicts are package perms's.
package analysis
