package main

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenReadKeys: read -n, -N and -d on a terminal return as soon as
// the count or the delimiter is typed, without waiting for Enter, as in
// bash ("Continue? [y/n]" prompts read one key); -s hides what is typed;
// characters are counted, not bytes. The same keys go to bash.
func TestScreenReadKeys(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		partFill(term)
		for _, c := range []struct{ line, prompt, keys string }{
			{`read -n 1 -p "ok? " a; echo " <$a>"`, "ok? ", "y"},
			{`read -d , w; echo "<$w>"`, "", "ab,"},
			{`read -n 3 z; echo "<$z>"`, "", "éüx"},
			{`read -N 2 z; echo "<$z>"`, "", "q\r"},
			{`read -sn 2 -p "pin: " z; echo "<$z>"`, "pin: ", "42"},
			{`read -n 3 z; echo "<$z>"`, "", "a\r"},
		} {
			term.Type(c.line + "\r")
			if c.prompt != "" {
				term.WaitText(c.prompt)
			} else {
				term.WaitFor("the line's echo", func(s screentest.Screen) bool { return s.Contains(c.line) && !s.AtPrompt("$ ") })
			}
			term.Type(c.keys)
			term.WaitPrompt()
			term.Checkpoint(c.line)
		}
	})
}

// TestScreenInterruptRead: Ctrl+C at a read drops the rest of the line,
// as for a program: nothing after it runs (a `read -p "Delete?" a; rm
// …` must not go on to rm), nothing is assigned, $? is 130, and the
// prompt comes on a line of its own after the ^C. It used to let the
// line go on about half the time (the interrupt's two watchers raced),
// and assigned what was typed.
func TestScreenInterruptRead(t *testing.T) {
	compareWithBash(t, screentest.Options{}, func(term *screentest.Term) {
		partFill(term)
		for _, line := range []string{
			"z=old; read z; echo went on",
			"z=old; read -n 5 z; echo went on",
			"f() { read -t 30 z; echo went on; }; z=old; f; echo went on",
		} {
			for range 3 {
				term.Type(line + "\r")
				term.WaitFor("the line's echo", func(s screentest.Screen) bool { return s.Contains(line) && !s.AtPrompt("$ ") })
				term.Type("ab")
				term.WaitText("ab")
				term.Type("\x03")
				term.WaitPrompt()
				term.Run(`echo "$? <$z>"`)
				term.Checkpoint(line)
				term.Run("clear")
			}
		}
		term.Run("while :; do :; done & sleep 0; kill %1; wait 2>/dev/null; clear")
		term.Type("while :; do :; done\r")
		term.WaitFor("the loop", func(s screentest.Screen) bool { return !s.AtPrompt("$ ") })
		term.Type("\x03")
		term.WaitPrompt()
		term.Checkpoint("a loop interrupted")
	})
}
