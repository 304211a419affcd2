package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenWideCharacterAtRightEdge: a wide character (漢) that does not
// fit in the last column of a row is drawn by the terminal at the start of
// the next row, the last cell left blank. The editor counted columns as
// if it had fitted, so the cursor stood a column off on every row after
// it, and moving onto the character put the cursor in the blank cell.
// The same keys go to bash and nosh, at the bottom of a full screen.
//
// The terminals are tmux's: the emulator screentest reads through
// (charmbracelet/x/vt v0.1.0) drops a wide character written in the last
// column instead of wrapping it, as xterm and tmux do.
func TestScreenWideCharacterAtRightEdge(t *testing.T) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// One directory for the socket and both homes, made before the
	// cleanup below is registered, so that it is removed after the
	// shells are gone (a shell writes its history as it ends).
	base := t.TempDir()
	socket := filepath.Join(base, "tmux")
	tmux := func(args ...string) string {
		t.Helper()
		out, err := exec.Command("tmux", append([]string{"-S", socket, "-f", "/dev/null"}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	var pids []int
	t.Cleanup(func() {
		exec.Command("tmux", "-S", socket, "kill-server").Run()
		deadline := time.Now().Add(30 * time.Second)
		for _, pid := range pids {
			for syscall.Kill(pid, 0) == nil && time.Now().Before(deadline) {
				time.Sleep(20 * time.Millisecond)
			}
		}
	})

	start := func(name string, sh screentest.Shell) {
		home := filepath.Join(base, name)
		if err := os.Mkdir(home, 0o755); err != nil {
			t.Fatal(err)
		}
		spec := sh.Spec(home, "", screentest.BaseEnv(home, "$ "))
		cmd := "env -i"
		for _, kv := range spec.Env {
			cmd += " " + shellQuote(kv)
		}
		cmd += " " + shellQuote(spec.Path)
		for _, a := range spec.Args[1:] {
			cmd += " " + shellQuote(a)
		}
		tmux("new-session", "-d", "-s", name, "-x", "80", "-y", "24", "-c", home, cmd)
		var pid int
		fmt.Sscanf(tmux("display", "-p", "-t", "="+name+":", "#{pane_pid}"), "%d", &pid)
		pids = append(pids, pid)
	}
	start("bash", screentest.Bash())
	start("nosh", screentest.Nosh(exe, "NOSH_TEST_AS_NOSH=1"))

	// input is the session's input line from its prompt down, and where
	// the cursor is from the prompt's row: nosh keeps a row below its
	// line at the bottom of the screen, so the rows above may differ.
	input := func(name string) string {
		lines := strings.Split(strings.TrimRight(tmux("capture-pane", "-p", "-t", "="+name+":"), "\n"), "\n")
		var cx, cy int
		fmt.Sscanf(tmux("display", "-p", "-t", "="+name+":", "#{cursor_x} #{cursor_y}"), "%d %d", &cx, &cy)
		top := -1
		for i, l := range lines {
			if l == "$" || strings.HasPrefix(l, "$ ") {
				top = i
			}
		}
		if top < 0 || cy < top {
			return "no prompt:\n" + strings.Join(lines, "\n")
		}
		return fmt.Sprintf("%s\ncursor at row %d column %d", strings.Join(lines[top:], "\n"), cy-top, cx)
	}
	// same waits until both sessions show the same input line and cursor,
	// unchanged over a tenth of a second.
	same := func(step string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		last := ""
		for {
			b, n := input("bash"), input("nosh")
			if b == n && b == last && !strings.HasPrefix(b, "no prompt") {
				return
			}
			last = ""
			if b == n {
				last = b
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: the screens differ\n--- bash\n%s\n--- nosh\n%s", step, b, n)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	keys := func(k ...string) {
		for _, name := range []string{"bash", "nosh"} {
			tmux(append([]string{"send-keys", "-t", "=" + name + ":"}, k...)...)
		}
	}

	same("the first prompt")
	keys("-l", "seq 200")
	keys("Enter")
	same("a full screen")
	// "$ " and "echo " take 7 columns; 72 x's bring the line to column
	// 79, the last, where 漢 does not fit.
	keys("-l", "echo "+strings.Repeat("x", 72)+"漢字漢")
	same("typed across the edge")
	for _, step := range []struct{ name, key string }{
		{"left onto the last 漢", "Left"},
		{"left onto 字", "Left"},
		{"left onto the 漢 that wrapped", "Left"},
		{"left onto the last x", "Left"},
		{"right onto the 漢 that wrapped", "Right"},
		{"Ctrl+E", "C-e"},
		{"backspace", "BSpace"},
		{"backspace", "BSpace"},
		{"backspace: the line fits one row", "BSpace"},
		{"Ctrl+A", "C-a"},
		{"Ctrl+E", "C-e"},
	} {
		keys(step.key)
		same(step.name)
	}
	keys("-l", "é漢")
	same("é fills the last column, 漢 wraps")
	keys("Left", "Left")
	same("back on é")
}

// shellQuote quotes s for sh.
func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
