// Package signals keeps the shell process's signal dispositions: which
// signals are trapped, ignored, caught for job control or left to their
// default action, following POSIX and bash for interactive shells,
// scripts and scripts with an EXIT trap; and what happens when one
// arrives (a trap becomes pending, Ctrl+C interrupts, a fatal signal
// kills the shell as a shell dies).
//
// The core owns one [Dispositions], tells it the shell's mode and hooks,
// sets traps through it, and runs the pending traps' actions itself
// between commands ([Dispositions.TakePending]). Signals are caught with
// os/signal, one channel each; the few dispositions Go has no call for
// are set with rt_sigaction directly (sigaction_linux.go).
//
// The core emulates subshells' own signal contexts (its
// subshell_signals.go): Dispatch offers it every delivery first, Force
// catches a signal while a subshell needs it, and ChildMask and the
// launcher (launcher.go) give a subshell's programs its ignored signals.
package signals
