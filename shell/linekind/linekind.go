// Package linekind is the grammar of the lines typed at nosh's prompt
// that are not shell commands: a request to the AI (`? TEXT`, `?? TEXT`)
// and a slash command (`/help`). The REPL, which runs them, the
// highlighter, which colours them, and completion, which offers words
// for them, all classify a line here, so that they agree.
package linekind

import "strings"

// Kind is what a line is.
type Kind int

const (
	// Command is a line of shell code.
	Command Kind = iota
	// Translate is `? TEXT`: the AI translates TEXT into a command.
	Translate
	// Agent is `?? TEXT`: the AI's agent investigates.
	Agent
	// Slash is a slash command, such as `/help`.
	Slash
)

// Line is a line classified.
type Line struct {
	Kind Kind
	// Marker is what makes the line a request (`?` or `??`) or the slash
	// command's name; At is its byte offset in the line.
	Marker string
	At     int
	// Text is a request's text, blanks trimmed.
	Text string
}

// Request reports whether the line is for the AI (Translate or Agent).
func (l Line) Request() bool { return l.Kind == Translate || l.Kind == Agent }

// Classify says what line is. A line whose first character after blanks
// is `?`, other than the extended glob `?(…)`, is a request, as README
// says: `?foo` asks about "foo" (no command can start with a `?` glob
// there), and a second `?` makes it the agent's (`???` asks the agent
// "?"). A line whose first word isSlash accepts is a slash command; nil
// accepts none.
func Classify(line string, isSlash func(word string) bool) Line {
	at := len(line) - len(strings.TrimLeft(line, " \t"))
	rest := line[at:]
	if strings.HasPrefix(rest, "?") && !strings.HasPrefix(rest, "?(") {
		l := Line{Kind: Translate, Marker: "?", At: at}
		if strings.HasPrefix(rest, "??") {
			l.Kind, l.Marker = Agent, "??"
		}
		l.Text = strings.TrimSpace(rest[len(l.Marker):])
		return l
	}
	if strings.HasPrefix(rest, "/") && isSlash != nil {
		word := rest
		if i := strings.IndexAny(rest, " \t\n"); i >= 0 {
			word = rest[:i]
		}
		if isSlash(word) {
			return Line{Kind: Slash, Marker: word, At: at}
		}
	}
	return Line{Kind: Command}
}
