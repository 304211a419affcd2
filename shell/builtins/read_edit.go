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
	text, err := ed(ctx, o.prompt, o.initial)
	switch {
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
	line, escaped, status, _ := o.readLine(ctx, strings.NewReader(text+"\n"), nil)
	if err := c.assignRead(o.array, o.exact, names, line, escaped); err != nil {
		return err
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
