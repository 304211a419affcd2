package history

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestOpenInBackgroundLoadsBeforeFirstUse(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	for _, c := range []string{"one", "two", "three"} {
		add(t, h, Entry{Command: c})
	}
	bg := OpenInBackground(Options{Path: path}, func(err error) { t.Errorf("onErr(%v)", err) })
	// Add right away: it must wait for the load and land after the file's
	// entries, in memory and in the file.
	add(t, bg, Entry{Command: "four"})
	if got, want := commands(bg), []string{"one", "two", "three", "four"}; !slices.Equal(got, want) {
		t.Errorf("background history = %q, want %q", got, want)
	}
	if got, want := commands(open(t, Options{Path: path})), []string{"one", "two", "three", "four"}; !slices.Equal(got, want) {
		t.Errorf("file after Add = %q, want %q", got, want)
	}
	if bg.Path() != path {
		t.Errorf("Path = %q, want %q", bg.Path(), path)
	}
}

func TestOpenInBackgroundUnreadableKeepsMemoryOnly(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("root reads any file")
	}
	path := tempPath(t)
	add(t, open(t, Options{Path: path}), Entry{Command: "secret"})
	if err := os.Chmod(path, 0); err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	bg := OpenInBackground(Options{Path: path}, func(err error) { errc <- err })
	add(t, bg, Entry{Command: "kept"})
	if err := <-errc; !errors.Is(err, os.ErrPermission) {
		t.Errorf("onErr got %v, want a permission error", err)
	}
	if got := commands(bg); !slices.Equal(got, []string{"kept"}) {
		t.Errorf("memory-only history = %q, want [kept]", got)
	}
	os.Chmod(path, 0o600)
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"secret"}) {
		t.Errorf("file = %q: a memory-only history must not write it", got)
	}
}

func TestOpenInBackgroundDirectoryAsFile(t *testing.T) {
	// A path that cannot be opened at all (a file where a directory must
	// be) is reported and leaves a working in-memory history.
	dir := t.TempDir()
	blocker := filepath.Join(dir, "state")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	bg := OpenInBackground(Options{Path: filepath.Join(blocker, "history")}, func(err error) { errc <- err })
	add(t, bg, Entry{Command: "ls"})
	if err := <-errc; err == nil {
		t.Error("onErr got nil")
	}
	if err := bg.Delete(0); err != nil || bg.Len() != 0 {
		t.Errorf("Delete in memory: %v, Len %d", err, bg.Len())
	}
}

// TestOpenInBackgroundWaitsForBegin: the file is read when Begin is called
// (the shell calls it once its first prompt is on the screen), not when
// the History is made.
func TestOpenInBackgroundWaitsForBegin(t *testing.T) {
	path := tempPath(t)
	add(t, open(t, Options{Path: path}), Entry{Command: "before"})
	bg := OpenInBackground(Options{Path: path}, func(err error) { t.Errorf("onErr(%v)", err) })
	// Written after the History was made, before it began loading.
	add(t, open(t, Options{Path: path}), Entry{Command: "after"})
	bg.Begin()
	bg.Begin()
	if got, want := commands(bg), []string{"before", "after"}; !slices.Equal(got, want) {
		t.Errorf("background history = %q, want %q", got, want)
	}
}
