package shell

import (
	"context"
	"nosh/shell/internal/dynvars"
	"nosh/shell/internal/interpunsafe"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// afterCommandMiddleware runs after every command nosh executes: an
// assigned SECONDS keeps counting, and with checkwinsize an interactive
// shell updates COLUMNS and LINES, which a program may have resized.
func (s *Shell) afterCommandMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		err := next(ctx, args)
		r := interpunsafe.Of(interp.HandlerCtx(ctx))
		s.seconds.Refresh(r)
		if s.Interactive && s.shoptOn("checkwinsize") {
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
