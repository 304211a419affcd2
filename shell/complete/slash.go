package complete

import (
	"strings"

	"nosh/ai/attach"
)

// DefaultSlash returns nosh's slash commands with their descriptions.
func DefaultSlash() []Candidate {
	return []Candidate{
		{Value: "/help", Description: "show help", Tag: "slash commands"},
		{Value: "/config", Description: "show or edit the configuration", Tag: "slash commands"},
		{Value: "/reload", Description: "reload the configuration", Tag: "slash commands"},
		{Value: "/clear", Description: "clear the AI conversation", Tag: "slash commands"},
		{Value: "/context", Description: "show what the AI sees", Tag: "slash commands"},
		{Value: "/agent", Description: "toggle agent mode for ??", Tag: "slash commands"},
		{Value: "/yolo", Description: "toggle auto-approval of agent commands", Tag: "slash commands"},
		{Value: "/perms", Description: "list and edit permission rules", Tag: "slash commands"},
		{Value: "/history", Description: "search the AI history", Tag: "slash commands"},
	}
}

// question completes in a `?`/`??` request, which is prose: only a word
// starting with '@' is completed, as a path (with shell quoting, so that
// `@my\ file` names "my file").
func (c *Completer) question(left string) Result {
	start := proseWordStart(left)
	raw := left[start:]
	res := Result{Prefix: raw, Start: start, prev: lastRune(left[:start])}
	if !strings.HasPrefix(raw, "@") {
		return res
	}
	w := c.lexer().lex(raw[1:])
	if w.dynamic || w.isVar || w.isUser {
		return res
	}
	w.raw = raw
	res.Candidates = c.finish(w, w.value, c.files(w.value, fileAny))
	return res
}

// proseWordStart returns where the last word of a request starts. Words
// are separated by blanks, except that an @-word is a shell word whose
// quotes and backslashes may protect blanks (apostrophes in prose do not
// open quotes).
func proseWordStart(s string) int {
	start, i := 0, 0
	for i < len(s) {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		start = i
		if i < len(s) && s[i] == '@' {
			i = attach.WordEnd(s, i+1)
			continue
		}
		for i < len(s) && !isBlank(s[i]) {
			i++
		}
	}
	return start
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
