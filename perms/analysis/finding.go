package analysis

import (
	"fmt"

	"mvdan.cc/sh/v3/syntax"
)

// Kind classifies a risky construct.
type Kind uint8

const (
	// KindUnparsed is input that does not parse, or code that cannot be
	// analysed (nested too deep, computed where code is expected).
	KindUnparsed Kind = iota + 1
	// KindRedirect is a redirection that writes to a file.
	KindRedirect
	// KindEval is text run as shell code later or elsewhere: eval,
	// source, trap, alias, mapfile -C.
	KindEval
	// KindFuncDef is a function definition.
	KindFuncDef
	// KindWrapper is a command that runs another command: sudo, env,
	// nice, timeout, find -exec, sh -c, ssh host cmd…
	KindWrapper
	// KindInlineCode is interpreter code given on the command line, in a
	// here-document or on standard input.
	KindInlineCode
	// KindBackground is a command left running with &.
	KindBackground
	// KindAssign is an assignment to a variable that changes what runs
	// (PATH, LD_PRELOAD, PAGER…).
	KindAssign
	// KindOption is a program option that runs code or writes files
	// (sed -i, git -c, sort -o…).
	KindOption
	// KindCatastrophic is a construct denied whatever the rules say:
	// writing to a disk device, a fork bomb.
	KindCatastrophic
	// KindOutside is a change outside what the agent's sandbox lets its
	// commands write (the workspace and the scratch directory): it
	// happens only if the user approves that one command. The caller
	// adds these findings (see Decision.WithFindings); Key is the path.
	KindOutside
)

var kindNames = [...]string{
	KindUnparsed:     "unparsed",
	KindRedirect:     "redirect",
	KindEval:         "eval",
	KindFuncDef:      "function",
	KindWrapper:      "wrapper",
	KindInlineCode:   "inline-code",
	KindBackground:   "background",
	KindAssign:       "assignment",
	KindOption:       "option",
	KindCatastrophic: "catastrophic",
	KindOutside:      "outside",
}

// String names the kind: redirect, wrapper, option…
func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Finding is a risky construct: its presence makes the verdict at least
// ask, and [Session] and [Always] are not offered.
type Finding struct {
	Kind Kind // what sort of construct
	Pos  Pos  // where it is
	// Text is the construct as written, e.g. "> out.txt" or "PATH=…".
	Text string
	// Key identifies the construct for run-time approval: the redirect
	// target, the variable name, "sed -i", "sudo".
	Key string
	// Reason says why the construct is risky.
	Reason string
	// Expands lists what a computed redirect target expands to right now
	// (filled in by Check when it asks).
	Expands []string

	Computed bool         // Key is a computed word, not a final value
	Node     *syntax.Word // the computed target, for previews
}

// String renders the finding as "POS TEXT: REASON".
func (f Finding) String() string {
	return fmt.Sprintf("%s %s: %s", f.Pos, f.Text, f.Reason)
}
