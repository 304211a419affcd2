// Package shell is nosh's shell: the runner that executes POSIX (and bash
// dialect) code on mvdan.cc/sh/v3/interp, the builtins that interp lacks,
// script execution, job control and signals. The interactive loop is
// shell/repl, which drives a Shell through its exported API and adds its
// own builtins with Register.
//
// One [Shell] owns one [interp.Runner] for the whole session. Every
// top-level statement is run on its own with Runner.Run, so state
// (variables, functions, aliases, options, the directory) carries over from
// one statement to the next, and `exit` or a `set -e` failure is noticed
// between statements.
//
// Before it runs, every statement is rewritten (package
// shell/internal/engine, for which the Shell is the Host): the parts
// interp would run wrongly go to private builtins of the engine's, and
// the shell adds its own changes to each node (rewrite_host.go).
//
// Builtins that interp does not have, or has in a form too weak for a
// daily shell, are registered in a table (see builtin.go): those that run
// or change the shell's code live here, the rewrite's in the engine, the
// ones that stand alone in package [nosh/shell/builtins], which sees the
// shell through an interface. A CallHandler
// renames a call to one of them into a private sentinel name that no
// function or program can have, and an ExecHandlers middleware runs it;
// functions of the same name still win, as in bash.
//
// The shell's options are kept here (nosh's own set -o options, the shopt
// values) but their tables, parsing and printing are package
// [nosh/shell/internal/options]'s; the process's signal dispositions and
// the delivery of trapped signals are package
// [nosh/shell/internal/signals]'s, and the core runs the traps' actions
// between commands (jobs_traps.go). What an agent's command may run is
// asked of its Guard (the assistant's table); the core tracks the
// programs an agent starts so that its kill and wait reach only them.
package shell
