package main

import (
	"strings"
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
		fakellm.Text(`eval "$( (printf 'HISTSIZE=3') )"`),
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

	// Code it did not show, approved as such, changing the shell as its
	// last act: said when it ends.
	s.Line("? run the setup")
	s.Expect("➜ eval")
	s.Expect("[O]nce [D]eny [E]dit")
	s.Send("o")
	s.Expect("changed your shell in a way it did not show")
	s.Expect("HISTSIZE=3")
	s.ExpectPrompt()

	s.Line("? set a greeting")
	s.Expect("➜ greeting=hello-mine")
	s.ExpectPrompt()
	s.Line(`echo "[$HISTFILE] [$greeting] [$(trap -p INT)]"`)
	s.Expect("[" + home + "/hist-before] [hello-mine] []")
}

// TestTranslationSubshellIsNoQuestion: what a translation's subshell
// assigns ends with it, so `(eval "$x")` setting HISTSIZE is asked about
// once (the eval, statically) and not again at the subshell's next
// command, nor reported after; a change hidden before a subshell is still
// asked about there.
func TestTranslationSubshellIsNoQuestion(t *testing.T) {
	home := t.TempDir()
	srv := fakellm.New(t,
		fakellm.Text(`(eval "$( (printf 'HISTSIZE=0; echo inside-%s' sub) )")`),
		fakellm.Text(`eval "$( (printf 'HISTSIZE=1; echo in-%s' stage) )" | cat`),
		fakellm.Text(`eval "$( (printf 'HISTSIZE=%s' 0) )"; (echo after-sub)`),
	)
	s := startPty(t, aiEnv(srv, home))
	s.ExpectPrompt()
	s.Line("HISTSIZE=500")
	s.ExpectPrompt()

	s.Line("? count in a subshell")
	s.Expect("[O]nce [D]eny [E]dit")
	s.Send("o")
	s.Expect("inside-sub")
	s.ExpectPrompt()
	out := s.Output()
	if n := strings.Count(out, "[O]nce"); n != 1 {
		t.Errorf("asked %d times about a subshell's own variable:\n%s", n, out)
	}
	if strings.Contains(out, "did not show") {
		t.Errorf("a subshell's own variable was reported as a change to the shell:\n%s", out)
	}

	// A pipeline's stage is a subshell too.
	s.Line("? count in a pipeline")
	s.Expect("[O]nce [D]eny [E]dit")
	s.Send("o")
	s.Expect("in-stage")
	s.ExpectPrompt()
	out = s.Output()
	if n := strings.Count(out, "[O]nce"); n != 2 || strings.Contains(out, "did not show") {
		t.Errorf("a pipeline stage's own variable was asked about or reported:\n%s", out)
	}

	s.Line("? hide it before")
	s.Expect("[O]nce [D]eny [E]dit")
	s.Send("o")
	s.Expect("HISTSIZE=0")
	s.Expect("[O]nce")
	s.Send("d")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "after-sub\r\n") {
		t.Errorf("the subshell ran after a hidden change was refused:\n%s", s.Output())
	}
}
