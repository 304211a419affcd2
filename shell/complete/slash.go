package complete

import (
	"strings"

	"nosh/ai/attach"
)

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
