package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// rawSince returns what nosh wrote, escape sequences included.
func (s *ptySession) rawSince(n int) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.String()[min(n, s.raw.Len()):]
}

func (s *ptySession) rawLen() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.raw.Len()
}

// sgrBefore returns the SGR sequences written right before the last
// occurrence of word in raw output.
func sgrBefore(raw, word string) string {
	i := strings.LastIndex(raw, word)
	if i < 0 {
		return ""
	}
	m := regexp.MustCompile(`((?:\x1b\[[0-9;]*m)+)$`).FindStringSubmatch(raw[:i])
	if m == nil {
		return ""
	}
	return m[1]
}

func TestEditorHighlighting(t *testing.T) {
	s := startPty(t, []string{"NO_COLOR="})
	s.ExpectPrompt()
	s.Send(`echo hi; nosuch-cmd-xyz "open`)
	s.Expect(`"open`)
	raw := s.rawSince(0)
	known, unknown, quote := sgrBefore(raw, "echo"), sgrBefore(raw, "nosuch-cmd-xyz"), sgrBefore(raw, `"`)
	if known == "" || unknown == "" || known == unknown {
		t.Errorf("known and unknown commands not coloured differently: %q vs %q", known, unknown)
	}
	if !strings.Contains(unknown, "31") {
		t.Errorf("unknown command not red: %q", unknown)
	}
	if !strings.Contains(quote, "31") && !strings.Contains(quote, "4") {
		t.Errorf("unterminated quote not marked: %q", quote)
	}
	// The catastrophic list is marked as dangerous while typing.
	s.Send("\x15rm -rf /")
	s.Expect("rm -rf /")
	if d := sgrBefore(s.rawSince(0), "rm"); d == "" || d == known {
		t.Errorf("dangerous command not marked: %q", d)
	}
}

func TestEditorCompletion(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "my file.txt"), []byte("spaced\n"), 0o644)
	if _, err := exec.LookPath("git"); err == nil {
		for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"commit", "-q", "--allow-empty", "-m", "x"}, {"branch", "feature-xyz"}} {
			cmd := exec.Command("git", args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@t", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@t")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("git %v: %v %s", args, err, out)
			}
		}
	}
	s := startPty(t, []string{"NOSH_TEST_VAR_ABC=1"})
	s.ExpectPrompt()
	s.Line("cd " + dir)
	s.ExpectPrompt()

	// A file with a space is inserted quoted.
	s.Send("cat my\t")
	s.Expect(`cat my\ file.txt`)
	s.Send("\r")
	s.Expect("\nspaced\n")
	s.ExpectPrompt()

	// A command name.
	s.Send("basena\t")
	s.Expect("basename ")
	s.Send("/x/y\r")
	s.Expect("\ny\n")
	s.ExpectPrompt()

	// A variable.
	s.Send("echo $NOSH_TEST_VAR_A\t")
	s.Expect("$NOSH_TEST_VAR_ABC")
	s.Send("\r")
	s.Expect("\n1\n")
	s.ExpectPrompt()

	// A git branch.
	if _, err := exec.LookPath("git"); err == nil {
		// git gets DefaultTimeout (250 ms) to answer; on a loaded
		// machine it may not, and Tab pressed again asks again.
		s.Send("git checkout feat")
		s.Poll("\t", "git checkout feature-xyz")
		s.Send("\x15")
	}
}

func TestEditorSuggestionSearchAndPaste(t *testing.T) {
	home := t.TempDir()
	s := startPty(t, homeEnv(home))
	s.ExpectPrompt()
	s.Line("echo suggested-entry-one")
	s.ExpectPrompt()
	s.Line("true")
	s.ExpectPrompt()

	// Typing a prefix of a history entry shows the rest; → accepts it.
	s.Send("echo sugg")
	s.Expect("ested-entry-one")
	s.Send("\x1b[C\r")
	s.Expect("\nsuggested-entry-one\n")
	s.ExpectPrompt()

	// Ctrl+R finds an old entry.
	s.Send("\x12")
	time.Sleep(100 * time.Millisecond)
	s.Send("ested-entry")
	s.Expect("suggested-entry-one")
	s.Send("\r")
	time.Sleep(100 * time.Millisecond)
	s.Send("\r")
	s.Expect("\nsuggested-entry-one\n")
	s.ExpectPrompt()

	// A pasted block is inserted, not run line by line, until Enter.
	mark := s.rawLen()
	s.Send("\x1b[200~echo pasted-1\necho pasted-2\x1b[201~")
	s.Expect("echo pasted-2")
	time.Sleep(300 * time.Millisecond)
	if strings.Contains(cleanTerminal(s.rawSince(mark)), "\npasted-1\n") {
		t.Fatalf("the paste ran before Enter:\n%s", s.Output())
	}
	s.Send("\r")
	s.Expect("\npasted-1\n")
	s.Expect("pasted-2\n")
}

func TestEditorViMode(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[editor]\nmode = \"vi\"\n")
	s := startPty(t, homeEnv(home))
	s.ExpectPrompt()
	s.Send("echo vimode-abcd")
	s.Expect("vimode-abcd")
	// Esc to command mode, x deletes the last character, Enter runs.
	s.Send("\x1b")
	time.Sleep(200 * time.Millisecond)
	s.Send("x")
	time.Sleep(100 * time.Millisecond)
	s.Send("\r")
	s.Expect("\nvimode-abc\n")
}

func TestEditorPrefixSearch(t *testing.T) {
	home := t.TempDir()
	s := startPty(t, homeEnv(home))
	s.ExpectPrompt()
	s.Line("echo alpha-one")
	s.ExpectPrompt()
	s.Line("echo beta-two")
	s.ExpectPrompt()
	s.Line("true")
	s.ExpectPrompt()
	// ↑ after "echo a" skips the later entries that do not start with it.
	s.Send("echo a\x1b[A")
	s.Expect("echo alpha-one")
	s.Send("\r")
	s.Expect("\nalpha-one\n")
}

func TestRightAndTransientPrompt(t *testing.T) {
	home := t.TempDir()
	writeConfig(t, home, "[prompt]\nright = \"[right-side]\"\ntransient = true\n")
	s := startPty(t, homeEnv(home))
	s.Expect("[right-side]")
	s.Line("echo one")
	s.Expect("\none\n")
	s.ExpectPrompt()
	// The accepted line was redrawn with the short transient prompt, $.
	if raw := s.rawSince(0); !strings.Contains(raw, "\r\x1b[J$ echo one") {
		t.Fatalf("no transient prompt in:\n%q", raw)
	}
}
