package repl

import (
	"strings"

	"github.com/reeflective/readline"
)

// endOfFile is Ctrl+D. On the empty last line of a command that is not
// complete (Enter after `echo "abc`, or `if true; then`), bash reads the
// key as the end of its input: it reports the unfinished command
// ("unexpected EOF while looking for matching") and exits. nosh gives the
// parser the lines as typed, so that it reports the same with their
// position, and stays: a key pressed to give up a command must not close
// a login shell. readline's own end-of-file took the key for delete-char
// there, which joined the last line back onto the one above.
// Elsewhere Ctrl+D is as before: end the shell on an empty line, delete
// the character under the cursor otherwise.
func (se *session) endOfFile(rl *readline.Shell, eof, accept func()) {
	line := string(*rl.Line())
	last := strings.LastIndexByte(line, '\n')
	if last >= 0 && last == len(line)-1 && rl.Cursor().Pos() >= last {
		se.acceptAsIs = true
		accept()
		// A line the editor kept (an edit request took it) must not
		// leave the flag for the next one.
		se.acceptAsIs = false
		return
	}
	eof()
}
