package engine

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shopt failglob: a pattern that matches no file is an error that
// abandons the command line, as in bash. interp globs a command's words
// itself and keeps a pattern that matches nothing, so once the shell has
// read code naming failglob, the words it parses from then on that have
// unquoted pattern characters go through nosh's own expansion
// (\x00call, package shell/internal/fields), which knows the option.

// failglobWord reports whether lit, a literal part of a word, may glob
// and the words must go through nosh's expansion for failglob.
func (s *Engine) failglobWord(lit *syntax.Lit) bool {
	return s.gateOpen(failglobGate) && strings.ContainsAny(lit.Value, "*?[")
}
