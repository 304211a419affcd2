// Package varlist reads and prints the shell's variables: as bash lists
// them (`set` alone, `export -p`, `readonly -p`, `declare -p`), which
// interp either does not do or prints in its own format, and as they
// stand between statements (Settled). It reads the runner through
// shell/internal/interpunsafe and keeps no state.
package varlist
