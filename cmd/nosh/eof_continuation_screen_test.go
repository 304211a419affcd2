package main

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenCtrlDOnContinuationLine: Ctrl+D on the empty continuation line
// of an unfinished command reports the unfinished command, as bash does,
// and gives a new prompt, where bash exits (it took the key as the end of
// its input): nosh must not be closed by a key pressed to give up a
// command. Before, the key deleted the line break, joining the lines.
// Ctrl+D elsewhere is unchanged: it deletes the character under the
// cursor, and on an empty line ends the shell.
func TestScreenCtrlDOnContinuationLine(t *testing.T) {
	term := screentest.StartShell(t, noshShell(t), screentest.Options{})
	partFill(term)
	for _, c := range []struct{ lines, want string }{
		{"echo \"abc\r", "reached EOF without closing quote"},
		{"if true; then\recho inside\r", "`if` statement must end with `fi`"},
		{"cat <<END\rnot the end\r", "unclosed here-document `END`"},
	} {
		term.Type(c.lines)
		term.WaitPrompt2()
		term.Type("\x04")
		s := term.WaitPrompt()
		if !s.Contains(c.want) {
			t.Fatalf("Ctrl+D after %q: no %q:\n%s", c.lines, c.want, s.Framed())
		}
	}
	term.Run("echo still here $?")
	term.WaitText("still here 2")
	term.Type("echo é\x01\x04\r")
	term.WaitText("cho: command not found")
	term.WaitPrompt()
	term.Type("\x04")
	term.WaitExit()
}
