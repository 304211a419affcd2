// Package options holds the shell's option tables and their text: nosh's
// own `set -o` options ([Flags]), bash's shopt options ([Shopt]), the
// parsing of set's and shopt's arguments ([ParseSet], [ShoptArgs]) and
// the printing of `set -o`, `set +o`, `shopt` and `$-`.
//
// It knows nothing of the runner. The core applies what [ParseSet]
// returns (interp keeps its own options, nosh the others), passes in
// interp's option values to print, and gives shopt a [Store] that reads
// and sets options in the runner that runs it.
package options
