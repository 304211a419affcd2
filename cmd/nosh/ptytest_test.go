package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
)

// ptyTimeout is how long Expect waits by default: generous, because the
// machine running the tests may be loaded, and a passing test never
// waits that long.
const ptyTimeout = 60 * time.Second

// ptyPrompt is the PS1 that startPty gives nosh, so that tests can wait
// for a prompt without matching anything else.
const ptyPrompt = "@nosh-test$ "

// ptySession is nosh running on a pseudo-terminal of 80x24, driven like
// expect(1): Send types, Expect waits for output.
type ptySession struct {
	t   *testing.T
	cmd *exec.Cmd
	pty *os.File

	mu   sync.Mutex
	raw  bytes.Buffer  // everything nosh wrote, as written
	off  int           // how much of the cleaned output Expect consumed
	done chan struct{} // closed when the reader sees the terminal close

	// entered is set when the last keys typed ended with Enter and no
	// Expect has matched since: the next prompt is then on a new line
	// (ExpectPrompt).
	entered bool
}

// startPty starts the test binary as nosh with args on a new terminal, in
// a clean home (HOME and XDG directories in a temporary directory, no
// colour) with ptyPrompt as PS1. env adds or overrides variables
// (NAME=value).
//
// The session reads its output as text, which holds the line typed only
// if every frame draws it whole: its inputrc says `set redraw-in-place
// off`. The editor's default, frames that write only the cells that
// changed, is tested on a terminal emulator (the Screen tests,
// internal/screentest).
func startPty(t *testing.T, env []string, args ...string) *ptySession {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	inputrc := filepath.Join(t.TempDir(), "inputrc")
	if err := os.WriteFile(inputrc, []byte("set redraw-in-place off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Args[0] = "nosh"
	cmd.Dir = home
	base := []string{
		"NOSH_TEST_AS_NOSH=1",
		"NOSH_TEST_BIN=" + exe,
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + home + "/.config",
		"XDG_STATE_HOME=" + home + "/.local/state",
		"XDG_CACHE_HOME=" + home + "/.cache",
		"XDG_DATA_HOME=" + home + "/.local/share",
		"INPUTRC=" + inputrc,
		"TERM=xterm",
		"NO_COLOR=1",
		"PS1=" + ptyPrompt,
		"PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8",
	}
	cmd.Env = mergeEnv(base, env)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatalf("starting nosh on a pty: %v", err)
	}
	f, err = pollable(f)
	if err != nil {
		t.Fatalf("pty: %v", err)
	}
	s := &ptySession{t: t, cmd: cmd, pty: f, done: make(chan struct{})}
	go s.read()
	t.Cleanup(s.Close)
	return s
}

// mergeEnv returns base with the NAME=value entries of over replacing or
// adding to it.
func mergeEnv(base, over []string) []string {
	out := append([]string(nil), base...)
	for _, kv := range over {
		name, _, _ := strings.Cut(kv, "=")
		replaced := false
		for i, b := range out {
			if strings.HasPrefix(b, name+"=") {
				out[i], replaced = kv, true
			}
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}

// pollable returns f reopened in non-blocking mode, so that Go's poller
// handles it: otherwise Close waits for the reader goroutine's read(2) to
// return, and the terminal never hangs up.
func pollable(f *os.File) (*os.File, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var dup int
	var derr error
	rc.Control(func(fd uintptr) {
		dup, derr = syscall.Dup(int(fd))
		if derr == nil {
			syscall.CloseOnExec(dup)
			derr = syscall.SetNonblock(dup, true)
		}
	})
	f.Close()
	if derr != nil {
		return nil, derr
	}
	return os.NewFile(uintptr(dup), "pty"), nil
}

func (s *ptySession) read() {
	defer close(s.done)
	buf := make([]byte, 4096)
	for {
		n, err := s.pty.Read(buf)
		s.mu.Lock()
		s.raw.Write(buf[:n])
		s.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// Send types keys: "\r" is Enter, "\x03" Ctrl+C, "\x1a" Ctrl+Z, "\x04"
// Ctrl+D.
func (s *ptySession) Send(keys string) {
	s.t.Helper()
	if _, err := s.pty.WriteString(keys); err != nil {
		s.t.Fatalf("typing %q: %v", keys, err)
	}
	s.entered = strings.HasSuffix(keys, "\r")
}

// Line types a command and Enter.
func (s *ptySession) Line(cmd string) { s.t.Helper(); s.Send(cmd + "\r") }

// Expect waits until the output, past what earlier Expects consumed,
// contains want, and consumes up to its end. It fails the test after
// ptyTimeout. It returns the output consumed.
func (s *ptySession) Expect(want string) string {
	s.t.Helper()
	return s.expect(want, func(out string) (int, int) {
		i := strings.Index(out, want)
		return i, i + len(want)
	}, ptyTimeout)
}

// ExpectRe is Expect for a regular expression; it returns the submatches.
func (s *ptySession) ExpectRe(re *regexp.Regexp) []string {
	s.t.Helper()
	var m []string
	s.expect(re.String(), func(out string) (int, int) {
		loc := re.FindStringSubmatchIndex(out)
		if loc == nil {
			return -1, -1
		}
		m = nil
		for i := 0; i+1 < len(loc); i += 2 {
			if loc[i] < 0 {
				m = append(m, "")
			} else {
				m = append(m, out[loc[i]:loc[i+1]])
			}
		}
		return loc[0], loc[1]
	}, ptyTimeout)
	return m
}

// Poll types keys every 200ms until the output contains want, for output
// that only comes with a new prompt (job notices).
func (s *ptySession) Poll(keys, want string) {
	s.t.Helper()
	deadline := time.Now().Add(ptyTimeout)
	for time.Now().Before(deadline) {
		s.Send(keys)
		s.mu.Lock()
		out := cleanTerminal(s.raw.String())
		found := strings.Contains(out[min(s.off, len(out)):], want)
		s.mu.Unlock()
		if found {
			s.Expect(want)
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	s.Expect(want)
}

// ExpectPrompt waits for the next prompt. Right after Enter, that is the
// prompt on a new line: the editor redraws the prompt of the line being
// typed at each key, and on a loaded machine those redraws may come
// after the keys were sent, before the line is run.
func (s *ptySession) ExpectPrompt() string {
	s.t.Helper()
	if !s.entered {
		return s.Expect(ptyPrompt)
	}
	return s.expect(ptyPrompt+" on a new line", func(out string) (int, int) {
		m := promptOnNewLine.FindStringIndex(out)
		if m == nil {
			return -1, -1
		}
		return m[0], m[1]
	}, ptyTimeout)
}

// promptOnNewLine matches a prompt drawn on a line of its own (maybe
// after the partial-line mark).
var promptOnNewLine = regexp.MustCompile(`\n[^\n]*` + regexp.QuoteMeta(ptyPrompt))

func (s *ptySession) expect(what string, find func(string) (int, int), timeout time.Duration) string {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		s.mu.Lock()
		out := cleanTerminal(s.raw.String())
		off := min(s.off, len(out))
		rest := out[off:]
		if i, end := find(rest); i >= 0 {
			s.off = off + end
			s.entered = false
			s.mu.Unlock()
			return rest[:end]
		}
		s.mu.Unlock()
		select {
		case <-s.done:
			// nosh is gone: one last look, since the reader may have
			// appended the final output just now.
			s.mu.Lock()
			out = cleanTerminal(s.raw.String())
			s.mu.Unlock()
			if i, end := find(out[off:]); i >= 0 {
				s.mu.Lock()
				s.off = off + end
				s.mu.Unlock()
				return out[off : off+end]
			}
			s.t.Fatalf("nosh ended before %q appeared; output since the last match:\n%s", what, out[off:])
		case <-time.After(10 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("timed out after %v waiting for %q; output since the last match:\n%s", timeout, what, rest)
		}
	}
}

// Output returns everything nosh wrote so far, with terminal control
// sequences removed.
func (s *ptySession) Output() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return cleanTerminal(s.raw.String())
}

// Wait waits for nosh to exit and returns its exit status.
func (s *ptySession) Wait() int {
	s.t.Helper()
	errc := make(chan error, 1)
	go func() { errc <- s.cmd.Wait() }()
	select {
	case err := <-errc:
		// What nosh wrote just before it exited may still be on its way
		// to the reader: Output after Wait must see it (a logout file's
		// last line went missing on a loaded machine). The reader ends
		// when the terminal's other side is closed by everyone.
		select {
		case <-s.done:
		case <-time.After(2 * time.Second):
		}
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		return 0
	case <-time.After(ptyTimeout):
		s.t.Fatalf("nosh did not exit; output:\n%s", s.Output())
	}
	return -1
}

// Close hangs up the terminal, as closing a terminal window does, and
// makes sure nosh and its jobs are gone.
func (s *ptySession) Close() {
	s.pty.Close()
	if s.cmd.ProcessState == nil {
		exited := make(chan struct{})
		go func() { s.cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			// nosh leads its own session: kill whatever is left in it.
			syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			s.cmd.Process.Kill()
			<-exited
		}
	}
}

// ansiSeq matches terminal control sequences: CSI (ESC [ … final), OSC
// (ESC ] … BEL or ESC \), and two-character escapes.
var ansiSeq = regexp.MustCompile(`\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[@-Z\\-_]|\x1b[()][0-9A-Za-z]`)

// cleanTerminal removes control sequences and carriage returns from
// terminal output, leaving the text a test looks for.
func cleanTerminal(s string) string {
	s = ansiSeq.ReplaceAllString(s, "")
	return strings.ReplaceAll(s, "\r", "")
}
