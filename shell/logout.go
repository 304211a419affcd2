package shell

import (
	"context"
	"fmt"

	"nosh/shell/internal/interpunsafe"
)

// Leaving an interactive shell, as bash does: `exit` and Ctrl+D print
// "exit", or "logout" in a login shell, and a login shell then reads its
// logout file (nosh's counterpart of ~/.bash_logout, beside init.sh, the
// counterpart of ~/.bashrc), once, before the EXIT trap.

// SetLogoutFile names the file a login shell reads as it leaves.
func (s *Shell) SetLogoutFile(path string) {
	s.mu.Lock()
	s.logoutFile = path
	s.mu.Unlock()
}

// LeavingWord is what an interactive shell prints as it leaves: "logout"
// in a login shell, "exit" otherwise.
func (s *Shell) LeavingWord() string {
	if s.Login {
		return "logout"
	}
	return "exit"
}

// Logout reads a login shell's logout file, the first time only.
func (s *Shell) Logout(ctx context.Context) {
	s.mu.Lock()
	path, done := s.logoutFile, s.loggedOut
	s.loggedOut = true
	s.mu.Unlock()
	if !s.Login || done || path == "" {
		return
	}
	// Its own exit ends only the file: the shell is leaving anyway,
	// with the status it was given.
	last := *interpunsafe.LastExit(s.Runner)
	s.sourceFile(context.WithValue(ctx, forcedExitKey{}, true), path, true)
	*interpunsafe.Exit(s.Runner) = interpunsafe.Status{}
	*interpunsafe.LastExit(s.Runner) = last
}

// sayLeaving prints the leaving word and reads the logout file when the
// user's `exit` (or `logout`) ends the main runner of an interactive
// shell.
func (c *call) sayLeaving(ctx context.Context) {
	s := c.sh()
	if !s.Interactive || c.R != s.Runner || ctx.Value(forcedExitKey{}) != nil || *interpunsafe.HandlingTrap(c.R) || s.inStartup() {
		return
	}
	fmt.Fprintln(s.stderr, s.LeavingWord())
	s.Logout(ctx)
}
