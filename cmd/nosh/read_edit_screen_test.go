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
