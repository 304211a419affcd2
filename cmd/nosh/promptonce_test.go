package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPromptDrawnOncePerLine: PS1 is expanded once for each prompt, as in
// bash, however many keys redraw the line — a command substitution in it
// (or a [prompt] command) does not run at every key.
func TestPromptDrawnOncePerLine(t *testing.T) {
	count := filepath.Join(t.TempDir(), "count")
	s := startPty(t, []string{"PS1=$(echo x >> " + count + ")" + ptyPrompt})
	s.ExpectPrompt()
	s.Line("echo one two three")
	s.Expect("\none two three\n")
	s.ExpectPrompt()
	s.Line("echo four")
	s.Expect("\nfour\n")
	s.ExpectPrompt()
	b, err := os.ReadFile(count)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "x"); n != 3 {
		t.Errorf("PS1 expanded %d times for 3 prompts", n)
	}
}
