package shell

import (
	"context"
	"nosh/shell/internal/dynvars"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/jobs"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// afterCommandMiddleware runs after every command nosh executes: an
// assigned SECONDS keeps counting, and with checkwinsize an interactive
// shell updates COLUMNS and LINES after a command that started a program
// or gave a job the terminal (jobs.TerminalUses), which may have resized
// it — as bash checks after each external command. A builtin cannot
// resize the terminal, and asking its size after each one cost a startup
// file a system call per line; a resize at the prompt is signalled to the
// shell and read as each line is accepted.
func (s *Shell) afterCommandMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		uses := jobs.TerminalUses()
		err := next(ctx, args)
		r := interpunsafe.Of(interp.HandlerCtx(ctx))
		s.seconds.Refresh(r)
		if s.Interactive && jobs.TerminalUses() != uses && s.shoptOn("checkwinsize") {
			s.updateWinSize(r)
		}
		return err
	}
}

// updateWinSize sets COLUMNS and LINES in r from the terminal's size,
// keeping their attributes (exported if they came from the environment).
func (s *Shell) updateWinSize(r *interp.Runner) {
	if r == nil || s.stdin == nil {
		return
	}
	ws, err := unix.IoctlGetWinsize(int(s.stdin.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return
	}
	dynvars.SetWinSize(r, int(ws.Col), int(ws.Row))
}
