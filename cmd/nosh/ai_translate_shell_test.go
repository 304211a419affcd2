package main

import (
	"testing"

	"nosh/ai/fakellm"
)

// TestTranslationChangingTheShellIsAsked: a `?` translation that would
// change the shell itself (its history, a trap) is asked about, with what
// it changes, and nothing changes when the user says no; one that sets
// the user's own variable runs without a question.
func TestTranslationChangingTheShellIsAsked(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text("HISTFILE=/dev/null"),
		fakellm.Text("read -r HISTSIZE <<< 0"),
		fakellm.Text("trap '' INT"),
		fakellm.Text("greeting=hello-mine"),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("HISTFILE=$HOME/hist-before")
	s.ExpectPrompt()

	s.Line("? stop saving my history")
	s.Expect("➜ HISTFILE=/dev/null")
	s.Expect("history")
	s.Expect("[O]nce [D]eny [E]dit")
	s.Send("d")
	s.ExpectPrompt()

	s.Line("? keep no history")
	s.Expect("➜ read -r HISTSIZE <<< 0")
	s.Expect("changes HISTSIZE in your shell")
	s.Send("d")
	s.ExpectPrompt()

	s.Line("? ignore ctrl-c")
	s.Expect("➜ trap '' INT")
	s.Expect("when a signal arrives")
	s.Send("d")
	s.ExpectPrompt()

	s.Line("? set a greeting")
	s.Expect("➜ greeting=hello-mine")
	s.ExpectPrompt()
	s.Line(`echo "[$HISTFILE] [$greeting] [$(trap -p INT)]"`)
	s.Expect("[" + home + "/hist-before] [hello-mine] []")
}
