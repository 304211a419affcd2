package engine

import (
	"strconv"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"

	"nosh/shell/internal/interpunsafe"
)

// BASHPID: the process ID of the shell running a command. In the main
// shell it is $$. A subshell of nosh ( ( … ), $( … ), a pipeline stage, a
// background job) runs inside the nosh process and has no process ID of
// its own; it gets a number of its own, unique in the session, above the
// largest process ID the system can give (as `$!` of a job that runs no
// program, jobs.SyntheticBase): a script can tell it is in a subshell
// ("$BASHPID" != "$$") and tell subshells apart, and `kill $BASHPID` or
// /proc/$BASHPID reaches no other process (kill says there is no such
// process). Subshells get it once the shell has read code naming BASHPID.

// subshellPidBase is where the Engine's subshellPids start counting:
// above the synthetic IDs of jobs.
const subshellPidBase = 1<<22 + 1<<21 // jobs.SyntheticBase is 1<<22

// SetSubshellPid gives r, a subshell's runner, its BASHPID.
func (s *Engine) SetSubshellPid(r *interp.Runner) {
	if !s.gateOpen(bashpidGate) {
		return
	}
	pid := strconv.FormatInt(subshellPidBase+s.subshellPids.Add(1), 10)
	interpunsafe.SetVar(r, "BASHPID", expand.Variable{Set: true, Kind: expand.String, Str: pid})
}
