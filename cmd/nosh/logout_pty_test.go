package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLoginShellLogout: a login shell leaving at the prompt (Ctrl+D,
// exit, logout) prints "logout" and reads nosh's logout file, as bash
// prints "logout" and reads ~/.bash_logout; an interactive shell that is
// not a login shell prints "exit" and reads no logout file. With
// ignoreeof, Ctrl+D says which word leaves.
func TestLoginShellLogout(t *testing.T) {
	config := t.TempDir()
	if err := os.MkdirAll(filepath.Join(config, "nosh"), 0o755); err != nil {
		t.Fatal(err)
	}
	logout := "echo bye-from-logout-$?\n"
	if err := os.WriteFile(filepath.Join(config, "nosh", "logout.sh"), []byte(logout), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"XDG_CONFIG_HOME=" + config}
	for _, tc := range []struct {
		name   string
		args   []string
		keys   []string
		word   string
		bye    bool
		status int
	}{
		{"login Ctrl+D", []string{"-l", "--noprofile"}, []string{"\x04"}, "logout", true, 0},
		{"login exit", []string{"-l", "--noprofile"}, []string{"exit 3\r"}, "logout", true, 3},
		{"login logout", []string{"-l", "--noprofile"}, []string{"false\r", "logout\r"}, "logout", true, 1},
		{"not login Ctrl+D", []string{"-i"}, []string{"\x04"}, "exit", false, 0},
		{"not login exit", []string{"-i"}, []string{"exit 4\r"}, "exit", false, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := startPty(t, env, tc.args...)
			s.ExpectPrompt()
			for _, k := range tc.keys {
				s.Send(k)
				if k != tc.keys[len(tc.keys)-1] {
					s.ExpectPrompt()
				}
			}
			s.Expect("\n" + tc.word + "\n")
			if st := s.Wait(); st != tc.status {
				t.Errorf("status %d, want %d", st, tc.status)
			}
			out := s.Output()
			if got := strings.Contains(out, "bye-from-logout-"); got != tc.bye {
				t.Errorf("logout file read: %v, want %v:\n%s", got, tc.bye, out)
			}
		})
	}
	t.Run("ignoreeof", func(t *testing.T) {
		s := startPty(t, env, "-l", "--noprofile")
		s.ExpectPrompt()
		s.Line("set -o ignoreeof")
		s.ExpectPrompt()
		s.Send("\x04")
		s.Expect(`Use "logout" to leave the shell.`)
		s.ExpectPrompt()
		s.Line("logout")
		s.Expect("bye-from-logout-0")
		s.Wait()
	})
}
