package history

import (
	"fmt"
	"os"
	"path/filepath"
)

// DefaultPath returns where the history file lives when [Options.Path] is
// empty: $XDG_STATE_HOME/nosh/history, or ~/.local/state/nosh/history when
// XDG_STATE_HOME is unset or, as the XDG spec demands, not absolute.
func DefaultPath() (string, error) {
	state := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(state) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("history: locating the state directory: %w", err)
		}
		state = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(state, "nosh", "history"), nil
}
