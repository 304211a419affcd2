package screentest

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// Timeout is how long a wait lasts before the test fails: generous,
// because the machine running the tests may be loaded (and a race-enabled
// shell is slow); a passing test never waits that long.
var Timeout = 30 * time.Second

// Quiet is how long the output must pause before a screen that meets a
// wait's condition counts as settled: a shell draws a prompt in several
// writes, and a screen caught between two of them is not what the user
// sees. It is not a sleep: a wait returns as soon as the condition has
// held this long with no new output.
var Quiet = 100 * time.Millisecond

// scrollbackLines bounds what Transcript can return, and the memory a
// terminal keeps.
const scrollbackLines = 3000

// Spec describes a program to run on a terminal.
type Spec struct {
	// Name names the program in failure messages ("bash", "nosh").
	Name string
	// Path is the executable; Args the whole argv, Args[0] included.
	Path string
	Args []string
	// Env is the program's whole environment; Dir its directory.
	Env []string
	Dir string
	// Rows and Cols are the terminal's size; zero means 24 by 80.
	Rows, Cols int
	// Prompt is the primary prompt as it appears on the screen, for
	// WaitPrompt and Run; Prompt2 the continuation prompt ("> ").
	Prompt, Prompt2 string
	// Styles records the colours and attributes of every cell in each
	// Screen (Screen.Styles), which Equal then compares too.
	Styles bool
}

// Term is a program running on a pseudo-terminal whose output is read by
// a terminal emulator. Its methods fail the test (tb.Fatal) when what
// they wait for does not come, so call them from the test's goroutine.
type Term struct {
	tb   testing.TB
	spec Spec
	cmd  *exec.Cmd
	pty  *os.File

	mu      sync.Mutex
	emu     *vt.Emulator
	out     int64         // bytes of output read so far
	lfs     int64         // line feeds among them
	last    time.Time     // when output last came
	wake    chan struct{} // closed (and replaced) whenever output comes
	log     tail          // the last of the raw output, for failure messages
	exited  chan struct{} // closed when the terminal has hung up
	replies chan []byte   // the emulator's answers to queries, for the program

	quiet   time.Duration // see Quiet and SetQuiet
	sentOut int64         // out when keys were last typed
	sentLFs int64         // lfs then

	// compare is set while Compare runs the scenario on this terminal.
	compare *comparison
}

// Start runs the program spec describes on a new terminal and returns it;
// the test's cleanup hangs the terminal up and reaps the program.
func Start(tb testing.TB, spec Spec) *Term {
	tb.Helper()
	if spec.Rows == 0 {
		spec.Rows = 24
	}
	if spec.Cols == 0 {
		spec.Cols = 80
	}
	if spec.Name == "" {
		spec.Name = spec.Path
	}
	cmd := &exec.Cmd{Path: spec.Path, Args: spec.Args, Env: spec.Env, Dir: spec.Dir}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: uint16(spec.Rows), Cols: uint16(spec.Cols)})
	if err != nil {
		tb.Fatalf("starting %s on a terminal: %v", spec.Name, err)
	}
	f, err = pollable(f)
	if err != nil {
		tb.Fatalf("terminal for %s: %v", spec.Name, err)
	}
	emu := vt.NewEmulator(spec.Cols, spec.Rows)
	emu.SetScrollbackSize(scrollbackLines)
	t := &Term{
		tb: tb, spec: spec, cmd: cmd, pty: f, emu: emu,
		last: time.Now(), wake: make(chan struct{}),
		exited: make(chan struct{}), replies: make(chan []byte, 64), quiet: Quiet,
		log: tail{max: 64 << 10},
	}
	go t.read()
	go t.answer()
	go t.forward()
	tb.Cleanup(t.Close)
	return t
}

// pollable returns f reopened in non-blocking mode, so that Go's poller
// serves it and Close interrupts a pending Read.
func pollable(f *os.File) (*os.File, error) {
	defer f.Close()
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var dup int
	var derr error
	rc.Control(func(fd uintptr) {
		dup, derr = unix.Dup(int(fd))
		if derr == nil {
			unix.CloseOnExec(dup)
			derr = unix.SetNonblock(dup, true)
		}
	})
	if derr != nil {
		return nil, derr
	}
	return os.NewFile(uintptr(dup), "pty"), nil
}

