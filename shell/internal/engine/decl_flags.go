package engine

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
)

// Options of declare, typeset and local that interp does not know: interp
// would refuse them with a message of its own, unlike any other nosh
// error. bash's attributes nosh lacks (-t trace, -I inherit) are refused
// as such; others are invalid, as in bash. (-i -l -u -c: var_attrs.go.)

const builtinDeclFlagName = "\x00declflag"

// declFlagsKnown are the options interp or nosh's declaration builtins
// handle.
const declFlagsKnown = "aAnrxgpfF"

// bashDeclFlags are bash's options of declare: +FLAG of one of them is
// nosh's gap, of any other an invalid option.
const bashDeclFlags = "aAfFgiIlnrtux"

// declLacks names bash's declaration attribute flag that nosh does not
// have, or returns false.
func declLacks(flag byte) (string, bool) {
	switch flag {
	case 't':
		return "the trace attribute", true
	case 'I':
		return "inheriting attributes", true
	}
	return "", false
}

// declFlagStash is a declaration with an option nosh does not know.
type declFlagStash struct {
	variant string
	flag    byte
	plus    bool // +FLAG
}

// guardDeclFlags makes a declaration with an option nosh does not know
// call \x00declflag, which refuses it. It reports whether it did.
func (s *Engine) guardDeclFlags(st *syntax.Stmt, dc *syntax.DeclClause) bool {
	for _, as := range dc.Args {
		if as.Name != nil || !as.Naked || as.Value == nil {
			continue
		}
		w := as.Value.Lit()
		if !isFlagWord(w) {
			continue
		}
		if w == "+x" && dc.Variant.Value != "local" {
			// declare +x: names no longer exported, as export -n.
			call := SentinelCall(st.Position, builtinUnexportName, "")
			s.StashArg(call, dc)
			st.Cmd = call
			return true
		}
		for i := 1; i < len(w); i++ {
			if w[0] == '+' || strings.IndexByte(declFlagsKnown, w[i]) < 0 {
				call := SentinelCall(st.Position, builtinDeclFlagName, "")
				s.StashArg(call, &declFlagStash{variant: dc.Variant.Value, flag: w[i], plus: w[0] == '+'})
				st.Cmd = call
				return true
			}
		}
	}
	return false
}

// exportFlags are the options export and readonly take (bash's: -f, -n,
// -p and the array kinds); the declaration's others are invalid there.
const exportFlags = "aAfnp"

// refuseVariantFlags makes an export or readonly with an option of
// declare's that they do not take (export -i, readonly -x) call
// \x00declflag, as guardDeclFlags does. It reports whether it did.
func (s *Engine) refuseVariantFlags(st *syntax.Stmt, dc *syntax.DeclClause) bool {
	if v := dc.Variant.Value; v != "export" && v != "readonly" {
		return false
	}
	for _, as := range dc.Args {
		if as.Name != nil || !as.Naked || as.Value == nil {
			continue
		}
		w := as.Value.Lit()
		if !isFlagWord(w) || w[0] != '-' {
			continue
		}
		for i := 1; i < len(w); i++ {
			if strings.IndexByte(exportFlags, w[i]) < 0 {
				call := SentinelCall(st.Position, builtinDeclFlagName, "")
				s.StashArg(call, &declFlagStash{variant: dc.Variant.Value, flag: w[i]})
				st.Cmd = call
				return true
			}
		}
	}
	return false
}

// builtinDeclFlag refuses a declaration's option, with status 2.
func builtinDeclFlag(ctx context.Context, c *call) error {
	ds, ok := c.sh().stash.get(FirstArg(c.Args)).(*declFlagStash)
	if !ok {
		return fmt.Errorf("nosh: lost declaration %q", c.Args)
	}
	pub := *c.pub() // a copy: the messages name the declaration builtin
	pub.Name = ds.variant
	if ds.variant == "local" && !*interpunsafe.InFunc(c.R) {
		// bash says this before it looks at the options.
		return pub.Errorf(1, "can only be used in a function")
	}
	if what, ok := declLacks(ds.flag); ok && !ds.plus {
		fmt.Fprintf(c.Stderr, "%s: %s: -%c: not supported by nosh (%s)\n", c.sh().name(), ds.variant, ds.flag, what)
		return interp.ExitStatus(2)
	}
	if ds.plus && strings.IndexByte(bashDeclFlags, ds.flag) >= 0 {
		fmt.Fprintf(c.Stderr, "%s: %s: +%c: not supported by nosh\n", c.sh().name(), ds.variant, ds.flag)
		return interp.ExitStatus(2)
	}
	// As the builtins' option parser reports it (builtins.Getopt).
	return pub.BadOption(&builtins.OptionError{Opt: ds.flag, Plus: ds.plus})
}
