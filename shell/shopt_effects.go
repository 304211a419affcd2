package shell

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// Effects of shopt options on an interactive shell: autocd (cdspell is
// the cd builtin's, in package builtins).

// autocd runs `cd -- DIR` for a command name that is a directory, when
// shopt autocd is on in an interactive shell, as bash does (announcing
// it on standard error). It reports whether it did.
func (s *Shell) autocd(ctx context.Context, hc interp.HandlerContext, args []string) (bool, error) {
	if !s.Interactive || !s.shoptOn("autocd") {
		return false, nil
	}
	dir := args[0]
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(hc.Dir, dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return false, nil
	}
	fmt.Fprintf(hc.Stderr, "cd -- %s\n", strings.Join(args, " "))
	return true, s.runBuiltin(ctx, "cd", append([]string{"--"}, args...))
}
