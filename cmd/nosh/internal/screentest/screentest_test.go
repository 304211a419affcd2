package screentest

import (
	"os/exec"
	"strings"
	"testing"
)

func needBash(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
}

// TestTerm drives bash through the emulator: a full screen, a prompt at
// the bottom row, raw mode at the prompt and cooked mode under cat, a
// wide character's two columns, and a resize.
func TestTerm(t *testing.T) {
	t.Parallel()
	needBash(t)
	term := StartShell(t, Bash(), Options{})
	s := term.Fill()
	if s.Row != 23 || s.Rows[22] != "200" || s.Col != 2 {
		t.Fatalf("after seq 200 the prompt is not at the bottom row:\n%s", s.Framed())
	}
	if !term.Raw() {
		t.Error("bash's prompt: the terminal is not in raw mode")
	}
	term.Type("cat\r")
	term.WaitFor("cat in cooked mode", func(Screen) bool { return !term.Raw() })
	term.Type("\x04")
	term.WaitPrompt()
	s = term.Run("echo 日本")
	if s.Rows[22] != "日本" {
		t.Errorf("wide characters: row 22 is %q\n%s", s.Rows[22], s.Framed())
	}
	term.Type("echo 語語語")
	s = term.WaitText("$ echo 語語語")
	if s.Col != 2+5+6 {
		t.Errorf("the cursor after three wide characters is at column %d, want 13", s.Col)
	}
	term.Type("\x15") // Ctrl+U: kill the line
	term.WaitPrompt()
	term.Resize(10, 40)
	s = term.Run("echo $COLUMNS $LINES")
	if !s.Contains("40 10") || len(s.Rows) != 10 {
		t.Errorf("after a resize to 40x10:\n%s", s.Framed())
	}
	tr := term.Transcript()
	if !strings.Contains(strings.Join(tr, "\n"), "\n1\n2\n3\n") {
		t.Errorf("the transcript lost what scrolled off:\n%s", strings.Join(tr, "\n"))
	}
}

// TestCompareSelf compares bash with itself: the harness's own sanity.
func TestCompareSelf(t *testing.T) {
	t.Parallel()
	needBash(t)
	Compare(t, Bash(), Bash(), Options{}, func(term *Term) {
		term.Fill()
		term.Run(`printf 'a\nb\nc\n'`)
		term.Checkpoint("printf")
		term.Run(`printf 'no newline'`)
		term.Run(`echo ${nope:?is unset}`)
	})
}

func TestMasks(t *testing.T) {
	s := Screen{Rows: []string{"bash: x: unset", "nosh: y", "a bash: b"}}
	got := s.Masked(ShellName).String()
	if want := "SH: x: unset\nSH: y\na bash: b"; got != want {
		t.Errorf("masked %q, want %q", got, want)
	}
}

func TestScrolled(t *testing.T) {
	s := Screen{Rows: []string{"1", "2", "$ ls"}, Row: 2, Col: 4}
	if !s.editingOnLastRow(true) || s.editingOnLastRow(false) {
		t.Error("a raw terminal with the input on the last row is editing there; a cooked one is not")
	}
	if (Screen{Rows: []string{"1", "2", ""}, Row: 1}).editingOnLastRow(true) {
		t.Error("a blank last row without the cursor is not in use")
	}
	got := s.scrolled()
	want := Screen{Rows: []string{"2", "$ ls", ""}, Row: 1, Col: 4}
	if !got.Equal(want) {
		t.Errorf("scrolled:\n%s\nwant:\n%s", got.Framed(), want.Framed())
	}
}

// TestBuildNosh builds nosh and reaches its first prompt: what tests in
// other packages do.
func TestBuildNosh(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds nosh")
	}
	term := StartShell(t, Nosh(BuildNosh(t)), Options{})
	term.Run("echo hi")
	if !term.Screen().Contains("hi") {
		t.Errorf("nosh did not run echo:\n%s", term.Screen().Framed())
	}
}
