package shell

import (
	"context"
)

// Interact runs the interactive shell: startup files, then the loop.
func (s *Shell) Interact(ctx context.Context, opts *Options) int {
	if opts.Login && !opts.NoProfile {
		if exited, st := s.sourceProfile(ctx); exited {
			return st
		}
	}
	return s.interactPlain(ctx, s.stdin)
}
