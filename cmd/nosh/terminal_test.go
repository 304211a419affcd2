package main

// Focused pty tests of what the shell does with its terminal when things
// go wrong: a removed directory, a program that cannot start, a prompt
// command that fails.

import (
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// A program runs in a directory that was removed, as bash's children do;
// the prompt still draws and cd out works.
func TestRemovedDirectory(t *testing.T) {
	t.Parallel()
	term := screentest.StartShell(t, noshShell(t), screentest.Options{})
	term.Run("mkdir gone && cd gone")
	term.Run("rmdir ../gone")
	s := term.Run("readlink /proc/self/cwd; echo status $?")
	if !s.Contains("/gone (deleted)") || !s.Contains("status 0") {
		t.Fatalf("a program in a removed directory:\n%s", s.Framed())
	}
	if !term.Raw() {
		t.Fatal("the terminal is not raw at the prompt")
	}
	s = term.Run("cd .. && echo out")
	if s.Rows[s.Row-1] != "out" {
		t.Fatalf("cd out of a removed directory:\n%s", s.Framed())
	}
}

// A program that fails to start after taking the terminal (its #!
// interpreter is missing) leaves the terminal to the shell.
func TestFailedStartGivesTheTerminalBack(t *testing.T) {
	t.Parallel()
	term := screentest.StartShell(t, noshShell(t), screentest.Options{
		Files: map[string]string{"bad": "#!/no/such/interpreter\n"}})
	s := term.Run("chmod +x bad; ./bad; echo status $?")
	if !s.Contains("bad interpreter") || !s.Contains("status 127") {
		t.Fatalf("starting a script with a missing interpreter:\n%s", s.Framed())
	}
	if !term.Raw() {
		t.Fatal("the terminal is not raw at the prompt")
	}
	s = term.Run("echo ok")
	if s.Rows[s.Row-1] != "ok" {
		t.Fatalf("echo ok after a failed start:\n%s", s.Framed())
	}
}

// A PS1 whose command substitution fails leaves the editor in raw mode:
// arrow keys move, edits show, and what runs is what is shown.
func TestFailingPromptCommandKeepsRawMode(t *testing.T) {
	t.Parallel()
	term := screentest.StartShell(t, noshShell(t), screentest.Options{})
	term.Run(`PS1='$(sh -c "exit 128")$ '`)
	if !term.Raw() {
		t.Fatal("the terminal is not raw at a prompt whose command failed")
	}
	term.Type("echo abc\x1b[D\x1b[DX")
	term.WaitText("$ echo aXbc")
	s := term.Run("")
	if s.Rows[s.Row-1] != "aXbc" {
		t.Fatalf("the edited line did not run as shown:\n%s", s.Framed())
	}
}
