package main

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// The count typed in vi command mode, or with Alt and digits in emacs
// mode, at the bottom of a full screen: bash shows (arg: 3) in place of
// the prompt, and nosh showed it on a row below, which scrolled the
// screen.
func TestScreenCountBottomLikeBash(t *testing.T) {
	for _, c := range []struct{ name, rc, start, three, one, cmd string }{
		{"vi", "set -o vi\n", "echo one two" + esc + "0", "3", "1", "x"},
		{"emacs", "", "echo one two\x01", esc + "3", esc + "1", "\x04"},
		// bash shows Alt+- Alt+1 as -11, and counts so: only Alt+- here.
		{"emacs minus", "", "echo one two", esc + "-", "", "\x04"},
	} {
		t.Run(c.name, func(t *testing.T) {
			compareWithBash(t, keysOptions(c.rc), func(term *screentest.Term) {
				partFill(term)
				term.Type(c.start)
				term.WaitOutput()
				term.Type(c.three)
				term.WaitOutput()
				term.Checkpoint("3")
				if c.one != "" {
					term.Type(c.one)
					term.WaitOutput()
					term.Checkpoint("31")
				}
				term.Type(c.cmd)
				term.WaitOutput()
				term.Checkpoint("31 and a command")
				term.Type("\x03")
				term.WaitPrompt()
			})
		})
	}
}
