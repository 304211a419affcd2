package shell

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// Tests of issue #15, "bash muscle memory": keys typed into nosh on a
// terminal, as a bash user types them, with the system's /etc/inputrc
// (not INPUTRC=/dev/null), a UTF-8 locale and a screen that is already
// full. Where bash does the same thing, the same keys go to bash too.

// realInputrc makes nosh find its inputrc as a user's shell does: no
// $INPUTRC, so $HOME/.inputrc when there is one, else /etc/inputrc.
var realInputrc = []string{"INPUTRC=", "LANG=C.UTF-8", "LC_ALL="}

// fillScreen scrolls the terminal full, so that the prompt is on the
// bottom row, where redraw bugs live.
func fillScreen(s *ptySession) {
	s.t.Helper()
	s.Line("seq 1 40")
	s.Expect("\n40\n")
	s.ExpectPrompt()
}

// startBash starts bash on a terminal like startPty's, for comparisons:
// no startup files, the same prompt, the same inputrc and locale.
func startBash(t *testing.T, env []string) *ptySession {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed")
	}
	home := t.TempDir()
	cmd := exec.Command(bash, "--norc", "--noprofile", "-i")
	cmd.Dir = home
	cmd.Env = mergeEnv([]string{
		"HOME=" + home, "TERM=xterm", "PS1=" + ptyPrompt, "PATH=" + os.Getenv("PATH"),
		"LANG=C.UTF-8", "HISTFILE=" + home + "/.bash_history",
	}, env)
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 24, Cols: 80})
	if err != nil {
		t.Fatalf("starting bash on a pty: %v", err)
	}
	if f, err = pollable(f); err != nil {
		t.Fatal(err)
	}
	s := &ptySession{t: t, cmd: cmd, pty: f, done: make(chan struct{})}
	go s.read()
	t.Cleanup(s.Close)
	return s
}

// typeInBoth types keys into bash and nosh, then Enter, and returns the
// line each printed that starts with mark (the keys must make a command
// printing it).
func typeInBoth(t *testing.T, nosh, bash *ptySession, keys, mark string) (fromNosh, fromBash string) {
	t.Helper()
	out := func(s *ptySession) string {
		s.Send(keys + "\r")
		m := s.ExpectRe(regexp.MustCompile(`\n(` + regexp.QuoteMeta(mark) + `[^\n]*)\n`))
		s.ExpectPrompt()
		return m[1]
	}
	return out(nosh), out(bash)
}

func TestEditorUTF8TextArrivesAsTyped(t *testing.T) {
	s := startPty(t, realInputrc)
	s.ExpectPrompt()
	fillScreen(s)
	text := "café Müller ß Ωμέγα Привет 漢字 😀"
	s.Line("echo one two")
	s.ExpectPrompt()
	// ß used to be read as Alt+_ (yank-last-arg) and insert "two".
	s.Line("echo " + text)
	s.Expect("\n" + text + "\n")
	s.ExpectPrompt()

	// Typed one character at a time, as a keyboard sends them.
	for _, r := range "echo ñandú-€" {
		s.Send(string(r))
	}
	s.Send("\r")
	s.Expect("\nñandú-€\n")
	s.ExpectPrompt()

	// Meta is the Escape prefix: Alt+B still moves back a word.
	s.Send("echo wörld\x1bbX\r")
	s.Expect("\nXwörld\n")
	s.ExpectPrompt()
}

