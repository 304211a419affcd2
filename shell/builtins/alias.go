package builtins

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/quote"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Aliases live in the runner's table, so that a subshell gets a copy and
// what it defines stays there, but under a private key (a NUL byte before
// the name) that interp's own expansion, done when a command runs, never
// finds: nosh expands aliases in the text it reads (package shell/internal/alias). The
// value is kept as the text it was defined with, in one literal word.
const aliasKeyPrefix = "\x00alias:"

// AliasValue returns the text of alias name in r.
func AliasValue(r *interp.Runner, name string) (string, bool) {
	if r == nil {
		return "", false
	}
	def, ok := (*interpunsafe.Aliases(r))[aliasKeyPrefix+name]
	if !ok || len(def.Args) != 1 || len(def.Args[0].Parts) != 1 {
		return "", false
	}
	lit, ok := def.Args[0].Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}

// SetAlias defines alias name in r.
func SetAlias(r *interp.Runner, name, text string) {
	table := interpunsafe.Aliases(r)
	if *table == nil {
		*table = map[string]interpunsafe.Alias{}
	}
	(*table)[aliasKeyPrefix+name] = interpunsafe.Alias{Args: []*syntax.Word{{Parts: []syntax.WordPart{&syntax.Lit{Value: text}}}}}
}

// Aliases returns r's aliases as name → text.
func Aliases(r *interp.Runner) map[string]string {
	out := map[string]string{}
	if r == nil {
		return out
	}
	for key := range *interpunsafe.Aliases(r) {
		if name, ok := strings.CutPrefix(key, aliasKeyPrefix); ok {
			out[name], _ = AliasValue(r, name)
		}
	}
	return out
}

// AliasLookup returns the function the alias expander looks aliases up
// with in r: none when expand_aliases is off.
func AliasLookup(r *interp.Runner) func(string) (string, bool) {
	return func(name string) (string, bool) {
		if p := interpunsafe.Option(r, "expand_aliases"); p == nil || !*p {
			return "", false
		}
		return AliasValue(r, name)
	}
}

// builtinAlias defines and lists aliases.
func builtinAlias(ctx context.Context, c *Call) error {
	// -p (print the aliases) is what alias does without operands anyway.
	args, err := c.Options("p", func(byte, string) {})
	if err != nil {
		return err
	}
	show := func(name string) bool {
		text, ok := AliasValue(c.R, name)
		if ok {
			prefix := "alias "
			if c.Sh.PosixMode() {
				// POSIX's format, re-readable as alias's operands.
				prefix = ""
			}
			fmt.Fprintf(c.Stdout, "%s%s=%s\n", prefix, name, quote.Single(text))
		}
		return ok
	}
	if len(args) == 0 {
		all := Aliases(c.R)
		names := make([]string, 0, len(all))
		for name := range all {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			show(name)
		}
		return nil
	}
	status := 0
	for _, arg := range args {
		name, text, ok := strings.Cut(arg, "=")
		if !ok {
			if !show(name) {
				fmt.Fprintf(c.Stderr, "%s: alias: %s: not found\n", c.Sh.ProgramName(), name)
				status = 1
			}
			continue
		}
		if name == "" || strings.ContainsAny(name, "/$`=\"' \t\n\\") {
			fmt.Fprintf(c.Stderr, "%s: alias: `%s': invalid alias name\n", c.Sh.ProgramName(), name)
			status = 1
			continue
		}
		SetAlias(c.R, name, text)
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// builtinUnalias removes aliases; -a removes them all.
func builtinUnalias(ctx context.Context, c *Call) error {
	table := interpunsafe.Aliases(c.R)
	all := false
	args, err := c.Options("a", func(byte, string) { all = true })
	if err != nil {
		return err
	}
	if all {
		for key := range *table {
			if strings.HasPrefix(key, aliasKeyPrefix) {
				delete(*table, key)
			}
		}
		return nil
	}
	if len(args) == 0 {
		return c.Usage(Synopsis(c.Name))
	}
	status := 0
	for _, name := range args {
		if _, ok := (*table)[aliasKeyPrefix+name]; !ok {
			fmt.Fprintf(c.Stderr, "%s: unalias: %s: not found\n", c.Sh.ProgramName(), name)
			status = 1
			continue
		}
		delete(*table, aliasKeyPrefix+name)
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// HasAlias reports whether r has an alias called name, without building
// the whole table (it runs on every keystroke).
func HasAlias(r *interp.Runner, name string) bool {
	_, ok := AliasValue(r, name)
	return ok
}
