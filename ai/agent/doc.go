// Package agent runs a `??` investigation: the model gets one tool,
// run_command, and calls it again and again until it answers in words.
// Every call goes through the caller's gate before it runs; the loop is
// bounded by a number of commands, a time limit, a token budget and the
// caller's context (Ctrl+C).
//
// The package runs nothing itself: the shell supplies how a command is
// checked, approved and executed, so the agent cannot reach past the
// permission engine.
package agent
