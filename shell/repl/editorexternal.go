package repl

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/reeflective/readline"
	"golang.org/x/term"
	"mvdan.cc/sh/v3/syntax"
)

// Editing the command line in an external editor: Ctrl+X Ctrl+E and Alt+E
// (edit-and-execute-command) run what was saved, as bash's do; readline's
// edit-command-line puts it back in the editor instead. The editor runs
// as a command of the shell, after the line is accepted, so that it is a
// foreground job like any other (Ctrl+Z, terminal modes).

// editRequest is a pending edit of the accepted line.
type editRequest struct {
	run bool // run the result (else put it back in the line editor)
}

// requestEdit accepts the line as it is (complete or not) with an edit
// request attached, which the loop then carries out.
func (se *session) requestEdit(rl *readline.Shell, acceptLine func(), run bool) {
	se.editReq = &editRequest{run: run}
	acceptLine()
}

// takeEditRequest carries out a pending edit request on line, the buffer
// when the key was pressed. It returns the text to run as if typed, or ""
// when there is nothing to run.
func (se *session) takeEditRequest(ctx context.Context, line string) string {
	req := se.editReq
	se.editReq = nil
	if req == nil {
		return line
	}
	edited, ok := se.sh.editText(ctx, line, visualEditor(se.sh.Getenv))
	if !ok {
		return ""
	}
	edited = strings.TrimRight(edited, "\n")
	if !req.run || !se.sh.complete(edited) {
		// An unfinished command goes back to the editor to be finished.
		se.prefill(edited)
		return ""
	}
	if strings.TrimSpace(edited) != "" {
		// The commands are shown before they run, as bash's fc does.
		fmt.Fprintln(se.sh.stderr, edited)
	}
	return edited
}

// visualEditor is the editor for the line: $VISUAL, else $EDITOR, else
// vi. The value is a command line, so EDITOR='code --wait' works.
func visualEditor(getenv func(string) string) string {
	for _, name := range []string{"VISUAL", "EDITOR"} {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
	}
	return "vi"
}

// editText runs editor on a temporary file holding text, as a foreground
// command of the shell, and returns what the file holds afterwards. ok
// is false when the editor failed (a non-zero status, as vim's :cq) or
// the file could not be written or read; the error was reported.
func (s *Shell) editText(ctx context.Context, text, editor string) (string, bool) {
	path, err := writeEditFile(text)
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, err)
		return "", false
	}
	defer os.Remove(path)
	q, _ := syntax.Quote(path, syntax.LangBash)
	f, err := s.Parser().Parse(strings.NewReader(editor+" "+q), "")
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: editor %q: %v\n", s.Name, editor, err)
		return "", false
	}
	var fd int
	if s.stdin != nil {
		fd = int(s.stdin.Fd())
	}
	saved, _ := term.GetState(fd)
	defer restoreUsableTerminal(fd, saved)
	status := 0
	for _, st := range f.Stmts {
		var exit bool
		if exit, status = s.RunStmt(ctx, st); exit || status != 0 {
			break
		}
	}
	if status != 0 {
		return "", false
	}
	out, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(s.stderr, "%s: %v\n", s.Name, err)
		return "", false
	}
	return string(out), true
}

// writeEditFile saves text, with a final newline, to a new private file
// for an editor; the name ends in .sh so that editors highlight it.
func writeEditFile(text string) (string, error) {
	f, err := os.CreateTemp("", "nosh-edit-*.sh")
	if err != nil {
		return "", fmt.Errorf("editing: %w", err)
	}
	if text != "" && !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", fmt.Errorf("editing: %w", err)
	}
	return f.Name(), nil
}
