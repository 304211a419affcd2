// Package escapes finds the terminal escape sequences in text written for
// a terminal: the prompt's width is measured without them (package repl)
// and a program's output is shown to the AI without them (package
// assistant).
package escapes

import (
	"regexp"
	"sync"
)

// ansi matches CSI sequences (colours, cursor moves), OSC sequences
// (titles, hyperlinks) ended by BEL or ST, and two-byte escapes (ESC D,
// ESC M…). It is compiled on first use: not on the start-up path.
var (
	ansiOnce sync.Once
	ansi     *regexp.Regexp
)

func pattern() *regexp.Regexp {
	ansiOnce.Do(func() {
		ansi = regexp.MustCompile(`\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]`)
	})
	return ansi
}

// Strip returns s without its escape sequences.
func Strip(s string) string {
	return pattern().ReplaceAllString(s, "")
}
