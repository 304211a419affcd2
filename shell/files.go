package shell

import (
	"context"
	"errors"
	"fmt"
	"os"

	"golang.org/x/term"

	"nosh/shell/internal/engine"
)

// RunFile runs the script at path, as `nosh FILE` does. A script that
// cannot be opened is reported and ends the shell at once, with status
// 127 when it is missing and 126 otherwise, as in bash.
func (s *Shell) RunFile(ctx context.Context, path string) (status int, exited bool) {
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintf(s.stderr, "nosh: %s: %s\n", path, describeOpenError(err))
		if errors.Is(err, os.ErrNotExist) {
			return 127, true
		}
		return 126, true
	}
	defer f.Close()
	s.scriptFile = true
	s.enterSource(s.Runner, path) // kept to the end, for the EXIT trap too
	engine.SetScriptLineno(s.Runner)
	return s.RunReader(ctx, f, path)
}

// describeOpenError says why a file could not be opened, as bash words it.
func describeOpenError(err error) string {
	switch {
	case errors.Is(err, os.ErrNotExist):
		return "No such file or directory"
	case errors.Is(err, os.ErrPermission):
		return "Permission denied"
	}
	return err.Error()
}

// isTerminal reports whether w is a terminal.
func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && f != nil && term.IsTerminal(int(f.Fd()))
}
