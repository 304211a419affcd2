package main

import (
	"strings"
	"testing"
	"time"
)

// TestEditorBracketedPasteIsOn checks the raw output for what a screen
// does not show: nosh turns the terminal's bracketed paste mode on, as
// bash 5.1 does, so that a pasted text arrives marked and never runs
// before Enter. (Issue #15's other tests are screen tests, in
// bash_screen_test.go and noshkeys_screen_test.go.)
func TestEditorBracketedPasteIsOn(t *testing.T) {
	s := startPty(t, []string{"INPUTRC=", "LANG=C.UTF-8"})
	s.ExpectPrompt()
	// nosh asks the terminal to mark pastes, as bash 5.1 does.
	deadline := time.Now().Add(ptyTimeout)
	for !strings.Contains(s.rawSince(0), "\x1b[?2004h") {
		if time.Now().After(deadline) {
			t.Fatalf("bracketed paste was not enabled; output: %q", s.rawSince(0))
		}
		time.Sleep(20 * time.Millisecond)
	}
	mark := s.rawLen()
	s.Send("\x1b[200~echo pasted-1\recho pasted-2\x1b[201~")
	s.Expect("echo pasted-2")
	time.Sleep(300 * time.Millisecond)
	if strings.Contains(cleanTerminal(s.rawSince(mark)), "\npasted-1\n") {
		t.Fatalf("the paste ran before Enter:\n%s", s.Output())
	}
	s.Send("\r")
	s.Expect("\npasted-1\n")
	s.Expect("pasted-2\n")
}