// read feeds the program's output to the emulator.
func (t *Term) read() {
	defer close(t.exited)
	buf := make([]byte, 32<<10)
	for {
		n, err := t.pty.Read(buf)
		if n > 0 {
			t.mu.Lock()
			t.emu.Write(buf[:n])
			t.out += int64(n)
			t.lfs += int64(bytes.Count(buf[:n], []byte{'\n'}))
			t.last = time.Now()
			t.log.Write(buf[:n])
			close(t.wake)
			t.wake = make(chan struct{})
			t.mu.Unlock()
		}
		if err != nil {
			t.mu.Lock()
			t.emu.InputPipe().(*io.PipeWriter).CloseWithError(io.EOF)
			t.mu.Unlock()
			return
		}
	}
}

// answer collects the emulator's replies to the program's queries (cursor
// position, device attributes) without ever blocking the emulator.
func (t *Term) answer() {
	defer close(t.replies)
	for {
		buf := make([]byte, 256)
		n, err := t.emu.Read(buf)
		if n > 0 {
			t.replies <- buf[:n]
		}
		if err != nil {
			return
		}
	}
}

// forward types the emulator's replies, as a terminal does.
func (t *Term) forward() {
	for b := range t.replies {
		t.pty.Write(b)
	}
}

// SetQuiet sets how long the output must pause before a screen counts as
// settled, for this terminal (Quiet by default). A test that runs many
// commands and checks only what its wait conditions pin down can lower
// it.
func (t *Term) SetQuiet(d time.Duration) { t.quiet = d }

// Name is the program's name from its Spec.
func (t *Term) Name() string { return t.spec.Name }

// Type sends keys as typed: "\r" is Enter, "\x03" Ctrl+C, "\x1a" Ctrl+Z,
// "\x04" Ctrl+D, "\x1b[A" the up arrow.
func (t *Term) Type(keys string) {
	t.tb.Helper()
	t.mu.Lock()
	t.sentOut, t.sentLFs = t.out, t.lfs
	t.mu.Unlock()
	if _, err := io.WriteString(t.pty, keys); err != nil {
		t.tb.Fatalf("%s: typing %q: %v", t.spec.Name, abbreviate(keys), err)
	}
}

// Run types line and Enter, then waits for the next prompt: a line feed
// came, and the cursor stands right after the primary prompt.
func (t *Term) Run(line string) Screen {
	t.tb.Helper()
	t.Type(line + "\r")
	return t.waitPromptAfterLF("the prompt after " + abbreviate(line))
}

// Fill runs `seq 200`, which fills the screen and scrolls it, so that
// what follows starts at the bottom row.
func (t *Term) Fill() Screen {
	t.tb.Helper()
	return t.Run("seq 200")
}

// WaitPrompt waits, after keys were typed, until the program has written
// something and the cursor stands right after the primary prompt.
func (t *Term) WaitPrompt() Screen {
	t.tb.Helper()
	return t.waitFor("a prompt", func(s Screen, out, _ int64) bool {
		return out > t.sentOut && s.AtPrompt(t.spec.Prompt)
	})
}

// WaitOutput waits, after keys were typed, until the program has written
// something and gone quiet.
func (t *Term) WaitOutput() Screen {
	t.tb.Helper()
	return t.waitFor("output", func(_ Screen, out, _ int64) bool { return out > t.sentOut })
}

// WaitPrompt2 is WaitPrompt for the continuation prompt (PS2).
func (t *Term) WaitPrompt2() Screen {
	t.tb.Helper()
	return t.waitFor("a continuation prompt", func(s Screen, out, _ int64) bool {
		return out > t.sentOut && s.AtPrompt(t.spec.Prompt2)
	})
}

func (t *Term) waitPromptAfterLF(what string) Screen {
	t.tb.Helper()
	return t.waitFor(what, func(s Screen, _, lfs int64) bool {
		return lfs > t.sentLFs && s.AtPrompt(t.spec.Prompt)
	})
}

// WaitText waits until text appears on the screen.
func (t *Term) WaitText(text string) Screen {
	t.tb.Helper()
	return t.WaitFor(fmt.Sprintf("%q on the screen", text), func(s Screen) bool {
		return s.Contains(text)
	})
}

// WaitFor waits until ok holds for the screen and the output has been
// quiet for Quiet, and returns that screen. After Timeout, or when the
// program hangs up first, it fails the test and shows the screen.
func (t *Term) WaitFor(what string, ok func(Screen) bool) Screen {
	t.tb.Helper()
	return t.waitFor(what, func(s Screen, _, _ int64) bool { return ok(s) })
}

