package engine

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// FormatFunction prints a function definition as bash does.
func FormatFunction(name string, body *syntax.Stmt) string {
	var buf bytes.Buffer
	syntax.NewPrinter(syntax.Indent(4)).Print(&buf, body)
	text := strings.TrimRight(buf.String(), "\n")
	if strings.Contains(text, sentinel+builtinExemptName) {
		// The set -e checks the rewrite added are not the user's code.
		lines := strings.Split(text, "\n")
		kept := lines[:0]
		for _, l := range lines {
			if !strings.Contains(l, sentinel+builtinExemptName) {
				kept = append(kept, l)
			}
		}
		text = strings.Join(kept, "\n")
	}
	if strings.HasPrefix(text, "{") {
		text = "{ " + text[1:]
	}
	return name + " () \n" + text + "\n"
}
