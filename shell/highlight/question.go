package highlight

import "strings"

// QuestionMarker returns the `?` or `??` word that starts line (after
// blanks), with its offset, or "" when the line is a shell command. Such
// a line is a request in natural language, not shell syntax: `? find big
// files` would otherwise parse as a command named by the glob `?`.
func QuestionMarker(line string) (marker string, at int) {
	at = len(line) - len(strings.TrimLeft(line, " \t"))
	rest := line[at:]
	for _, m := range []string{"??", "?"} {
		if after, ok := strings.CutPrefix(rest, m); ok && (after == "" || isBlank(after[0])) {
			return m, at
		}
	}
	return "", 0
}

// question paints a `?`/`??` line: the marker is an operator, the
// request itself plain text.
func (p *painter) question() bool {
	m, at := QuestionMarker(p.src)
	if m == "" {
		return false
	}
	p.paint(at, at+len(m), Operator)
	return true
}

// slash paints a line whose first word is a slash command.
func (p *painter) slash() bool {
	at := len(p.src) - len(strings.TrimLeft(p.src, " \t"))
	end := at
	for end < len(p.src) && !isBlank(p.src[end]) {
		end++
	}
	word := p.src[at:end]
	if !strings.HasPrefix(word, "/") {
		return false
	}
	for _, s := range p.h.SlashCommands {
		if s == word {
			p.paint(at, end, Builtin)
			return true
		}
	}
	return false
}
