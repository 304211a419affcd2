package repl

import (
	"fmt"
	"github.com/reeflective/readline"
	"os"
	"strings"

	"github.com/rivo/uniseg"

	"nosh/shell/internal/escapes"
)

// The line editor (reeflective/readline) clears what it drew below the
// input line at every keystroke by moving one row down, clearing, and
// moving back up. On the last row of the screen the move down does
// nothing and the move up still happens: the input line is erased and
// the next keystroke draws over the row above it, which is the end of
// the last command's output (or, after less or top, the whole prompt
// stays invisible). The editor avoids this by asking the terminal where
// the cursor is (ESC[6n) at every redraw, which costs a round trip to
// the terminal per key (an ssh round trip, remotely) and can swallow keys
// typed meanwhile, so nosh turns that off and instead keeps the rows the
// editor needs below its input: the prompt starts with as many index
// (ESC D) and reverse index (ESC M) pairs as the input has rows, plus
// one. Away from the bottom they move the cursor down and back; at the
// bottom the index scrolls the screen, and the input stands one row
// higher than in bash, with a blank row below it. The editor strips these
// escapes when it measures the prompt.
//
// The editor redraws the prompt before the input at every keystroke, so
// the rows follow the input as it grows (a long line wrapping, a
// multi-line command).

// rowsToKeep is the number of rows to keep below the input (rowsBelow),
// for a prompt whose last row is last.
func (se *session) rowsToKeep(last string) int {
	// The prompt is the same at every redraw of a line: its width (a
	// regular expression strips its colours) is measured once.
	if p := &se.prompts; !p.widthKnown || last != p.widthOf {
		p.widthOf, p.width, p.widthKnown = last, displayWidth(last), true
	}
	return se.inputRows(se.prompts.width) + 1
}

// rowsBelow returns the escapes that make sure n rows below the cursor
// exist.
func rowsBelow(n int) string {
	return strings.Repeat("\x1bD", n) + strings.Repeat("\x1bM", n)
}

// inputRows returns how many rows the input line takes below the prompt's
// row, as the terminal lays it out: the first line after the prompt, the
// others indented by the prompt's width (the editor aligns them so), each
// wrapping at the screen's edge, where a wide character that does not fit
// goes to the next row whole.
func (se *session) inputRows(promptWidth int) int {
	if se.rl == nil {
		return 0
	}
	cols, _, _ := se.size.get()
	if cols < 1 {
		return 0
	}
	line := *se.rl.Line()
	if s, ok := se.suggestionAfter(line); ok {
		// The suggestion is drawn after the line and may take more rows
		// (a multi-line command from history): they must exist too, or
		// the editor's clearing below it at the bottom of the screen
		// walks up over the last command's output.
		return layoutRows(s, promptWidth, cols)
	}
	if rows, ok := asciiRows(line, promptWidth, cols); ok {
		return rows
	}
	return layoutRows(string(line), promptWidth, cols)
}

// suggestionAfter returns the suggestion the editor draws after line, if
// any: nosh's from history, or one another part set (the AI's).
func (se *session) suggestionAfter(line []rune) (string, bool) {
	if se.rl.Cursor().Pos() != len(line) {
		return "", false
	}
	s, ok := se.suggest.wouldShow(line, len(line))
	if !ok {
		s = se.rl.GetInlineSuggestion()
	}
	if len(s) <= len(string(line)) || !strings.HasPrefix(s, string(line)) {
		return "", false
	}
	return s, true
}

// asciiRows is layoutRows for a line of printable ASCII characters on one
// line, the common case at every key, without making a string of it; ok is
// false for any other line.
func asciiRows(line []rune, promptWidth, cols int) (rows int, ok bool) {
	for _, r := range line {
		if r < 0x20 || r > 0x7e {
			return 0, false
		}
	}
	rows = promptWidth / cols
	total := promptWidth%cols + len(line)
	if len(line) > 0 {
		rows += (total - 1) / cols
		if (total-1)%cols+1 == cols {
			rows++ // a full last row: the editor moves to the next one
		}
	} else if total == cols {
		rows++
	}
	return rows, true
}

// layoutRows is inputRows for the text line after a prompt promptWidth
// columns wide, on a screen cols columns wide.
func layoutRows(line string, promptWidth, cols int) int {
	rows, _ := layout(line, promptWidth, cols)
	return rows
}

// layout returns the row, below the prompt's, and the column where the
// text line ends when drawn after a prompt promptWidth columns wide.
func layout(line string, promptWidth, cols int) (rows, col int) {
	rows = promptWidth / cols
	col = promptWidth % cols
	for i, seg := range strings.Split(line, "\n") {
		if i > 0 {
			rows += 1 + promptWidth/cols
			col = promptWidth % cols
		}
		if n := len(seg); n > 0 && printableASCII(seg) {
			// One column a character (the common case, at every key).
			total := col + n
			rows += (total - 1) / cols
			col = (total-1)%cols + 1
			continue
		}
		g := uniseg.NewGraphemes(strings.ReplaceAll(seg, "\t", "     "))
		for g.Next() {
			w := g.Width()
			if col+w > cols {
				rows++
				col = 0
			}
			col += w
		}
	}
	if col == cols {
		// A full last row: the editor moves to the next one.
		rows, col = rows+1, 0
	}
	return rows, col
}

// echoInterrupt shows ^C after the line Ctrl+C abandoned, as bash does.
// The editor prints it too, then clears it as it leaves the line; the
// cursor is now at the start of the row below the input.
func (se *session) echoInterrupt() { se.echoInterruptAfter(se.rl, se.lastPrompt, "\r\n") }

// echoInterruptAfter is echoInterrupt for the line rl gave up, after
// prompt, with end after the ^C (read -e's editor leaves the line break
// to the shell, which writes one after a statement Ctrl+C stopped).
func (se *session) echoInterruptAfter(rl *readline.Shell, prompt, end string) {
	f, ok := se.sh.stdout.(*os.File)
	if !ok || rl == nil || !rl.Config.GetBool("echo-control-characters") {
		return
	}
	cols, _, sized := se.size.get()
	if !sized || cols < 1 {
		return
	}
	_, col := layout(string(*rl.Line()), displayWidth(prompt), cols)
	fmt.Fprintf(f, "\x1b[A\x1b[%dG^C%s", col+1, end)
}

// displayWidth is the number of columns s takes on the screen, without
// its escape sequences, measured as the editor measures it (a tab is
// drawn as five spaces).
func displayWidth(s string) int {
	if strings.IndexByte(s, '\x1b') >= 0 {
		s = escapes.Strip(s)
	}
	return uniseg.StringWidth(strings.ReplaceAll(s, "\t", "     "))
}

// printableASCII reports whether s has only printable ASCII characters.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}
