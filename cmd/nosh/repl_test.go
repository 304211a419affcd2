package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"nosh/shell/history"
)

// homeEnv points a nosh at an existing home directory, so that a second
// session finds what the first left (history, config).
func homeEnv(home string) []string {
	return []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + home + "/.config",
		"XDG_STATE_HOME=" + home + "/.local/state",
	}
}

func TestREPLRunsCommandsAndKeepsState(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	s.Line("x=41; f() { echo \"f says $1\"; }")
	s.ExpectPrompt()
	s.Line("echo hello-$((x+1)); f hi")
	s.Expect("hello-42")
	s.Expect("f says hi")
	s.ExpectPrompt()

	// A for loop typed line by line continues on the next line (the
	// editor keeps the whole command in one buffer).
	s.Line("for i in a b")
	s.Expect("for i in a b\n")
	s.Line("do echo item-$i")
	s.Expect("do echo item-$i\n")
	s.Line("done")
	s.Expect("item-a")
	s.Expect("item-b")
	s.ExpectPrompt()

	// An unterminated quote continues too.
	s.Line(`echo "one`)
	s.Expect("one\n")
	s.Line(`two"`)
	s.Expect("one\ntwo")
	s.ExpectPrompt()

	// A here-document and a trailing backslash.
	s.Line("cat <<EOF")
	s.Expect("<<EOF\n")
	s.Line("heredoc-body")
	s.Expect("heredoc-body\n")
	s.Line("EOF")
	s.Expect("EOF\n")
	s.Expect("heredoc-body")
	s.ExpectPrompt()
	s.Line(`echo back\`)
	s.Expect("back\\\n")
	s.Line(`slash`)
	s.Expect("backslash")
	s.ExpectPrompt()
}

func TestREPLCtrlCAndCtrlD(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	// Ctrl+C at the prompt discards the line.
	s.Send("echo discarded-text")
	s.Expect("discarded-text")
	s.Send("\x03")
	// The line stays on screen, marked ^C, and a fresh prompt follows.
	s.Expect("^C")
	s.ExpectPrompt()
	s.Line("echo after-ctrl-c")
	s.Expect("after-ctrl-c")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "\ndiscarded-text") {
		t.Fatalf("the discarded line ran:\n%s", s.Output())
	}

	// Ctrl+C during a command stops it, and what follows it on the line.
	// The child says it started once it runs in the foreground, so that
	// Ctrl+C is typed while it has the terminal, as a person would.
	s.Line("sh -c 'echo child-started; exec sleep 30'; echo not-reached")
	s.Expect("\nchild-started\n") // the output, not the echo of the typed line
	s.Send("\x03")
	s.ExpectPrompt()
	s.Line("echo status=$?")
	s.Expect("status=130")
	s.ExpectPrompt()
	if strings.Contains(s.Output(), "\nnot-reached\n") {
		t.Fatalf("the rest of the line ran after Ctrl+C:\n%s", s.Output())
	}

	// Ctrl+D on an empty line leaves.
	s.Send("\x04")
	if st := s.Wait(); st != 0 {
		t.Errorf("exit status after Ctrl+D = %d, want 0", st)
	}
}

func TestREPLPromptFollowsCd(t *testing.T) {
	dir := t.TempDir()
	s := startPty(t, []string{`PS1=[\W]>> `})
	s.Expect("]>> ")
	s.Line("cd " + dir)
	s.Expect("[" + filepath.Base(dir) + "]>> ")
	s.Line("cd /")
	s.Expect("[/]>> ")
}

func TestREPLBuiltinPrompt(t *testing.T) {
	// Without PS1, the built-in prompt shows the directory and a failed
	// command's status.
	s := startPty(t, []string{"PS1="})
	// startPty sets PS1; an empty value is still "set", so unset it.
	s.Line("unset PS1")
	s.Line("cd /usr")
	s.ExpectRe(regexp.MustCompile(`/usr [$#] `))
	s.Line("false")
	s.ExpectRe(regexp.MustCompile(`/usr \[1\] [$#] `))
}

func TestHistoryRecalledAfterRestart(t *testing.T) {
	home := t.TempDir()
	s := startPty(t, homeEnv(home))
	s.ExpectPrompt()
	s.Line("echo remembered-line")
	s.Expect("remembered-line")
	s.ExpectPrompt()
	s.Line("exit")
	s.Wait()

	s2 := startPty(t, homeEnv(home))
	s2.ExpectPrompt()
	s2.Send("\x1b[A") // ↑: the last line typed, exit
	s2.Expect("exit")
	s2.Send("\x1b[A") // ↑ again
	s2.Expect("echo remembered-line")
	s2.Send("\r")
	s2.Expect("remembered-line")
	s2.ExpectPrompt()
	s2.Line("history")
	s2.Expect("echo remembered-line")
}

func TestBrokenConfigAndInitStillReachPrompt(t *testing.T) {
	home := t.TempDir()
	cfgDir := filepath.Join(home, ".config", "nosh")
	os.MkdirAll(cfgDir, 0o755)
	os.WriteFile(filepath.Join(cfgDir, "config.toml"), []byte("[ai]\nprovider = \"openai\"\ncontext_size = \"ten\"\n[prompt\n"), 0o644)
	os.WriteFile(filepath.Join(cfgDir, "init.sh"), []byte("echo init-started\nno-such-command-xyz\nif then\n"), 0o644)
	s := startPty(t, homeEnv(home))
	s.Expect("config.toml:")
	s.Expect("init-started")
	s.Expect("no-such-command-xyz")
	s.Expect("init.sh:3")
	s.ExpectPrompt()
	s.Line("echo usable-$((6*7))")
	s.Expect("usable-42")
}

func TestTerminalRestoredAfterRawModeProgram(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	// stty leaves the terminal raw and without echo, as a program that
	// crashed in raw mode would.
	s.Line("stty raw -echo")
	s.ExpectPrompt()
	s.Line("stty -a")
	got := s.Expect("eol")
	rest := s.ExpectPrompt()
	all := got + rest
	if strings.Contains(all, "-icanon") || strings.Contains(all, "-echo ") {
		t.Fatalf("terminal still raw after the program exited:\n%s", all)
	}
	s.Line("echo still-fine")
	s.Expect("still-fine")
}

func TestSlashCommands(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	s.Line("/help")
	s.Expect("/reload")
	s.ExpectPrompt()
	s.Line("/config")
	s.Expect("config.toml")
	s.Expect("[ai]")
	s.ExpectPrompt()
	s.Line("/reload")
	s.Expect("reloaded")
	s.ExpectPrompt()
	// Tab completes every slash command this shell has.
	s.Send("/comp\t")
	s.Expect("/compact")
}

// TestConcurrentShellsKeepAllHistory runs four interactive shells at once,
// each running 500 commands, and checks that the shared history file
// holds exactly the 2000 entries, intact.
func TestConcurrentShellsKeepAllHistory(t *testing.T) {
	home := t.TempDir()
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var in strings.Builder
			for i := 0; i < 500; i++ {
				fmt.Fprintf(&in, ": shell-%d-line-%d\n", w, i)
			}
			cmd := noshCommand(t, "-i")
			cmd.Env = append(cmd.Env, homeEnv(home)...)
			cmd.Stdin = strings.NewReader(in.String())
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("shell %d: %v\n%s", w, err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	h, err := history.Open(history.Options{Path: filepath.Join(home, ".local/state/nosh/history")})
	if err != nil {
		t.Fatal(err)
	}
	if h.Len() != 2000 {
		t.Fatalf("history has %d entries, want 2000", h.Len())
	}
	seen := map[string]bool{}
	for i := 0; i < h.Len(); i++ {
		e := h.Entry(i)
		if !strings.HasPrefix(e.Command, ": shell-") || seen[e.Command] {
			t.Fatalf("entry %d damaged or repeated: %q", i, e.Command)
		}
		seen[e.Command] = true
	}
}

func TestREPLTypeAhead(t *testing.T) {
	s := startPty(t, nil)
	s.ExpectPrompt()
	// Two lines typed at once both run, in order.
	s.Send("echo ta-one\recho ta-two\r")
	s.Expect("\nta-one\n")
	s.Expect("\nta-two\n")
	s.ExpectPrompt()
	// Ctrl+C in the same breath as Enter interrupts that command, not the
	// next prompt.
	s.Send("sleep 30; echo after-typeahead\r\x03")
	s.Expect("^C")
	s.ExpectPrompt()
	s.Line("echo status=$?")
	s.Expect("status=130")
	if strings.Contains(s.Output(), "\nafter-typeahead\n") {
		t.Fatalf("the interrupted line ran on:\n%s", s.Output())
	}
}