func TestEditorInputrcFromHome(t *testing.T) {
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".inputrc"), []byte("$include /etc/inputrc\n\"\\C-t\": \"echo from-home-inputrc\"\n$if nosh\n\"\\C-o\": \"echo nosh-block\"\n$endif\n"), 0o644)
	s := startPty(t, append(homeEnv(home), realInputrc...))
	s.ExpectPrompt()
	s.Send("\x14")
	s.Expect("echo from-home-inputrc")
	s.Send("\r")
	s.Expect("\nfrom-home-inputrc\n")
	s.ExpectPrompt()
	s.Send("\x0f")
	s.Expect("echo nosh-block")
	s.Send("\r")
	s.Expect("\nnosh-block\n")
	s.ExpectPrompt()
	// Text still arrives as typed: the file did not turn convert-meta on.
	s.Line("echo Grüße")
	s.Expect("\nGrüße\n")
	s.ExpectPrompt()

	// $INPUTRC wins over ~/.inputrc, and may turn convert-meta on.
	rc := filepath.Join(t.TempDir(), "rc")
	os.WriteFile(rc, []byte("\"\\C-t\": \"echo from-INPUTRC\"\n"), 0o644)
	s2 := startPty(t, append(homeEnv(home), "INPUTRC="+rc, "LANG=C.UTF-8"))
	s2.ExpectPrompt()
	s2.Send("\x14")
	s2.Expect("echo from-INPUTRC")
	s2.Send("\r")
	s2.Expect("\nfrom-INPUTRC\n")
}

func TestEditorBracketedPasteIsOn(t *testing.T) {
	s := startPty(t, realInputrc)
	s.ExpectPrompt()
	// nosh asks the terminal to mark pastes, as bash 5.1 does.
	deadline := time.Now().Add(ptyTimeout)
	for !strings.Contains(s.rawSince(0), "\x1b[?2004h") {
		if time.Now().After(deadline) {
			t.Fatalf("bracketed paste was not enabled; output: %q", s.rawSince(0))
		}
		time.Sleep(20 * time.Millisecond)
	}
	mark := s.rawLen()
	s.Send("\x1b[200~echo pasted-1\recho pasted-2\x1b[201~")
	s.Expect("echo pasted-2")
	time.Sleep(300 * time.Millisecond)
	if strings.Contains(cleanTerminal(s.rawSince(mark)), "\npasted-1\n") {
		t.Fatalf("the paste ran before Enter:\n%s", s.Output())
	}
	s.Send("\r")
	s.Expect("\npasted-1\n")
	s.Expect("pasted-2\n")
}

// tabDir makes a directory where completion is ambiguous in every way
// the issue lists: files, commands, git branches, ssh hosts.
func tabDir(t *testing.T) (home, dir, bin string) {
	home = t.TempDir()
	dir = filepath.Join(home, "work")
	bin = filepath.Join(home, "bin")
	os.MkdirAll(dir, 0o755)
	os.MkdirAll(bin, 0o755)
	for _, f := range []string{"plain.c", "plain.h"} {
		os.WriteFile(filepath.Join(dir, f), []byte(f+"\n"), 0o644)
	}
	for _, c := range []string{"zqtool-alpha", "zqtool-beta"} {
		os.WriteFile(filepath.Join(bin, c), []byte("#!/bin/sh\necho ran-"+c+"\n"), 0o755)
	}
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "config"), []byte("Host zhost-one\nHost zhost-two\n"), 0o600)
	return home, dir, bin
}

