package jobs

import "sync/atomic"

// terminalUses counts the programs started and the jobs given the
// terminal, in this process.
var terminalUses atomic.Uint64

// TerminalUses returns a count that grows whenever a program may have
// used the terminal: a process was started (in the foreground it owns the
// terminal) or a job was given the terminal. While it stays the same the
// shell alone had the terminal, so its modes, its size (a resize was
// signalled to the shell) and its foreground group are as the shell left
// them, and need not be asked again.
func TerminalUses() uint64 { return terminalUses.Load() }

// NoteTerminalUse counts a process started outside [Job.Start].
func NoteTerminalUse() { terminalUses.Add(1) }
