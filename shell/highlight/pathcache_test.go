package highlight

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"
)

func writeFile(t testing.TB, path string, mode os.FileMode) {
	t.Helper()
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"), mode); err != nil {
		t.Fatal(err)
	}
}

func TestPathCache(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	writeFile(t, filepath.Join(a, "tool"), 0o755)
	writeFile(t, filepath.Join(a, "data"), 0o644)
	writeFile(t, filepath.Join(b, "tool"), 0o755)
	writeFile(t, filepath.Join(b, "tool2"), 0o700)
	if err := os.Mkdir(filepath.Join(b, "toolsdir"), 0o755); err != nil {
		t.Fatal(err)
	}
	path := a + string(os.PathListSeparator) + b + string(os.PathListSeparator) + "/does/not/exist"

	c := NewPathCache()
	c.Recheck = 0
	for name, want := range map[string]string{
		"tool":     filepath.Join(a, "tool"),
		"tool2":    filepath.Join(b, "tool2"),
		"data":     "",
		"toolsdir": "",
		"missing":  "",
		"a/tool":   "",
	} {
		got, ok := c.Lookup(path, name)
		if got != want || ok != (want != "") {
			t.Errorf("Lookup(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	if got, want := c.Names(path, "to"), []string{"tool", "tool2"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names(to) = %q, want %q", got, want)
	}

	// A new executable is seen once its directory's mtime changes.
	writeFile(t, filepath.Join(a, "fresh"), 0o755)
	bumpMtime(t, a)
	if _, ok := c.Lookup(path, "fresh"); !ok {
		t.Error("new executable not found after its directory changed")
	}

	// Another PATH value is another search order.
	if got, _ := c.Lookup(b+":"+a, "tool"); got != filepath.Join(b, "tool") {
		t.Errorf("Lookup with swapped PATH = %q", got)
	}
}

// bumpMtime makes sure dir's modification time differs from the cached
// one even on file systems with coarse timestamps.
func bumpMtime(t *testing.T, dir string) {
	t.Helper()
	future := time.Now().Add(time.Hour)
	if err := os.Chtimes(dir, future, future); err != nil {
		t.Fatal(err)
	}
}

func TestPathCacheRecheckAndInvalidate(t *testing.T) {
	dir := t.TempDir()
	now := time.Unix(1000, 0)
	c := &PathCache{Recheck: time.Minute, now: func() time.Time { return now }}
	if _, ok := c.Lookup(dir, "late"); ok {
		t.Fatal("found a file that does not exist")
	}
	writeFile(t, filepath.Join(dir, "late"), 0o755)
	bumpMtime(t, dir)
	if _, ok := c.Lookup(dir, "late"); ok {
		t.Error("directory re-read before Recheck elapsed")
	}
	now = now.Add(2 * time.Minute)
	if _, ok := c.Lookup(dir, "late"); !ok {
		t.Error("directory not re-read after Recheck elapsed")
	}

	// Invalidate forgets cached negative answers, as hash -r does.
	if err := os.Chmod(filepath.Join(dir, "late"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Lookup(dir, "late"); !ok {
		t.Error("cached positive answer lost without a change")
	}
	c.Invalidate()
	if _, ok := c.Lookup(dir, "late"); ok {
		t.Error("Invalidate kept a stale answer")
	}
}

// TestPathCacheLookupReadsNoListing: highlighting asks about one name at a
// time, which must cost a stat, not a read of the whole directory kept in
// memory; completion's Names lists it, and later answers agree.
func TestPathCacheLookupReadsNoListing(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"aa", "ab", "ac", "ad", "data"} {
		writeFile(t, filepath.Join(dir, n), 0o755)
	}
	if err := os.Chmod(filepath.Join(dir, "data"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := NewPathCache()
	c.Recheck = 0
	for name, want := range map[string]bool{"ab": true, "data": false, "zz": false} {
		if _, ok := c.Lookup(dir, name); ok != want {
			t.Errorf("Lookup(%q) = %v, want %v", name, ok, want)
		}
	}
	d := c.all[dir]
	if d.listed || len(d.names) != 3 || d.sorted != nil {
		t.Errorf("Lookup listed the directory: listed=%v, %d names kept", d.listed, len(d.names))
	}
	if got, want := c.Names(dir, "a"), []string{"aa", "ab", "ac", "ad"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Names(a) = %q, want %q", got, want)
	}
	if !d.listed || d.names["ab"] != execYes {
		t.Errorf("listing lost what was known: listed=%v, ab=%v", d.listed, d.names["ab"])
	}
	if _, ok := c.Lookup(dir, "zz"); ok {
		t.Error("Lookup after listing found a missing name")
	}
}
