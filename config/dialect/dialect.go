// Package dialect is the one place that says which shell language nosh
// parses. The runner, the permission engine, the highlighter and the
// completion code all build their parsers here, so that what the user is
// asked to approve is parsed exactly as it will run.
package dialect

import "mvdan.cc/sh/v3/syntax"

// Dialect names a shell language accepted by nosh.
type Dialect int

const (
	// Bash is the default: POSIX sh plus the bash extensions that
	// mvdan.cc/sh/v3/interp runs ([[ ]], arrays, $'…', brace expansion,
	// local), which is what people's rc files use.
	Bash Dialect = iota
	// POSIX restricts parsing to POSIX sh (--posix, set -o posix).
	POSIX
)

// Variant is the syntax.LangVariant for d.
func (d Dialect) Variant() syntax.LangVariant {
	if d == POSIX {
		return syntax.LangPOSIX
	}
	return syntax.LangBash
}

// String is the user-facing name of the dialect.
func (d Dialect) String() string {
	if d == POSIX {
		return "posix"
	}
	return "bash"
}

// NewParser returns a parser for d; extra options (such as
// syntax.RecoverErrors for highlighting) are applied after the variant.
func (d Dialect) NewParser(opts ...syntax.ParserOption) *syntax.Parser {
	all := append([]syntax.ParserOption{syntax.KeepComments(false), syntax.Variant(d.Variant())}, opts...)
	return syntax.NewParser(all...)
}
