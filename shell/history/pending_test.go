package history

import (
	"os"
	"strings"
	"testing"
	"time"
)

// statusInFile reads the history file afresh and returns the status of
// its entry for command.
func statusInFile(t *testing.T, path, command string) int {
	t.Helper()
	r := open(t, Options{Path: path})
	for i := range r.Len() {
		if e := r.Entry(i); e.Command == command {
			return e.Status
		}
	}
	t.Fatalf("%q not in the file", command)
	return 0
}

// TestStatusReachesTheFile checks the three ways a line's exit status,
// held back to go out with the next entry, reaches the file: with that
// entry, with Flush, and after statusDelay on its own.
func TestStatusReachesTheFile(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})

	// The entry is in the file while its command runs.
	add(t, h, Entry{Command: "make", Status: StatusUnknown})
	if got := statusInFile(t, path, "make"); got != StatusUnknown {
		t.Fatalf("status while running = %d", got)
	}
	if err := h.SetStatus(2); err != nil {
		t.Fatal(err)
	}
	add(t, h, Entry{Command: "ls", Status: StatusUnknown})
	if got := statusInFile(t, path, "make"); got != 2 {
		t.Errorf("status written with the next entry = %d, want 2", got)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n != 3 {
		t.Errorf("file has %d lines, want 3 (two entries, one status):\n%s", n, data)
	}

	if err := h.SetStatus(0); err != nil {
		t.Fatal(err)
	}
	if err := h.Flush(); err != nil {
		t.Fatal(err)
	}
	if got := statusInFile(t, path, "ls"); got != 0 {
		t.Errorf("status after Flush = %d, want 0", got)
	}

	add(t, h, Entry{Command: "sleep 1", Status: StatusUnknown})
	if err := h.SetStatus(130); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for statusInFile(t, path, "sleep 1") != 130 {
		if time.Now().After(deadline) {
			t.Fatal("the held status never reached the file on its own")
		}
		time.Sleep(10 * time.Millisecond)
	}
}
