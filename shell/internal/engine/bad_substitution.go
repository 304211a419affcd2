package engine

import (
	"encoding/hex"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Bad substitutions. bash reports ${#x:1}, ${#x-def} or ${a&} when the
// line runs ("bad substitution"), which abandons the line; the parser
// nosh uses rejects them when it reads them, a syntax error that ends a
// script. The line reader (package alias) replaces such an expansion by
// an expansion hook that reports it when it runs, as bash does.

// badSubstitution reports whether the text between ${ and } (with no
// quotes, expansions or braces in it) is not a parameter expansion bash
// accepts.
func badSubstitution(body string) bool {
	if strings.HasPrefix(body, "#") && len(body) > 1 {
		// ${#param} is a length, and nothing may follow the parameter;
		// otherwise it is $# followed by an operator (${#-x}, ${#:1}).
		if rest, ok := cutParam(body[1:]); ok && rest == "" {
			return false
		}
		return !validOperator(body[1:])
	}
	if body == "!" {
		return false // $!
	}
	name := strings.TrimPrefix(body, "!")
	rest, ok := cutParam(name)
	switch {
	case !ok:
		return true
	case rest == "":
		return false
	case name != body && (rest == "*" || rest == "@"):
		return false // ${!prefix*}
	}
	return !validOperator(rest)
}

// validOperator reports whether rest, what follows the parameter, starts
// with an operator.
func validOperator(rest string) bool {
	return rest != "" && strings.IndexByte(":-=+?#%/^,@", rest[0]) >= 0
}

// cutParam cuts a parameter (a name, digits, or one special character,
// with an optional [subscript]) off the start of s.
func cutParam(s string) (rest string, ok bool) {
	i := 0
	switch {
	case s == "":
		return "", false
	case isNameStart(s[0]):
		for i < len(s) && isNameChar(s[i]) {
			i++
		}
	case s[0] >= '0' && s[0] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	case strings.IndexByte("@*#?-$!", s[0]) >= 0:
		i = 1
	default:
		return s, false
	}
	if i < len(s) && s[i] == '[' {
		j := strings.IndexByte(s[i:], ']')
		if j < 0 {
			return s[i:], false
		}
		i += j + 1
	}
	return s[i:], true
}

// BadSubstReplacement returns the hook that stands for expansion, a ${…}
// written out plainly, when it is a bad substitution.
func BadSubstReplacement(expansion string) (string, bool) {
	if inner, ok := strings.CutPrefix(expansion, "$(("); ok {
		return badArithReplacement(expansion, strings.TrimSuffix(inner, "))"), false)
	}
	if inner, ok := strings.CutPrefix(expansion, "(("); ok {
		return badArithReplacement(expansion, strings.TrimSuffix(inner, "))"), true)
	}
	if !badSubstitution(expansion[2 : len(expansion)-1]) {
		return "", false
	}
	return badSubstText(expansion), true
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isNameChar(c byte) bool { return isNameStart(c) || c >= '0' && c <= '9' }

// badSubstHook reports a bad substitution when it runs.
type badSubstHook struct{ text string }

func (h badSubstHook) hookValue(s *Engine, r *interp.Runner) (string, error) {
	return "", s.NewAbort(h.text + ": bad substitution")
}

// badSubstText returns the source text that stands for the bad
// substitution text: a hook read through $(<…) whose key carries the
// text itself, in hexadecimal (the source has no literal to keep a stash
// entry alive).
func badSubstText(text string) string {
	return `$(<$'\x01hook:` + badSubstPrefix + hex.EncodeToString([]byte(text)) + `')`
}

// badSubstPrefix starts the key of a bad substitution's hook.
const badSubstPrefix = "bad:"

// badSubstHookOf returns the hook of a key made by badSubstText or
// badArithReplacement.
func badSubstHookOf(key string) (expansionHook, bool) {
	if h, ok := strings.CutPrefix(key, badArithPrefix); ok {
		text, err := hex.DecodeString(h)
		if err != nil {
			return nil, false
		}
		return &arithStash{text: string(text)}, true
	}
	if h, ok := strings.CutPrefix(key, badArithCmdPrefix); ok {
		text, err := hex.DecodeString(h)
		if err != nil {
			return nil, false
		}
		return &arithStash{text: string(text), command: true}, true
	}
	h, ok := strings.CutPrefix(key, badSubstPrefix)
	if !ok {
		return nil, false
	}
	text, err := hex.DecodeString(h)
	if err != nil {
		return nil, false
	}
	return badSubstHook{text: string(text)}, true
}

// Malformed arithmetic. bash evaluates $(( )) when the line runs, so
// `$((x+))` fails that line ("x+: syntax error: operand expected"); the
// parser nosh uses rejects it when it reads it, a syntax error that would
// end a script. The line reader replaces such an expansion, written out
// plainly, by a hook that evaluates its text when it runs: nosh's
// evaluator then reports it as bash does.

// badArithPrefix starts the key of a malformed $(( ))'s hook, and
// badArithCmdPrefix a malformed (( )) command's.
const (
	badArithPrefix    = "arith:"
	badArithCmdPrefix = "arithcmd:"
)

// badArithReplacement returns what stands for expansion, a $(( inner ))
// (or, for command, a (( inner )) command) with no expansions or quotes in
// it, when the parser does not take inner for an expression: a hook that
// evaluates inner when it runs. An empty $(( )) is 0 and an empty (( ))
// fails, as in bash.
func badArithReplacement(expansion, inner string, command bool) (string, bool) {
	if strings.TrimSpace(inner) == "" {
		if command {
			return "(( 0 ))", true // status 1, no message
		}
		return "0", true
	}
	src := "echo " + expansion
	if command {
		src = expansion
	}
	if _, err := syntax.NewParser().Parse(strings.NewReader(src), ""); err == nil {
		return "", false
	}
	// bash's messages show the expression without its leading blanks.
	key := hex.EncodeToString([]byte(strings.TrimLeft(inner, " \t")))
	if command {
		// (( 0 )) after the hook's message: status 1, as bash's.
		return `(( $(<$'\x01hook:` + badArithCmdPrefix + key + `') ))`, true
	}
	return `$(<$'\x01hook:` + badArithPrefix + key + `')`, true
}
