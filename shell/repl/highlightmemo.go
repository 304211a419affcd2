package repl

// lineColours is the editor's syntax highlighter with the colours of the
// last line it coloured kept: the editor draws the line at every key and
// at every wake, and the keys that move the cursor, or change only the
// suggestion, leave the line as it was. It is forgotten as each line
// starts, since what a command name resolves to (an alias, a function,
// a program on PATH) may change between lines. Only the editor's
// goroutine calls it.
type lineColours struct {
	highlight func(string) string
	line, out string
	valid     bool
}

// colour is readline's SyntaxHighlighter.
func (c *lineColours) colour(line []rune) string {
	if c.valid && sameText(c.line, line) {
		return c.out
	}
	c.line = string(line)
	c.out = c.highlight(c.line)
	c.valid = true
	return c.out
}

// forget drops the kept colours.
func (c *lineColours) forget() {
	if c != nil {
		c.valid, c.line, c.out = false, "", ""
	}
}

// sameText reports whether s is the text of runes, without making a
// string of them.
func sameText(s string, runes []rune) bool {
	i := 0
	for _, r := range s {
		if i == len(runes) || runes[i] != r {
			return false
		}
		i++
	}
	return i == len(runes)
}
