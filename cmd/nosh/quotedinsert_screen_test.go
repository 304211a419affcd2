package main

import "testing"

// Ctrl+V then a control key puts the key in the line as it is, in emacs
// mode and in vi's insertion mode, as bash's quoted-insert (issue ux11):
// a tab shown as the spaces to the next tab stop, a control character
// as ^X. (Ctrl+V Ctrl+C is bash's interrupt, the terminal's, and a
// quoted ^C in nosh, README's differences; Ctrl+V Ctrl+J is a line of
// its own in both.)
func TestScreenQuotedInsertLikeBash(t *testing.T) {
	rows := []keyRow{
		{"ctrl-v tab", "echo a\x16\tb"},
		{"ctrl-v esc", "echo a\x16\x1bb"},
		{"ctrl-v ctrl-v", "echo a\x16\x16b"},
		{"ctrl-v ctrl-m", "echo a\x16\rb"},
		{"ctrl-v ctrl-h", "echo a\x16\x08b"},
		{"ctrl-v ctrl-?", "echo a\x16\x7fb"},
		{"ctrl-v é", "echo a\x16éb"},
		{"ctrl-v tab ctrl-v tab", "echo\x16\tab\x16\tc"},
		{"ctrl-v tab after é", "echo é\x16\tb"},
		{"ctrl-v tab left", "echo a\x16\tb\x1b[D\x1b[D"},
		{"ctrl-v esc tab", "echo \x16\x1b\x16\tb"},
	}
	t.Run("emacs", func(t *testing.T) { compareKeyRows(t, "", nil, rows) })
	t.Run("vi", func(t *testing.T) { compareKeyRows(t, "set -o vi\n", nil, rows) })
}
