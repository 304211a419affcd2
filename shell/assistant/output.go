package assistant

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/creack/pty"

	"nosh/shell/internal/escapes"
)

// outputKeep is how much of a translated command's output goes into the
// rolling context with ai.include_output.
const outputKeep = 500

// runCaptured runs a translated command with its standard output and
// error on a pseudo-terminal whose output is copied to the screen and
// into a small buffer: programs still see a terminal (colours, line
// buffering, screen size), standard input stays the user's terminal so
// interactive programs and Ctrl+C keep working, and the start of the
// output can go to the model.
func (a *Assistant) runCaptured(ctx context.Context, cmd string, interrupts <-chan os.Signal) (exit bool, status int, output string) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		exit, status = a.host.Run(ctx, cmd, nil, interrupts)
		return exit, status, ""
	}
	defer ptmx.Close()
	if f, ok := a.stdout.(*os.File); ok {
		pty.InheritSize(f, ptmx)
	}
	keep := &headBuffer{max: 4 * outputKeep}
	copied := make(chan struct{})
	go func() {
		defer close(copied)
		io.Copy(io.MultiWriter(a.stdout, keep), ptmx)
	}()
	exit, status = a.host.Run(ctx, cmd, tty, interrupts)
	tty.Close()
	// The copier ends when the last writer closes the terminal; a
	// background job may keep it open, so wait only briefly.
	select {
	case <-copied:
	case <-time.After(200 * time.Millisecond):
	}
	return exit, status, cleanOutput(keep.String(), outputKeep)
}

// headBuffer keeps the first max bytes written to it.
type headBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (h *headBuffer) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - h.buf.Len(); room > 0 {
		h.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (h *headBuffer) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.buf.String()
}

// cleanOutput makes terminal output readable text of at most n bytes:
// escape sequences removed, CRLF made LF, and of a line redrawn with
// carriage returns (progress bars) only its last state kept.
func cleanOutput(s string, n int) string {
	s = escapes.Strip(s)
	s = strings.ReplaceAll(s, "\r\n", "\n")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if j := strings.LastIndexByte(strings.TrimRight(l, "\r"), '\r'); j >= 0 {
			lines[i] = l[j+1:]
		}
	}
	s = strings.Join(lines, "\n")
	if len(s) > n {
		s = s[:n] + "…"
	}
	return s
}
