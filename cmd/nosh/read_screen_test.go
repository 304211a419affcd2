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
			{`read -n 1 -p $'\x6fk? ' a; echo " <$a>"`, "ok?", "y"},
			{`read -d , -p $'\x61sk: ' w; echo "<$w>"`, "ask:", "ab,"},
			{`read -n 3 -p $'\x61sk: ' z; echo "<$z>"`, "ask:", "éüx"},
			{`read -N 2 -p $'\x61sk: ' z; echo "<$z>"`, "ask:", "q\r"},
			{`read -sn 2 -p $'\x70in: ' z; echo "<$z>"`, "pin:", "42"},
			{`read -n 3 -p $'\x61sk: ' z; echo "<$z>"`, "ask:", "a\r"},
		} {
			// The keys go once the read's prompt shows: typed earlier,
			// while the shell's editor has the terminal, they are not
			// echoed (in bash as in nosh).
			term.Type(c.line + "\r")
			waitReadPrompt(term, c.prompt)
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
		// Each read shows a prompt: keys typed before the command reads
		// (while the shell's editor still has the terminal raw) would
		// not be echoed, in bash as in nosh.
		for _, line := range []string{
			`z=old; read -p $'\x69n: ' z; echo went on`,
			`z=old; read -n 5 -p $'\x69n: ' z; echo went on`,
			`f() { read -t 30 -p $'\x69n: ' z; echo went on; }; z=old; f; echo went on`,
		} {
			for range 3 {
				term.Type(line + "\r")
				waitReadPrompt(term, "in:")
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

// waitReadPrompt waits until the cursor stands after prompt (its text
// without the trailing blank) on a row of its own: the read is reading.
// The command line shows the prompt spelled with an escape, so that its
// echo cannot satisfy the wait.
func waitReadPrompt(term *screentest.Term, prompt string) {
	term.WaitFor("the read's prompt "+prompt, func(s screentest.Screen) bool {
		return s.CursorLine() == prompt && s.Col == len(prompt)+1
	})
}
