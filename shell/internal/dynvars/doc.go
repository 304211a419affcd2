// Package dynvars computes bash's dynamic variables that interp lacks:
// SECONDS, EPOCHSECONDS, EPOCHREALTIME and BASHPID are computed when read (they are the environment interp
// starts from, under everything a script assigns); COLUMNS and LINES are
// plain variables that an interactive shell keeps current (checkwinsize).
//
// Assigning SECONDS restarts its count from the value given, as in bash:
// the assignment shadows the computed value, so once code assigning it
// has been parsed, the core looks at it before and after every command (the
// CallHandler and the exec middleware) and keeps it counting. (An
// assignment nosh cannot see in the source, such as `read SECONDS`,
// leaves a plain variable.)
//
// The state (the SECONDS clock) lives in the values NewEnv returns, one
// per shell; the package keeps none.
package dynvars