func TestEditorTabNeverChoosesSilently(t *testing.T) {
	home, dir, bin := tabDir(t)
	env := append(homeEnv(home), realInputrc...)
	env = append(env, "PATH="+bin+":"+os.Getenv("PATH"))
	s := startPty(t, env)
	s.ExpectPrompt()
	s.Line("cd " + dir)
	s.ExpectPrompt()
	fillScreen(s)

	// Files: the common prefix goes in, both candidates are shown, and
	// the line does not name either file until the user says which.
	s.Send("cat pl\t")
	got := s.ExpectRe(regexp.MustCompile(`plain\.c\s+plain\.h`))
	if !strings.Contains(got[0], "plain.c") {
		t.Fatalf("candidates not listed: %q", got)
	}
	s.Send("h\r")
	s.Expect("\nplain.h\n")
	s.ExpectPrompt()

	// A second Tab cycles through the candidates, visibly: the line shows
	// the one chosen.
	s.Send("cat pl\t")
	s.ExpectRe(regexp.MustCompile(`plain\.c\s+plain\.h`))
	s.Send("\t")
	s.Expect("cat plain.c")
	s.Send("\x03")
	s.ExpectPrompt()

	// Commands.
	s.Send("zqto\t")
	s.ExpectRe(regexp.MustCompile(`zqtool-alpha\s+zqtool-beta`))
	s.Send("b\t\r")
	s.Expect("ran-zqtool-beta")
	s.ExpectPrompt()

	// ssh hosts.
	s.Send("ssh zho\t")
	s.ExpectRe(regexp.MustCompile(`zhost-one\s+zhost-two`))
	s.Send("\x03")
	s.ExpectPrompt()

	// PIDs: kill <Tab> lists processes instead of inserting the first.
	s.Line("sleep 300 &")
	s.ExpectPrompt()
	mark := s.rawLen()
	s.Send("kill \t")
	s.ExpectRe(regexp.MustCompile(`sleep 300`))
	if regexp.MustCompile(`kill \d+ `).MatchString(cleanTerminal(s.rawSince(mark))) {
		t.Errorf("kill <Tab> chose a PID silently:\n%s", cleanTerminal(s.rawSince(mark)))
	}
	s.Send("\x03")
	s.ExpectPrompt()

	// git branches.
	if _, err := exec.LookPath("git"); err == nil {
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"commit", "-q", "--allow-empty", "-m", "x"},
			{"branch", "feature-one"}, {"branch", "feature-two"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t", "HOME="+home)
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v %s", args, err, out)
			}
		}
		s.Send("git checkout feat\t")
		s.Expect("git checkout feature-")
		s.ExpectRe(regexp.MustCompile(`feature-one\s+feature-two`))
		s.Send("\x03")
		s.ExpectPrompt()
	}

	// A single candidate is still inserted at once, with its space.
	s.Send("cat plain.h\x08\x08\x08\t")
	s.Expect("cat plain.")
	s.Send("\x15")
}

func TestEditorSetOViSwitchesAtOnce(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".config", "nosh"), 0o755)
	os.WriteFile(filepath.Join(home, ".config", "nosh", "init.sh"), []byte("set -o vi\n"), 0o644)
	s := startPty(t, append(homeEnv(home), realInputrc...))
	s.ExpectPrompt()
	fillScreen(s)
	// vi keys from the first prompt: Escape, b (back a word), i, X.
	s.Send("echo hello")
	s.Expect("echo hello")
	s.Send("\x1b")
	time.Sleep(100 * time.Millisecond)
	s.Send("biX\r")
	s.Expect("\nXhello\n")
	s.ExpectPrompt()
	s.Line("set -o | grep -E '^(vi|emacs) '")
	s.ExpectRe(regexp.MustCompile(`emacs\s+off\s+vi\s+on`))
	s.ExpectPrompt()

	// set -o emacs takes effect on the next line: Ctrl+A goes home.
	s.Line("set -o emacs")
	s.ExpectPrompt()
	s.Send("cho emacs-now\x01e\r")
	s.Expect("\nemacs-now\n")
	s.ExpectPrompt()
	// And back, from a function, as an rc file would.
	s.Line("f() { set -o vi; }; f")
	s.ExpectPrompt()
	s.Send("echo again")
	s.Expect("echo again")
	s.Send("\x1b")
	time.Sleep(100 * time.Millisecond)
	s.Send("0wiY\r")
	s.Expect("\nYagain\n")
}

