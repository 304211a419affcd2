package history

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestLockTimeout(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Command: "a"})

	held := holdLock(t, path)
	defer held.Close()
	old := lockTimeout
	lockTimeout = 50 * time.Millisecond
	defer func() { lockTimeout = old }()

	// flock locks belong to the open file, so a second open in this
	// process is refused like another session would be.
	if err := h.Add(Entry{Command: "b"}); err == nil || !strings.Contains(err.Error(), "held by another process") {
		t.Errorf("Add while another session holds the lock: %v", err)
	}
}

// holdLock locks the history file at path as another session would, on a
// descriptor of its own.
func holdLock(t *testing.T, path string) *os.File {
	t.Helper()
	var k keptFile
	f, _, err := k.lock(path)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// fdsOn counts this process's descriptors open on the file st.
func fdsOn(t *testing.T, st os.FileInfo) int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip("no /proc/self/fd")
	}
	n := 0
	for _, fd := range fds {
		if fst, err := os.Stat(filepath.Join("/proc/self/fd", fd.Name())); err == nil && os.SameFile(fst, st) {
			n++
		}
	}
	return n
}

func TestLockFollowsReplacedFile(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Command: "old"})
	oldSt, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	held := holdLock(t, path)

	done := make(chan error)
	go func() { done <- h.Add(Entry{Command: "after rewrite"}) }()

	// Wait until the Add has the old file open (it keeps it open between
	// appends) and waits for its lock.
	for deadline := time.Now().Add(10 * time.Second); fdsOn(t, oldSt) < 2; {
		if time.Now().After(deadline) {
			t.Fatal("Add never opened the file")
		}
		time.Sleep(time.Millisecond)
	}
	// Another session's rewrite: a new file renamed over the old one.
	if _, err := rewriteLocked(path, appendEntry(nil, record{sec: 1, Dir: "/", Command: "rewritten"})); err != nil {
		t.Fatal(err)
	}
	held.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"rewritten", "after rewrite"}) {
		t.Errorf("file holds %q; the append went to the replaced file", got)
	}
}

func TestTrimOversizedFileOnFirstAdd(t *testing.T) {
	path := tempPath(t)
	w := open(t, Options{Path: path})
	var want []string
	for i := range 40 {
		c := "cmd " + strings.Repeat("i", i)
		want = append(want, c)
		add(t, w, Entry{Command: c})
	}
	h := open(t, Options{Path: path, Size: 10})
	if got := commands(h); !slices.Equal(got, want[30:]) {
		t.Fatalf("loaded %q", got)
	}
	add(t, h, Entry{Command: "new"})
	want = append(want, "new")
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, want[len(want)-10:]) {
		t.Errorf("after one Add the file holds %q", got)
	}
}
