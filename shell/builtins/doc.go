// Package builtins holds the builtins that stand alone: echo, printf,
// test and [, read, getopts, cd, pwd, dirs, pushd, popd, umask, ulimit,
// times, command, type, hash, alias and unalias (with the alias table,
// kept in the runner, which the core's line reader consults), and the job
// builtins jobs, fg, bg, disown and wait over the shell's job table.
//
// It also holds what every builtin of nosh is made of, wherever it is
// implemented: Func, the one type of a builtin, over Call, the one
// description of a call (the core's and the engine's builtins see it as
// their own call type, with their helpers as methods; the front ends'
// are Funcs as these are); Getopt, the one option parser, and Synopsis,
// bash's usage lines, so that every builtin reads options and reports
// their mistakes as bash's do.
//
// They see the shell that runs them through the Shell interface, which
// the core implements, and reach interp's runner state only through
// shell/internal/interpunsafe. Builtins that run or change the shell's
// code (eval, ., set, trap, declare, the rewrite's builtins) or drive
// its signal handling (kill, trap) stay in the core. Table lists the
// builtins here; the core puts them in its one table of builtins in New.
package builtins
