// Package permscli implements "nosh perms": listing, adding, removing
// and checking permission rules from the command line.
//
//	nosh perms list
//	nosh perms allow RULE...
//	nosh perms deny RULE...
//	nosh perms rm RULE...
//	nosh perms check [--allow RULE]... [--deny RULE]... [--] COMMAND...
//
// Each RULE is one argument holding shell words ('git status'). check
// prints the verdict (allow, ask or deny) alone on its first line, then
// one line per unit and per risky construct with its reason, using the
// persisted rules plus the flags; then, unless denied, a "sandbox" line
// saying whether, as an agent (??) command started in the current
// directory, its programs would run sandboxed and where they could
// write, and an "outside" line for each change it names outside those
// places, which the agent asks about whatever the rules say. Its exit
// status is 0 whatever the verdict. Usage errors exit 2; a rule file that cannot be read or
// changed exits 1 (check still runs, failing closed, and reports the
// file on standard error).
package permscli
