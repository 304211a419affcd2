// Package builtins holds the builtins that stand alone: echo, printf,
// test and [, read, getopts, cd, pwd, dirs, pushd, popd, umask, ulimit,
// times, command, type, hash, alias and unalias (with the alias table,
// kept in the runner, which the core's line reader consults). They see
// the shell that runs them through the Shell interface, which the core
// implements, and reach interp's runner state only through
// shell/internal/interpunsafe. Builtins that run or change the shell's
// code (eval, ., set, trap, declare, the rewrite's builtins) stay in the
// core; Table lists the ones here, which the core registers in New.
package builtins
