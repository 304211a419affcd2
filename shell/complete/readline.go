package complete

import (
	"unicode"
	"unicode/utf8"

	"github.com/reeflective/readline"
)

// Readline has the shape of readline's Completer: rl.Completer =
// c.Readline. The cursor is a rune index into line.
func (c *Completer) Readline(line []rune, cursor int) readline.Completions {
	cursor = max(0, min(cursor, len(line)))
	return c.Complete(string(line), len(string(line[:cursor]))).Readline()
}

// Readline converts the result for reeflective/readline v1.3.0, which
// filters candidates by PREFIX, replaces the last len(PREFIX) runes
// before the cursor with the chosen Value, and inserts no space itself
// (a final candidate's Value therefore ends with one; with the suffix
// matcher below, typing a space or '/' right after a completion replaces
// the inserted space or slash instead of doubling it).
//
// Two quirks of that version are worked around here:
//   - an empty PREFIX makes readline take the blank-delimited text before
//     the cursor instead (wrong after `>` or `$(`), so an empty word is
//     given the rune before it as PREFIX, prepended to every Value;
//   - PREFIX's length is counted in bytes but used as a count of runes,
//     so a word with non-ASCII text gets as PREFIX only its trailing
//     ASCII part (Values shortened to match), or when it ends in a
//     non-ASCII rune, its first len(runes) bytes.
func (r Result) Readline() readline.Completions {
	prefix, drop, lead := readlinePrefix(r.Prefix, r.prev)
	raw := make([]readline.Completion, 0, len(r.Candidates))
	slash := false
	for _, c := range r.Candidates {
		v := lead + c.Value[drop:]
		if !c.NoSpace {
			v += " "
		}
		slash = slash || c.NoSpace && len(c.Value) > 0 && c.Value[len(c.Value)-1] == '/'
		display := c.Display
		if display == "" {
			display = c.Value
		}
		raw = append(raw, readline.Completion{Value: v, Display: display, Description: c.Description, Tag: c.Tag})
	}
	comps := readline.CompleteRaw(raw)
	if r.Usage != "" {
		comps = comps.Usage("%s", r.Usage)
	}
	if slash {
		comps = comps.NoSpace(' ', '/')
	} else {
		comps = comps.NoSpace(' ')
	}
	comps.PREFIX = prefix
	return comps
}

// readlinePrefix computes readline's PREFIX for the typed word p (see
// Result.Readline): the candidates' Values lose their first drop bytes
// and gain lead in front.
func readlinePrefix(p string, prev rune) (prefix string, drop int, lead string) {
	if p == "" {
		if prev == 0 || unicode.IsSpace(prev) {
			return "", 0, ""
		}
		s := string(prev)
		return s[:1], 0, s
	}
	tail := len(p)
	for tail > 0 && p[tail-1] < utf8.RuneSelf {
		tail--
	}
	switch {
	case tail == 0:
		return p, 0, ""
	case tail < len(p):
		return p[tail:], tail, ""
	}
	return p[:utf8.RuneCountInString(p)], 0, ""
}
