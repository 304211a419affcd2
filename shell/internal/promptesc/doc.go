// Package promptesc expands bash's prompt escapes (\u, \w, \$, …) from
// what the shell and the process know. It sits below the core, which
// needs it for ${x@P}; package prompt, the interactive prompt, builds on
// it.
package promptesc
