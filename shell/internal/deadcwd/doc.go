// Package deadcwd keeps a removed working directory usable.
//
// A shell's children inherit its current directory even after the
// directory was removed (from another terminal, or by `rmdir ../here`):
// bash's process is in it, and its children start there. nosh's `cd`
// changes the interpreter's directory, not the process's, and starting a
// program in a directory given by name fails once the name is gone
// ("fork/exec /bin/echo: no such file or directory").
//
// So nosh keeps the directory its commands run in open, by handle, and a
// program whose directory no longer exists starts in it through
// /proc/self/fd/N: the child resolves that link to the removed directory
// while it still holds the handle, between fork and exec.
package deadcwd