func (t *Term) waitFor(what string, ok func(s Screen, out, lfs int64) bool) Screen {
	t.tb.Helper()
	s, found := t.poll(ok, Timeout)
	if !found {
		t.fail("waiting for "+what, s)
	}
	return s
}

// recheck is how often a wait looks again without new output: conditions
// may depend on more than the screen (the terminal's modes, its
// foreground process group), which change silently.
const recheck = 20 * time.Millisecond

// poll waits up to timeout for ok to hold on a settled screen; it returns
// the last screen seen and whether it did.
func (t *Term) poll(ok func(s Screen, out, lfs int64) bool, timeout time.Duration) (Screen, bool) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(recheck)
	defer tick.Stop()
	for {
		t.mu.Lock()
		s := t.screenLocked()
		out, lfs, last, wake := t.out, t.lfs, t.last, t.wake
		t.mu.Unlock()
		var settle <-chan time.Time
		if ok(s, out, lfs) {
			wait := t.quiet - time.Since(last)
			if wait <= 0 {
				return s, true
			}
			settle = time.After(wait)
		}
		select {
		case <-wake:
		case <-settle:
		case <-tick.C:
		case <-t.exited:
			t.mu.Lock()
			s = t.screenLocked()
			out, lfs = t.out, t.lfs
			t.mu.Unlock()
			return s, ok(s, out, lfs)
		case <-deadline.C:
			return s, false
		}
	}
}

// Screen returns the screen as it is now.
func (t *Term) Screen() Screen {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.screenLocked()
}

func (t *Term) screenLocked() Screen {
	e := t.emu
	w, h := e.Width(), e.Height()
	s := Screen{Rows: make([]string, h), Width: w, Alt: e.IsAltScreen()}
	pos := e.CursorPosition()
	s.Row, s.Col = pos.Y, pos.X
	for y := range h {
		var b strings.Builder
		for x := 0; x < w; {
			c := e.CellAt(x, y)
			if x == s.Col && y == s.Row {
				s.beforeCursor = b.String()
			}
			if c == nil || c.Content == "" {
				b.WriteByte(' ')
				x++
				continue
			}
			b.WriteString(c.Content)
			x += max(c.Width, 1)
		}
		if y == s.Row && s.Col >= w {
			s.beforeCursor = b.String()
		}
		s.Rows[y] = strings.TrimRight(b.String(), " ")
	}
	if t.spec.Styles {
		s.Styles = styleRuns(e, w, h)
	}
	return s
}

// styleRuns returns, for each row, where its cells' style changes and to
// what: "column:SGR" pairs, the style written as the sequence that sets
// it.
func styleRuns(e *vt.Emulator, w, h int) []string {
	rows := make([]string, h)
	for y := range h {
		var b strings.Builder
		prev := ""
		for x := range w {
			style := ""
			if c := e.CellAt(x, y); c != nil {
				style = c.Style.String()
			}
			if style != prev {
				fmt.Fprintf(&b, "%d:%q ", x, style)
				prev = style
			}
		}
		rows[y] = b.String()
	}
	return rows
}

// Transcript returns the lines that scrolled off the top (up to a few
// thousand) followed by the screen's rows.
func (t *Term) Transcript() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	var lines []string
	if sb := t.emu.Scrollback(); sb != nil {
		for _, l := range sb.Lines() {
			lines = append(lines, strings.TrimRight(l.String(), " "))
		}
	}
	return append(lines, t.screenLocked().Rows...)
}

// Resize changes the terminal's size, as dragging a window's corner does:
// the emulator's screen first, then the kernel's idea of it, which sends
// SIGWINCH to the program in the foreground.
func (t *Term) Resize(rows, cols int) {
	t.tb.Helper()
	t.mu.Lock()
	t.emu.Resize(cols, rows)
	t.spec.Rows, t.spec.Cols = rows, cols
	t.mu.Unlock()
	if err := pty.Setsize(t.pty, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		t.tb.Fatalf("%s: resizing the terminal: %v", t.spec.Name, err)
	}
}

// Modes returns the terminal's modes, as the program set them.
func (t *Term) Modes() (*unix.Termios, error) {
	rc, err := t.pty.SyscallConn()
	if err != nil {
		return nil, err
	}
	var tio *unix.Termios
	var terr error
	rc.Control(func(fd uintptr) { tio, terr = unix.IoctlGetTermios(int(fd), unix.TCGETS) })
	return tio, terr
}

