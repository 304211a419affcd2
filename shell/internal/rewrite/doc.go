// Package rewrite holds the parts of nosh's statement rewrite that need
// nothing of the shell: fixes made in place to words interp reads wrongly
// (~ after a colon in assignments, single quotes in a double-quoted
// ${x:-word}, LINENO in arithmetic, quoted pattern text, the backslash
// escapes of words that make one string) and the tests the
// rewrite asks of statements (a bare exec, here-documents only, $(<file)).
// The walk itself, and every rewrite that hands a statement to one of the
// shell's private builtins, are package shell/internal/engine's.
package rewrite
