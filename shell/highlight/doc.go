// Package highlight colours a shell command line as it is typed.
//
// A [Highlighter] parses the line with the shared parser from
// nosh/config/dialect (with error recovery, so half-typed input still
// yields a tree) and paints each byte with a [Class]: command names by
// what they resolve to (through a [Resolver]), options, strings,
// variables and expansions, operators, redirections, comments, and the
// place where an unterminated quote or a parse error starts. Statements
// that the permission engine would refuse outright are painted as
// dangerous through the [Highlighter.Danger] hook. Lines that start with
// the `?` or `??` word are natural-language requests and stay plain text.
//
// [Styles] turns classes into ANSI SGR sequences, from the `[editor]
// colors` table of config.toml, and produces no escape codes at all when
// NO_COLOR is set. [PathCache] answers "is this name an executable on
// PATH?" cheaply enough to be asked on every keystroke.
//
// The package knows nothing of the rest of the shell: the shell supplies
// the Resolver (builtins, functions, aliases, PATH) and the Danger hook.
package highlight
