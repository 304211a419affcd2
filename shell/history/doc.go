// Package history is nosh's command history: an append-only file shared by
// every nosh session of a user, and the in-memory view one session keeps of it.
//
// # File format
//
// The file ($XDG_STATE_HOME/nosh/history by default) holds one record per
// line. An entry record has four tab-separated fields:
//
//	<unix-seconds> TAB <status> TAB <dir> TAB <command> LF
//
// dir and command are escaped so that a record is always one line: a
// backslash becomes `\\`, a newline `\n`, a tab `\t` and a carriage return
// `\r`. status is the exit status, or `?ID` while the command is still
// running; the session later appends a status record
//
//	=ID TAB <status> LF
//
// which a reader folds into the entry. Any line that does not parse is
// skipped, so damage stays confined to one line: a last line without its
// newline is a write in progress or cut short, and the next append, seeing
// the file not end in a newline, first writes a tab and a newline, which
// no field can absorb, so the fragment can never read as a shortened
// command.
//
// # Concurrency and durability
//
// Every append is one write(2) on a descriptor opened with O_APPEND, taken
// under flock(LOCK_EX), so records from concurrent sessions never interleave.
// Rewrites (trimming to [Options.Size], [History.Delete]) happen under the same
// lock: the file is re-read, the new contents go to a temporary file in the
// same directory, which is fsynced and renamed over the old one. The file is
// never truncated in place. A session that was waiting for the lock while the
// file was replaced notices that its descriptor no longer names the path and
// reopens it, so its append lands in the new file.
//
// Before appending, a session counts the records other sessions appended
// since its own last write (reading only those bytes), so the file is
// trimmed as soon as it passes 1.25×Size entries, whoever filled it.
//
// Appends are not fsynced (like bash and zsh): a power cut may lose the last
// few entries, never older ones.
//
// # Who persists
//
// The shell calls [History.Add] as soon as a line is accepted, with the
// working directory and [StatusUnknown], runs it, then calls
// [History.SetStatus]. The readline adapter returned by
// [History.ReadlineSource] only reads: its Write method does nothing, so
// readline's own bookkeeping never writes a second copy.
//
// Entries appended by other sessions are not seen live (as in bash); they are
// loaded by the next [Open].
package history
