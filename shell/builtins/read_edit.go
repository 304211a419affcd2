package builtins

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"time"

	"golang.org/x/sys/unix"
	"mvdan.cc/sh/v3/interp"
)

// readEdited is read -e on the interactive shell's terminal: the line
// editor reads the line (prompt and -i text in it, Tab completing file
// names), and the line is then split as a typed one would be.
func (c *Call) readEdited(ctx context.Context, ed LineEditFunc, o readOptions, names []string) error {
	req := LineEdit{Prompt: o.prompt, Initial: o.initial, Timeout: o.timeout}
	if o.nchars > 0 {
		req.MaxChars = o.nchars
	}
	text, err := ed(ctx, req)
	switch {
	case errors.Is(err, ErrEditTimeout):
		// As bash: the names are set empty and the status is 128+SIGALRM.
		if err := c.assignRead(o.array, o.exact, names, nil, nil); err != nil {
			return err
		}
		return interp.ExitStatus(128 + int(unix.SIGALRM))
	case errors.Is(err, ErrEditInterrupted):
		// The editor read Ctrl+C as a key. It interrupts as the
		// terminal's would at a plain read: the shell gets SIGINT, which
		// ends the statement with $? 130 and nothing assigned.
		if err := unix.Kill(os.Getpid(), unix.SIGINT); err == nil {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(10 * time.Second):
			}
		}
		return interp.ExitStatus(130)
	case errors.Is(err, io.EOF):
		// Ctrl+D on an empty line: end of input.
		if err := c.assignRead(o.array, o.exact, names, nil, nil); err != nil {
			return err
		}
		return interp.ExitStatus(1)
	case err != nil:
		return c.Errorf(1, "read error: %v", err)
	}
	if o.nchars > 0 {
		// The -i text may be longer than the count: the line read is cut
		// to it, as bash cuts readline's.
		if runes := []rune(text); len(runes) > o.nchars {
			text = string(runes[:o.nchars])
		}
	}
	if o.exact {
		// -N: no splitting, no backslash processing.
		if err := c.assignRead(o.array, true, names, []byte(text), make([]bool, len(text))); err != nil {
			return err
		}
		return nil
	}
	o.nchars = -1 // the editor has counted
	line, escaped, status, _ := o.readLine(ctx, strings.NewReader(text+"\n"), nil)
	if err := c.assignRead(o.array, o.exact, names, line, escaped); err != nil {
		return err
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// sameTerminal reports whether a and b are the same terminal device.
func sameTerminal(a, b *os.File) bool {
	var sa, sb unix.Stat_t
	if unix.Fstat(int(a.Fd()), &sa) != nil || unix.Fstat(int(b.Fd()), &sb) != nil {
		return false
	}
	return sa.Rdev == sb.Rdev && sa.Mode&unix.S_IFMT == unix.S_IFCHR
}
