package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nosh/shell/history"
)

// TestHistSizeFromStartupFile is Debian's .bashrc, HISTSIZE=1000 and
// HISTFILESIZE=2000, here 3 and 5, set in the startup file: the shell
// keeps HISTSIZE entries in memory and trims the file to HISTFILESIZE,
// as bash does, where nosh kept [history] size of both.
func TestHistSizeFromStartupFile(t *testing.T) {
	home := t.TempDir()
	state := filepath.Join(home, ".local/state/nosh")
	conf := filepath.Join(home, ".config/nosh")
	for _, d := range []string{state, conf} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	var file strings.Builder
	for i := range 20 {
		fmt.Fprintf(&file, "%d\t0\t/tmp\techo old %d\n", 1700000000+i, i)
	}
	path := filepath.Join(state, "history")
	if err := os.WriteFile(path, []byte(file.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(conf, "init.sh"), []byte("HISTSIZE=3\nHISTFILESIZE=5\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := noshCommand(t, "-i")
	cmd.Env = append(cmd.Env, homeEnv(home)...)
	cmd.Stdin = strings.NewReader("history\n: one\n: two\n: three\n: four\n: five\n: six\n: seven\nhistory\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lists := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lists) != 6 || !strings.HasSuffix(lists[0], "echo old 18") || !strings.HasSuffix(lists[2], "history") ||
		!strings.HasSuffix(lists[3], ": six") || !strings.HasSuffix(lists[5], "history") {
		t.Errorf("history with HISTSIZE=3 listed:\n%s", out)
	}
	h, err := history.Open(history.Options{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if n := h.Len(); n < 5 || n > 6 || h.Entry(n-1).Command != "history" {
		t.Errorf("with HISTFILESIZE=5 the file has %d entries, the last %q", n, h.Entry(n-1).Command)
	}
}

// TestPlainPromptCommandFirst: without a terminal, an interactive nosh
// ran PROMPT_COMMAND before every prompt but the first; bash runs it
// before the first too (and there, HISTSIZE set by the startup file
// reaches the history before any line).
func TestPlainPromptCommandFirst(t *testing.T) {
	cmd := noshCommand(t, "--norc", "-i")
	cmd.Env = append(cmd.Env, homeEnv(t.TempDir())...)
	cmd.Env = append(cmd.Env, "PROMPT_COMMAND=echo PC")
	cmd.Stdin = strings.NewReader("echo x\n")
	out, err := cmd.Output()
	if err != nil || string(out) != "PC\nx\nPC\n" {
		t.Errorf("got %q, %v; want PC, x, PC", out, err)
	}
}
