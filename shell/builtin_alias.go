package shell

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Aliases live in interp's table, where its expansion finds them; nosh
// keeps the text each was defined with beside it, to list them as bash
// does, keyed by the definition's first word.
var aliasTexts = struct {
	sync.Mutex
	m map[*syntax.Word]string
}{m: map[*syntax.Word]string{}}

// aliasText returns the text alias name was defined with.
func (c *call) aliasText(name string) (string, bool) {
	table := *runnerPtr[map[string]aliasDef](c.r, fieldAlias)
	def, ok := table[name]
	if !ok {
		return "", false
	}
	if len(def.args) > 0 {
		aliasTexts.Lock()
		text, ok := aliasTexts.m[def.args[0]]
		aliasTexts.Unlock()
		if ok {
			return text, true
		}
	}
	var b strings.Builder
	if len(def.args) > 0 {
		syntax.NewPrinter().Print(&b, &syntax.CallExpr{Args: def.args})
	}
	if def.blank {
		b.WriteByte(' ')
	}
	return b.String(), true
}

// builtinAlias defines and lists aliases.
func builtinAlias(ctx context.Context, c *call) error {
	args := c.args
	if len(args) > 0 && args[0] == "-p" {
		args = args[1:]
	}
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	table := runnerPtr[map[string]aliasDef](c.r, fieldAlias)
	show := func(name string) bool {
		text, ok := c.aliasText(name)
		if ok {
			fmt.Fprintf(c.stdout, "alias %s=%s\n", name, shellSingleQuote(text))
		}
		return ok
	}
	if len(args) == 0 {
		names := make([]string, 0, len(*table))
		for name := range *table {
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
				fmt.Fprintf(c.stderr, "%s: alias: %s: not found\n", c.sh.Name, name)
				status = 1
			}
			continue
		}
		if name == "" || strings.ContainsAny(name, "/$`=\"' \t\n\\") {
			fmt.Fprintf(c.stderr, "%s: alias: `%s': invalid alias name\n", c.sh.Name, name)
			status = 1
			continue
		}
		var words []*syntax.Word
		var perr error
		for w, err := range c.sh.Parser().WordsSeq(strings.NewReader(text)) {
			if err != nil {
				perr = err
				break
			}
			words = append(words, w)
		}
		if perr != nil {
			fmt.Fprintf(c.stderr, "%s: alias: %s: %v\n", c.sh.Name, name, perr)
			status = 1
			continue
		}
		if *table == nil {
			*table = map[string]aliasDef{}
		}
		(*table)[name] = aliasDef{args: words, blank: strings.TrimRight(text, " \t") != text}
		if len(words) > 0 {
			aliasTexts.Lock()
			aliasTexts.m[words[0]] = text
			aliasTexts.Unlock()
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// builtinUnalias removes aliases; -a removes them all.
func builtinUnalias(ctx context.Context, c *call) error {
	table := runnerPtr[map[string]aliasDef](c.r, fieldAlias)
	args := c.args
	if len(args) > 0 && args[0] == "-a" {
		clear(*table)
		return nil
	}
	if len(args) == 0 {
		return c.errorf(2, "usage: unalias [-a] name [name ...]")
	}
	status := 0
	for _, name := range args {
		if _, ok := (*table)[name]; !ok {
			fmt.Fprintf(c.stderr, "%s: unalias: %s: not found\n", c.sh.Name, name)
			status = 1
			continue
		}
		delete(*table, name)
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
