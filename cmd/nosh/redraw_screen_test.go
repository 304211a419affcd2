package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenRedrawInPlace: the editor writes only the cells of the input
// line that changed since its last frame (third_party/readline
// PATCHES.md item 20), where it used to redraw the prompt and the whole
// line at every key. The same keystrokes go to nosh as it is and to nosh
// with `set redraw-in-place off` (every frame drawn whole), on identical
// terminals at the bottom of a full, scrolled screen, with highlighting
// and history suggestions on; after every key the two screens must show
// the same text in the same colours, with the cursor at the same place.
// The keys type, erase and insert in the middle, with combining and wide
// characters, make a suggestion appear and go, and let the line wrap
// and unwrap.
func TestScreenRedrawInPlace(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	full := filepath.Join(t.TempDir(), "inputrc")
	rc := "set redraw-in-place off\n"
	if _, err := os.Stat("/etc/inputrc"); err == nil {
		rc = "$include /etc/inputrc\n" + rc
	}
	if err := os.WriteFile(full, []byte(rc), 0o644); err != nil {
		t.Fatal(err)
	}
	ref := screentest.Nosh(exe, "NOSH_TEST_AS_NOSH=1", "INPUTRC="+full)
	ref.Name = "full redraws"
	sut := screentest.Nosh(exe, "NOSH_TEST_AS_NOSH=1")
	sut.Name = "in place"

	now := time.Now().Unix()
	history := fmt.Sprintf("%d\t0\t/\tgit status --short\n%d\t0\t/\techo done\n", now-20, now-10)
	const cols = 40
	o := screentest.Options{
		Rows: 12, Cols: cols, Styles: true,
		Files: map[string]string{".local/state/nosh/history": history},
	}
	const (
		left      = "\x1b[D"
		backspace = "\x7f"
	)
	keys := []struct{ name, key string }{}
	typed := func(s string) {
		for _, r := range s {
			keys = append(keys, struct{ name, key string }{fmt.Sprintf("%q typed", r), string(r)})
		}
	}
	key := func(name, k string) { keys = append(keys, struct{ name, key string }{name, k}) }

	typed("echo h")
	key("e and a combining acute accent", "e\u0301")
	typed("llo 日本")
	key("←", left)
	key("←", left)
	key("backspace in the middle", backspace)
	typed("x語")
	key("Ctrl+E", "\x05")
	typed(" a long word to wrap the line")
	for range 8 {
		key("backspace back to one row", backspace)
	}
	key("Ctrl+U", "\x15")
	typed("git s")
	typed("x")
	key("backspace: the suggestion is back", backspace)
	key("→ accepts the suggestion", "\x1b[C")
	key("Ctrl+A", "\x01")
	key("Ctrl+K", "\x0b")
	typed("ech")

	// Every key changes the screen (WaitOutput waits for that).
	screentest.Compare(t, ref, sut, o, func(term *screentest.Term) {
		term.Fill()
		for i, k := range keys {
			term.Type(k.key)
			term.WaitOutput()
			term.Checkpoint(fmt.Sprintf("key %d, %s", i+1, k.name))
		}
	})
}
