package builtins

import (
	"fmt"
	"strings"
)

// Getopt walks a builtin's leading options as bash's internal_getopt
// does, so that every builtin reads `-abc`, `-dDELIM`, `-d DELIM`, `--`
// and its mistakes alike:
//
//   - a word that starts with '-' (or '+', when the spec starts with '+')
//     and has more letters is a cluster of options;
//   - a letter followed by ':' in the spec takes an argument: the rest of
//     its word when there is one, else the next word;
//   - a letter followed by ';' takes an optional one (ulimit's): the rest
//     of its word, else the next word unless that starts with '-';
//   - "--" ends the options and is dropped; "-" alone, or the first word
//     that is not an option, ends them and stays an operand;
//   - "--foo" is the invalid option "--", as in bash.
//
// Use it as
//
//	g := c.Getopt("rd:")
//	for g.Next() {
//		switch g.Opt { … g.Arg … }
//	}
//	if g.Err() != nil {
//		return c.BadOption(g.Err())
//	}
//	operands := g.Rest()
type Getopt struct {
	// Opt is the option letter Next found.
	Opt byte
	// Plus says the option was written +x (only with a '+' spec).
	Plus bool
	// Arg is the option's argument, for a letter that takes one.
	Arg string
	// HasArg says a letter with an optional argument has one.
	HasArg bool
	// NumbersEnd makes a word such as -3 end the options, an operand
	// (fc's offsets), as bash's fc checks before each option.
	NumbersEnd bool

	spec string
	plus bool // the spec allows +x
	args []string
	word string // the cluster being read, or ""
	pos  int    // the next letter of word
	err  *OptionError
}

// OptionError is a malformed option: an unknown letter, or a letter whose
// argument is missing.
type OptionError struct {
	// Opt is the letter; Plus says it was written +x.
	Opt  byte
	Plus bool
	// Missing says the option needs an argument and has none.
	Missing bool
}

// Error is the message bash prints after the builtin's name.
func (e *OptionError) Error() string {
	sign := byte('-')
	if e.Plus {
		sign = '+'
	}
	if e.Missing {
		return fmt.Sprintf("%c%c: option requires an argument", sign, e.Opt)
	}
	return fmt.Sprintf("%c%c: invalid option", sign, e.Opt)
}

// NewGetopt returns a parser of args under spec: the option letters, a
// letter followed by ':' taking an argument (';' an optional one), and a
// leading '+' allowing +x as well as -x.
func NewGetopt(spec string, args []string) *Getopt {
	g := &Getopt{spec: spec, args: args}
	if strings.HasPrefix(spec, "+") {
		g.plus, g.spec = true, spec[1:]
	}
	return g
}

// Getopt returns a parser of the call's arguments (NewGetopt).
func (c *Call) Getopt(spec string) *Getopt { return NewGetopt(spec, c.Args) }

// Next reads the next option into Opt, Plus and Arg. It returns false at
// the end of the options and after an error (Err).
func (g *Getopt) Next() bool {
	if g.err != nil {
		return false
	}
	if g.word == "" || g.pos >= len(g.word) {
		if len(g.args) == 0 {
			return false
		}
		a := g.args[0]
		if len(a) < 2 || a[0] != '-' && (a[0] != '+' || !g.plus) {
			return false
		}
		if g.NumbersEnd && a[0] == '-' && '0' <= a[1] && a[1] <= '9' {
			return false
		}
		g.args = g.args[1:]
		if a == "--" {
			return false
		}
		g.word, g.pos = a, 1
	}
	g.Opt, g.Plus, g.Arg, g.HasArg = g.word[g.pos], g.word[0] == '+', "", false
	g.pos++
	i := strings.IndexByte(g.spec, g.Opt)
	if i < 0 || g.Opt == ':' || g.Opt == ';' {
		g.err = &OptionError{Opt: g.Opt, Plus: g.Plus}
		return false
	}
	if i+1 < len(g.spec) && g.spec[i+1] == ';' {
		switch {
		case g.pos < len(g.word):
			g.Arg, g.pos, g.HasArg = g.word[g.pos:], len(g.word), true
		case len(g.args) > 0 && !strings.HasPrefix(g.args[0], "-"):
			g.Arg, g.args, g.HasArg = g.args[0], g.args[1:], true
		}
		return true
	}
	if i+1 < len(g.spec) && g.spec[i+1] == ':' {
		switch {
		case g.pos < len(g.word):
			g.Arg, g.pos = g.word[g.pos:], len(g.word)
		case len(g.args) > 0:
			g.Arg, g.args = g.args[0], g.args[1:]
		default:
			g.err = &OptionError{Opt: g.Opt, Plus: g.Plus, Missing: true}
			return false
		}
	}
	return true
}

// Err is the malformed option that stopped Next, or nil.
func (g *Getopt) Err() error {
	if g.err == nil {
		return nil
	}
	return g.err
}

// Rest returns the operands after the options.
func (g *Getopt) Rest() []string {
	return g.args
}

// BadOption reports err, an *OptionError from Getopt, as bash does: the
// message, then the builtin's usage line, and status 2 (a usage error).
func (c *Call) BadOption(err error) error {
	fmt.Fprintf(c.Stderr, "%s: %s: %v\n", c.Sh.ProgramName(), c.Name, err)
	return c.Usage(Synopsis(c.Name))
}

// Options parses the call's leading options with Getopt: set is called
// for each option in order, and a malformed one is reported as bash
// does (BadOption). It returns the operands. set may be nil for a
// builtin without options, which still refuses "-x" as bash does.
func (c *Call) Options(spec string, set func(opt byte, arg string)) ([]string, error) {
	g := c.Getopt(spec)
	for g.Next() {
		if set != nil {
			set(g.Opt, g.Arg)
		}
	}
	if err := g.Err(); err != nil {
		return nil, c.BadOption(err)
	}
	return g.Rest(), nil
}
