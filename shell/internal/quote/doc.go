// Package quote holds bash's quoting and backslash escapes: the escapes
// that echo -e, printf's format and %b interpret, and the quoting of
// printf %q, which set, xtrace and declare listings build on. It depends
// on nothing but the standard library.
package quote
