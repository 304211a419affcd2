package shell

import "nosh/shell/internal/engine"

// POSIX mode (--posix, set -o posix, or nosh invoked as sh), as bash's: it
// changes what the shell does where bash and POSIX disagree, not what it
// parses. Its effects live with the features they change; the ones that
// make errors fatal are here.

// fatalInPosix reports whether an error of a special builtin ends the
// shell: in POSIX mode, when it is not interactive.
func (s *Shell) fatalInPosix() bool {
	return !s.Interactive && s.posixMode()
}

// specialFailed is specialBuiltinFailed for the builtin c runs (which
// `command` makes an ordinary one).
func (c *call) specialFailed(err error, status int) error {
	if c.ViaCommand {
		return err
	}
	return c.sh().specialBuiltinFailed(c.Name, err, status)
}

// specialBuiltinFailed is the result of a special builtin that reported a
// usage or redirection error (err, status), its message out: in POSIX mode
// a non-interactive shell exits with that status; otherwise err stands.
func (s *Shell) specialBuiltinFailed(name string, err error, status int) error {
	if !engine.IsSpecialBuiltin(name) || !s.fatalInPosix() {
		return err
	}
	return &shellAbort{Exit: true, Status: status}
}
