package history

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestSetLimits: HISTSIZE and HISTFILESIZE, as the shell passes them,
// limit the entries in memory and in the file apart; set before the load
// (as at the first prompt) they decide what it keeps, set later they cut
// the entries in memory at the next use.
func TestSetLimits(t *testing.T) {
	path := tempPath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	var data []byte
	for i := range 100 {
		data = appendEntry(data, record{sec: int64(i + 1), Dir: "/d", Command: fmt.Sprintf("echo %d", i)})
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}

	h := OpenInBackground(Options{Path: path, Size: 10_000}, func(err error) { t.Error(err) })
	h.SetLimits(10, 40)
	if got := commands(h); len(got) != 10 || got[0] != "echo 90" {
		t.Fatalf("with HISTSIZE=10 the load kept %d entries from %q", len(got), got[0])
	}
	add(t, h, Entry{Dir: "/d", Command: "echo new"})
	// The file had 100 entries, past 40 and its margin: the add trims it.
	d := decode(readAll(t, path), false)
	if got := d.records(); len(got) != 40 || got[39].Command != "echo new" {
		t.Fatalf("with HISTFILESIZE=40 the file kept %d entries", len(got))
	}

	h.SetLimits(3, 40)
	if got := commands(h); len(got) != 3 || got[2] != "echo new" {
		t.Fatalf("HISTSIZE=3 at a later prompt left %q", got)
	}
	h.SetLimits(0, 0)
	for i := range 20 {
		add(t, h, Entry{Dir: "/d", Command: fmt.Sprintf("echo more %d", i)})
	}
	if n := h.Len(); n != 23 {
		t.Errorf("with no limit, %d entries in memory, want 23", n)
	}
	d = decode(readAll(t, path), false)
	if got := d.records(); len(got) != 60 {
		t.Errorf("with no limit, the file has %d entries, want 60", len(got))
	}
}
