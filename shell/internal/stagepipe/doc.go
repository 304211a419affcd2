// Package stagepipe makes a pipeline stage that nosh runs in-process die
// of a broken pipe as a process would.
//
// A pipeline stage that nosh runs in-process (a loop, a function, a
// builtin, a subshell) is a goroutine, not a process: when the command
// reading its output exits, its next write fails with EPIPE instead of
// killing it with SIGPIPE, and `while :; do echo y; done | head -2` went
// on forever. nosh makes such a stage die as a process would: the first
// write that finds the pipe broken stops the whole stage, which ends with
// status 141 (128 + SIGPIPE) and without a word.
//
// The state of a stage lives in the Output With returns; the package
// keeps none.
package stagepipe