func TestBindForms(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".config", "nosh"), 0o755)
	rc := `bind '"\C-t": backward-char'
bind 'set completion-ignore-case on'
bind '"\e[A": history-search-backward'
bind Space:self-insert
bind -x '"\C-y": READLINE_LINE="$READLINE_LINE-x"; READLINE_POINT=7'
bind -m vi-insert '"\C-t": backward-char'
echo rc-done
`
	os.WriteFile(filepath.Join(home, ".config", "nosh", "init.sh"), []byte(rc), 0o644)
	s := startPty(t, append(homeEnv(home), realInputrc...))
	// The rc file ran quietly.
	got := s.Expect("rc-done")
	if strings.Contains(got, "bind") {
		t.Errorf("bind printed something in the rc file:\n%s", got)
	}
	s.ExpectPrompt()
	fillScreen(s)
	s.Send("echo ac\x14b\r")
	s.Expect("\nabc\n")
	s.ExpectPrompt()
	s.Send("echo mid\x19")
	s.Expect("echo mid-x")
	// The cursor is where the command put it: after "echo mi".
	s.Send("Z\r")
	s.Expect("\nmiZd-x\n")
	s.ExpectPrompt()
	s.Line("bind -q backward-char")
	s.Expect(`backward-char can be invoked via`)
	s.ExpectPrompt()
	s.Line("bind -v | grep completion-ignore-case")
	s.Expect("set completion-ignore-case on")
	s.ExpectPrompt()
	s.Line("bind -p | grep -c '^\"' ; bind -l | grep -x unix-word-rubout")
	s.ExpectRe(regexp.MustCompile(`\n\d{2,}\nunix-word-rubout\n`))
	s.ExpectPrompt()
	s.Line("bind -X")
	s.Expect(`"\C-y": "READLINE_LINE=`)
	s.ExpectPrompt()
	// What nosh's editor cannot do is named, in one line.
	s.Line(`bind '"\C-g": no-such-function'; echo status=$?`)
	s.Expect("bind: no-such-function: unknown function name\n")
	s.Expect("status=1")
	s.ExpectPrompt()
	s.Line(`bind 'set no-such-variable on'`)
	s.Expect("bind: no-such-variable: unknown variable name\n")
	s.ExpectPrompt()
}

func TestEditorBashKeys(t *testing.T) {
	home := t.TempDir()
	editor := filepath.Join(home, "ed.sh")
	os.WriteFile(editor, []byte("#!/bin/sh\nsed -i 's/before/after/' \"$1\"\n"), 0o755)
	s := startPty(t, append(homeEnv(home), append(realInputrc, "EDITOR="+editor)...))
	s.ExpectPrompt()
	b := startBash(t, []string{"INPUTRC=/etc/inputrc"})
	b.ExpectPrompt()
	fillScreen(s)

	// Ctrl+W deletes back to whitespace, through / and -; Alt+Backspace
	// deletes one word. The same keys in bash print the same.
	for i, keys := range []string{
		"echo M0 keep /usr/local/bin\x17",
		"echo M1 keep --dry-run\x17",
		"echo M2 keep foo-bar\x1b\x7f",
		"echo M3 a b c\x17\x17",
		"echo M4 Grüße wörld\x1b\x7f",
		"echo M5 wörld\x1bbX\x1bfY",
		"echo M6 first second\x1bb\x1bb\x1bdZ",
	} {
		mark := "M" + string(rune('0'+i))
		n, bb := typeInBoth(t, s, b, keys, mark)
		if n != bb {
			t.Errorf("keys %q: nosh printed %q, bash %q", keys, n, bb)
		}
	}

	// Alt+F accepts the suggestion's next word.
	s.Line("echo sugg-word rest")
	s.ExpectPrompt()
	s.Send("echo su")
	s.Expect("gg-word rest")
	s.Send("\x1bf\r")
	s.Expect("\nsugg\n")
	s.ExpectPrompt()

	// Ctrl+X Ctrl+E edits the line in $EDITOR and runs the result, shown
	// first; Alt+E does the same, also for an unfinished line.
	s.Send("echo before-1\x18\x05")
	s.Expect("echo after-1\n")
	s.Expect("after-1\n")
	s.ExpectPrompt()
	s.Send("for i in before; do echo $i-2\x1be")
	s.Expect("for i in after; do echo $i-2")
	s.Send("\rdone\r")
	s.Expect("\nafter-2\n")
	s.ExpectPrompt()
	// The edited line is what history keeps.
	s.Line("history 3")
	s.Expect("echo after-1")
	s.ExpectPrompt()
	// An editor that fails runs nothing.
	s.Line("EDITOR=false")
	s.ExpectPrompt()
	mark := s.rawLen()
	s.Send("echo not-run\x18\x05")
	s.ExpectPrompt()
	if strings.Contains(cleanTerminal(s.rawSince(mark)), "\nnot-run") {
		t.Errorf("a failed edit ran the line:\n%s", cleanTerminal(s.rawSince(mark)))
	}
}
