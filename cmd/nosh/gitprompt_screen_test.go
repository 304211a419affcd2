package main

import (
	"os/exec"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenGitPromptRedrawnWhenGitAnswers: the built-in prompt does not
// wait for `git status` once it may show what it knew (here, with
// git_timeout_ms = 0, not even the first time): it is drawn at once, and
// drawn again with the dirty mark when git answers, with no key typed,
// the line being edited kept.
func TestScreenGitPromptRedrawnWhenGitAnswers(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	term := startNosh(t, screentest.Options{
		Env:   []string{"NO_COLOR=1"},
		Files: map[string]string{".config/nosh/config.toml": "[prompt]\ngit = true\ngit_timeout_ms = 0\n"},
	})
	term.Run("mkdir repo && cd repo && git init -q -b trunk && echo x > f && git add f && " +
		"git -c user.name=t -c user.email=t@t commit -qm one && echo y > f")
	term.Type("unset PS1\r")
	term.WaitFor("the dirty mark, with no key typed", func(s screentest.Screen) bool {
		return strings.Contains(s.CursorLine(), "repo trunk*")
	})
	// Typing goes on from the prompt redrawn.
	term.Type("echo typed")
	term.WaitFor("the typed text after the prompt", func(s screentest.Screen) bool {
		line := strings.TrimRight(s.CursorLine(), " ")
		return strings.Contains(line, "repo trunk*") && strings.HasSuffix(line, "trunk* $ echo typed") || strings.HasSuffix(line, "trunk* # echo typed")
	})
}
