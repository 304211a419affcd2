// Package builtins holds the builtins that stand alone: echo, printf,
// test and [, read, getopts, cd, pwd, dirs, pushd, popd, umask, ulimit,
// times, command, type, hash, alias and unalias (with the alias table,
// kept in the runner, which the core's line reader consults), and the job
// builtins jobs, fg, bg, disown and wait over the shell's job table.
//
// They see the shell that runs them through the Shell interface, which
// the core implements, and reach interp's runner state only through
// shell/internal/interpunsafe. Builtins that run or change the shell's
// code (eval, ., set, trap, declare, the rewrite's builtins) or drive
// its signal handling (kill, trap) stay in the core. Table lists the
// builtins here; the core registers them in New.
package builtins
