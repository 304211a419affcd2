// Package jobs is nosh's process model: the job table, the processes a
// job owns, process groups, the controlling terminal and signal names.
//
// It knows nothing of the interpreter. A [Job] is anything the shell
// runs that `jobs`, `fg`, `bg`, `kill` and `wait` can name: a background
// command started with `&` (which has a body, the interpreter goroutine
// running it, and any processes that body starts), or a foreground
// pipeline that was stopped with Ctrl+Z (processes only).
//
// Every mutable field of every job and process is guarded by the mutex of
// the [Table] the job belongs to; a single broadcast channel wakes anyone
// waiting for a state change. Job control (process groups, stop
// detection, the terminal) is optional: a non-interactive shell creates
// jobs and processes without groups, and the same table still serves
// `$!`, `wait` and `kill`.
//
// A process's exit is reaped by the [exec.Cmd] that started it; stops and
// continues are seen first with waitid(WNOWAIT), so that exec.Cmd.Wait
// keeps doing the reaping and its I/O goroutines stay correct.
package jobs
