package main

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenReadEdit: read -e edits the line with the line editor, the
// -i text already typed, Tab completing a file name; editing keys work;
// Ctrl+C gives up the read and the rest of the line ($? 130, nothing
// assigned); Ctrl+D on an empty line is end of input ($? 1). nosh used to
// ignore -e and -i. The same keys go to bash.
func TestScreenReadEdit(t *testing.T) {
	o := screentest.Options{Files: map[string]string{"myfile.txt": "x\n", "other": ""}}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Type(`read -e -p "Path: " -i "./" f; echo "<$f> $?"` + "\r")
		term.WaitText("Path: ./")
		term.Type("my\t")
		term.WaitText("./myfile.txt")
		term.Type("\r")
		term.WaitPrompt()
		term.Checkpoint("Tab completes a file name after the -i text")

		term.Type(`read -e -i "hello world" a b; echo "<$a|$b>"` + "\r")
		term.WaitText("hello world")
		term.Type("\x01X\x05!\r") // Ctrl+A, X, Ctrl+E, !
		term.WaitPrompt()
		term.Checkpoint("editing keys, fields split")

		term.Type(`z=old; read -e -p "Q: " -i abc z; echo went on` + "\r")
		term.WaitText("Q: abc")
		term.Type("\x03")
		term.WaitPrompt()
		term.Run(`echo "$? <$z>"`)
		term.Checkpoint("Ctrl+C gives up the read and the line")

		term.Type(`read -e -p "D: " d; echo "$? <$d>"` + "\r")
		term.WaitText("D: ")
		term.Type("\x04")
		term.WaitPrompt()
		term.Checkpoint("Ctrl+D on an empty line is end of input")
	})
}

// TestScreenReadEditCounts: read -e honours -n, -N, -t and -u as bash's
// does: -n N ends the line at the Nth character typed (a key typed past
// it is the command line's), an -i text longer than N is cut to it, -N
// reads N characters unsplit, -t gives the line up (wiped, the name set
// empty, $? 142), and -u FD that is no terminal is read plainly; keys
// typed ahead with the command line are read's. nosh used to fall back
// to a plain read for all four. (Each prompt comes
// from a variable, so that waiting for it does not match the command
// line's echo.)
func TestScreenReadEditCounts(t *testing.T) {
	o := screentest.Options{Files: map[string]string{"in.txt": "q r\n"}}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Run("p=Num c=Cut n=Exact t=Time")

		term.Type(`read -e -n 3 -p "$p> " x; echo "<$x> $?"` + "\r")
		term.WaitText("Num>")
		term.Type("abcd")
		term.WaitText("<abc> 0")
		term.WaitFor("the key past the count at the prompt", func(s screentest.Screen) bool {
			return s.Contains("$ d")
		})
		term.Checkpoint("-n 3: the line ends at the third key; the fourth is the shell's")
		term.Type("\x15") // Ctrl+U: the d

		term.Type(`read -e -n 2 -i abc -p "$c> " v; echo "<$v> $?"` + "\r")
		term.WaitText("Cut> abc")
		term.Type("x")
		term.WaitText("<ab> 0")
		term.WaitPrompt()
		term.Checkpoint("-n 2 after a longer -i text: one key ends it, cut to 2")

		term.Type(`read -e -N 3 -p "$n> " z; echo "<$z> $?"` + "\r")
		term.WaitText("Exact>")
		term.Type("a b")
		term.WaitText("<a b> 0")
		term.WaitPrompt()
		term.Checkpoint("-N 3: three characters, unsplit")

		term.Type(`y=old; read -e -t 1 -p "$t> " y; echo "<$y> $?"` + "\r")
		term.WaitText("Time>")
		term.Type("ab")
		term.WaitText("<> 142")
		term.WaitPrompt()
		term.Checkpoint("-t 1: the half-typed line is given up and wiped")

		term.Run(`read -e -u 3 w 3<in.txt; echo "<$w> $?"`)
		term.Checkpoint("-u FD that is no terminal is read plainly")

		term.Type(`read -e -n 2 -p "$p> " q; echo "<$q> $?"` + "\rzz")
		term.WaitText("<zz> 0")
		term.WaitPrompt()
		term.Checkpoint("keys typed ahead with the command line are read's")
	})
}