// Raw reports whether the terminal is in the raw mode a line editor
// reads keys in: no canonical line editing and no echo by the kernel.
// A shell at its prompt with the terminal in cooked mode shows arrow keys
// as ^[[D and does not show edits.
func (t *Term) Raw() bool {
	t.tb.Helper()
	m, err := t.Modes()
	if err != nil {
		t.tb.Fatalf("%s: reading the terminal's modes: %v", t.spec.Name, err)
	}
	return m.Lflag&(unix.ICANON|unix.ECHO) == 0
}

// ProgramRunning reports whether a program the shell started owns the
// terminal: its foreground process group is not the shell's (the shell
// leads its own group). Between Enter and this, a typed Ctrl+C may reach
// the shell rather than the program.
func (t *Term) ProgramRunning() bool {
	t.tb.Helper()
	rc, err := t.pty.SyscallConn()
	if err != nil {
		t.tb.Fatal(err)
	}
	pgid := 0
	var perr error
	rc.Control(func(fd uintptr) { pgid, perr = unix.IoctlGetInt(int(fd), unix.TIOCGPGRP) })
	if perr != nil {
		t.tb.Fatalf("%s: reading the terminal's foreground group: %v", t.spec.Name, perr)
	}
	return pgid != t.cmd.Process.Pid
}

// ForegroundIs reports whether the terminal's foreground process group
// is led by a program named name (its /proc comm). ProgramRunning is true
// as soon as the shell has handed the terminal over, while the child may
// still be the shell's fork and deaf to Ctrl+C; a key meant for the
// program waits for this.
func (t *Term) ForegroundIs(name string) bool {
	t.tb.Helper()
	if !t.ProgramRunning() {
		return false
	}
	rc, err := t.pty.SyscallConn()
	if err != nil {
		t.tb.Fatal(err)
	}
	pgid := 0
	rc.Control(func(fd uintptr) { pgid, _ = unix.IoctlGetInt(int(fd), unix.TIOCGPGRP) })
	comm, err := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pgid))
	return err == nil && strings.TrimSpace(string(comm)) == name
}

// Pid returns the program's process ID.
func (t *Term) Pid() int { return t.cmd.Process.Pid }

// Exited reports whether the program hung up the terminal (exited, with
// everything that shared its terminal).
func (t *Term) Exited() bool {
	select {
	case <-t.exited:
		return true
	default:
		return false
	}
}

// WaitExit waits for the program to exit and returns its exit status.
func (t *Term) WaitExit() int {
	t.tb.Helper()
	errc := make(chan error, 1)
	go func() { errc <- t.cmd.Wait() }()
	select {
	case err := <-errc:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		return 0
	case <-time.After(Timeout):
		t.fail("waiting for the program to exit", t.Screen())
	}
	return -1
}

// Close hangs up the terminal, as closing a window does, and makes sure
// the program and everything in its session are gone.
func (t *Term) Close() {
	t.pty.Close()
	if t.cmd.ProcessState != nil {
		return
	}
	exited := make(chan struct{})
	go func() { t.cmd.Wait(); close(exited) }()
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		// The program leads its own session: kill all that is left in it.
		syscall.Kill(-t.cmd.Process.Pid, syscall.SIGKILL)
		t.cmd.Process.Kill()
		<-exited
	}
}

// fail stops the test with what was being waited for, the screen and the
// end of the raw output.
func (t *Term) fail(what string, s Screen) {
	t.tb.Helper()
	t.mu.Lock()
	raw := t.log.String()
	t.mu.Unlock()
	t.tb.Fatalf("%s: timed out or hung up %s\nscreen:\n%s\nlast output: %q", t.spec.Name, what, s.Framed(), raw)
}

// abbreviate shortens long typed text for messages.
func abbreviate(s string) string {
	if len(s) > 60 {
		return fmt.Sprintf("%s… (%d bytes)", s[:40], len(s))
	}
	return s
}

// tail keeps the last max bytes written to it.
type tail struct {
	buf []byte
	max int
}

func (b *tail) Write(p []byte) {
	b.buf = append(b.buf, p...)
	if over := len(b.buf) - b.max; over > 0 {
		b.buf = append(b.buf[:0], b.buf[over:]...)
	}
}

func (b *tail) String() string {
	if len(b.buf) > 2000 {
		return string(b.buf[len(b.buf)-2000:])
	}
	return string(b.buf)
}
