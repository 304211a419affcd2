// Package fields expands the words of a simple command as POSIX and bash
// do: field splitting that keeps empty fields, quoting kept through
// ${u:-"a b"}, "x$@y" as separate fields, globbing that leaves leading
// dots alone; and the parameter expansions interp gets wrong, which nosh
// computes itself (${@-word}, anchored replacements, extended patterns,
// slices of $@ from 0). Values of parameters, commands and arithmetic
// still come from interp's expand package, one word part at a time.
package fields
