package complete

import (
	"sort"
	"strings"
)

// commands completes a command name.
func (c *Completer) commands(w word, first bool) []Candidate {
	if strings.ContainsRune(w.value, '/') {
		var out []Candidate
		if first && strings.HasPrefix(w.raw, "/") {
			out = append(out, c.Slash...)
		}
		return append(out, c.files(w.value, fileExec)...)
	}
	prefix := w.value
	var out []Candidate
	add := func(names []string, tag, desc string) {
		sort.Strings(names)
		for _, n := range names {
			if strings.HasPrefix(n, prefix) {
				out = append(out, Candidate{Value: n, Tag: tag, Description: desc})
			}
		}
	}
	aliases := c.Env.Aliases()
	names := make([]string, 0, len(aliases))
	for n := range aliases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.HasPrefix(n, prefix) {
			out = append(out, Candidate{Value: n, Tag: "aliases", Description: aliases[n]})
		}
	}
	add(c.Env.Functions(), "functions", "")
	add(c.Env.Builtins(), "builtins", "")
	for _, n := range c.Path.Names(c.Env.Get("PATH"), prefix) {
		out = append(out, Candidate{Value: n, Tag: "commands"})
	}
	return out
}
