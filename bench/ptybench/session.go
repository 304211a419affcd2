package main

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// timeout bounds every wait: a shell that never answers fails the run
// instead of hanging it.
const timeout = 10 * time.Second

// session is one shell under a pseudo-terminal. Its output is read on the
// measuring goroutine itself, blocking in poll(2) and read(2), so a
// byte is seen as soon as the kernel has it: no reader goroutine to hand it
// over, no sleep between looks.
type session struct {
	cmd *exec.Cmd
	f   *os.File
	fd  int
	out []byte // everything the shell wrote so far
	buf []byte
}

func start(sp shellSpec) (*session, error) {
	cmd := exec.Command(sp.argv[0], sp.argv[1:]...)
	cmd.Env = append(os.Environ(), sp.env...)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		return nil, err
	}
	// Fd puts the descriptor in blocking mode, which poll+read want.
	return &session{cmd: cmd, f: f, fd: int(f.Fd()), buf: make([]byte, 64<<10)}, nil
}

// read waits for the shell's next output and appends it to s.out.
func (s *session) read(deadline time.Time) error {
	for {
		wait := time.Until(deadline)
		if wait <= 0 {
			return errTimeout
		}
		fds := []unix.PollFd{{Fd: int32(s.fd), Events: unix.POLLIN}}
		n, err := unix.Poll(fds, int(wait/time.Millisecond)+1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil {
			return err
		}
		if n == 0 {
			continue // the deadline is checked above
		}
		m, err := unix.Read(s.fd, s.buf)
		if m > 0 {
			s.out = append(s.out, s.buf[:m]...)
			return nil
		}
		if errors.Is(err, unix.EINTR) || errors.Is(err, unix.EAGAIN) {
			continue
		}
		if err == nil {
			err = errors.New("end of output")
		}
		return err
	}
}

var errTimeout = errors.New("timed out")

// waitUntil reads until find reports a match in the output from offset
// from, and returns the offset just past the match.
func (s *session) waitUntil(from int, what string, find func(b []byte) int) (int, error) {
	deadline := time.Now().Add(timeout)
	for {
		if i := find(s.out[from:]); i >= 0 {
			return from + i, nil
		}
		if err := s.read(deadline); err != nil {
			return from, fmt.Errorf("waiting for %s: %v; the shell wrote %q", what, err, tail(s.out[from:]))
		}
	}
}

// waitPrompt waits for the prompt marker. With afterNewline, only a
// marker after a newline counts: a shell that redraws its line on every
// key writes the prompt text again before the line is accepted, and that
// redraw is not the next prompt.
func (s *session) waitPrompt(from int, afterNewline bool) (int, error) {
	return s.waitUntil(from, "the prompt", func(b []byte) int {
		start := 0
		if afterNewline {
			nl := strings.IndexByte(string(b), '\n')
			if nl < 0 {
				return -1
			}
			start = nl + 1
		}
		i := strings.Index(string(b[start:]), marker)
		if i < 0 {
			return -1
		}
		return start + i + len(marker)
	})
}

// waitVisible waits for text among the characters the terminal would
// show, escape sequences skipped: a redrawn line carries the typed text
// between cursor and colour sequences.
func (s *session) waitVisible(from int, text string) (int, error) {
	return s.waitUntil(from, strconv.Quote(text), func(b []byte) int { return visibleIndex(b, text) })
}

func (s *session) write(text string) error {
	_, err := s.f.WriteString(text)
	return err
}

func (s *session) close() {
	s.f.Close()
	s.cmd.Process.Kill()
	s.cmd.Wait()
}

// rssKiB is the shell's resident set size.
func (s *session) rssKiB() int {
	return s.status("VmRSS:")
}

// status reads a KiB figure of /proc/PID/status (VmRSS:, RssAnon:,
// RssFile:), or 0.
func (s *session) status(key string) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == key {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

// schedstat sums the time the shell's threads ran and waited to run
// (/proc/PID/task/*/schedstat).
func (s *session) schedstat() (cpu, wait time.Duration) {
	ts, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", s.cmd.Process.Pid))
	for _, t := range ts {
		b, _ := os.ReadFile(t)
		f := strings.Fields(string(b))
		if len(f) >= 2 {
			c, _ := strconv.ParseInt(f[0], 10, 64)
			w, _ := strconv.ParseInt(f[1], 10, 64)
			cpu += time.Duration(c)
			wait += time.Duration(w)
		}
	}
	return cpu, wait
}

// minorFaults is the shell's count of minor page faults so far
// (/proc/PID/stat), or -1.
func (s *session) minorFaults() int {
	return s.statField(7)
}

// majorFaults is the shell's count of major page faults so far: pages
// read from the file system, such as its executable's pages evicted from
// the page cache.
func (s *session) majorFaults() int {
	return s.statField(9)
}

// statField is the field of /proc/PID/stat after the command name (state
// is 0, minflt 7, majflt 9), or -1.
func (s *session) statField(k int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return -1
	}
	// The command name is in parentheses and may hold spaces.
	i := strings.LastIndexByte(string(b), ')')
	if i < 0 {
		return -1
	}
	f := strings.Fields(string(b[i+1:]))
	if len(f) <= k {
		return -1
	}
	n, err := strconv.Atoi(f[k])
	if err != nil {
		return -1
	}
	return n
}

// visibleIndex finds text in the visible characters of b (escape
// sequences removed) and returns the offset in b just past it, or -1.
// Dim text does not count: it is a suggestion drawn after the cursor
// (fish-style, from history), not what was typed, and a suggestion that
// shows the whole word after its first letter would make the harness
// send Enter while the shell still works through the rest.
func visibleIndex(b []byte, text string) int {
	matched := 0
	dim := false
	for i := 0; i < len(b); {
		if b[i] == 0x1b {
			end := skipEscape(b, i)
			if d, ok := sgrDim(b[i:end]); ok {
				dim = d
			}
			i = end
			continue
		}
		if dim {
			// A suggestion after the cursor is not typed text, and the
			// typed text may be written over it a character at a time
			// (an editor that redraws in place writes only what changed).
			i++
			continue
		}
		if b[i] == text[matched] {
			matched++
			i++
			if matched == len(text) {
				return i
			}
			continue
		}
		if matched > 0 {
			// Retry this byte as a first one: a correct restart for texts
			// with no repeated prefix, which are the only ones looked for.
			matched = 0
			continue
		}
		i++
	}
	return -1
}

// sgrDim reads a select-graphic-rendition sequence (ESC [ ... m): ok says
// whether it sets or resets faint text, dim whether text is faint after it.
func sgrDim(seq []byte) (dim, ok bool) {
	if len(seq) < 3 || seq[1] != '[' || seq[len(seq)-1] != 'm' {
		return false, false
	}
	params := string(seq[2 : len(seq)-1])
	if params == "" {
		return false, true // ESC[m resets
	}
	for _, p := range strings.Split(params, ";") {
		switch p {
		case "0", "22":
			dim, ok = false, true
		case "2":
			dim, ok = true, true
		}
	}
	return dim, ok
}

// skipEscape returns the offset after the escape sequence at b[i]; an
// unfinished one runs to the end of b.
func skipEscape(b []byte, i int) int {
	i++
	if i >= len(b) {
		return i
	}
	switch b[i] {
	case '[': // CSI: parameters, then a final byte in @..~
		for i++; i < len(b); i++ {
			if b[i] >= 0x40 && b[i] <= 0x7e {
				return i + 1
			}
		}
		return i
	case ']': // OSC: up to BEL or ST
		for i++; i < len(b); i++ {
			if b[i] == 0x07 {
				return i + 1
			}
			if b[i] == 0x1b && i+1 < len(b) && b[i+1] == '\\' {
				return i + 2
			}
		}
		return i
	case '(', ')', '#', ' ': // one more byte: charset, line size, 7/8-bit
		return min(i+2, len(b))
	}
	return i + 1
}

func tail(b []byte) []byte {
	if len(b) > 200 {
		return b[len(b)-200:]
	}
	return b
}
