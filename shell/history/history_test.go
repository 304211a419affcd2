package history

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// open opens the history at path and fails the test on error.
func open(t *testing.T, opts Options) *History {
	t.Helper()
	h, err := Open(opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func add(t *testing.T, h *History, e Entry) {
	t.Helper()
	if err := h.Add(e); err != nil {
		t.Fatal(err)
	}
}

func commands(h *History) []string {
	var out []string
	for i := range h.Len() {
		out = append(out, h.Entry(i).Command)
	}
	return out
}

func tempPath(t *testing.T) string {
	return filepath.Join(t.TempDir(), "state", "nosh", "history")
}

func TestOpenMissingCreatesOnAdd(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	if h.Len() != 0 {
		t.Fatalf("Len = %d for a missing file", h.Len())
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Fatalf("Open created the file: %v", err)
	}
	add(t, h, Entry{Command: "echo hi", Dir: "/tmp", Status: 0})
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if perm := st.Mode().Perm(); perm&0o077 != 0 {
		t.Errorf("file mode %v, want no group/other access", perm)
	}
	dst, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if perm := dst.Mode().Perm(); perm != 0o700 {
		t.Errorf("directory mode %v, want 0700", perm)
	}
}

func TestAddRoundTrip(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	want := []Entry{
		{Time: time.Unix(1700000000, 0), Dir: "/home/u", Status: 0, Command: "ls"},
		{Time: time.Unix(1700000001, 0), Dir: "/tmp/a b", Status: 1, Command: "if true; then\n\techo 'x\\y'\nfi"},
		{Time: time.Unix(1700000002, 0), Dir: "/ü", Status: 127, Command: "echo 日本語 🌍"},
		{Time: time.Unix(1700000003, 500), Dir: "/", Status: 0, Command: "cat <<EOF\n\\n\r\nEOF\n"},
	}
	for _, e := range want {
		add(t, h, e)
	}
	reloaded := open(t, Options{Path: path})
	for _, v := range []*History{h, reloaded} {
		if v.Len() != len(want) {
			t.Fatalf("Len = %d, want %d", v.Len(), len(want))
		}
		for i, w := range want {
			got := v.Entry(i)
			w.Time = time.Unix(w.Time.Unix(), 0)
			if !got.Time.Equal(w.Time) || got.Dir != w.Dir || got.Status != w.Status || got.Command != w.Command {
				t.Errorf("entry %d = %+v, want %+v", i, got, w)
			}
		}
	}
}

func TestAddDefaultsTimeToNow(t *testing.T) {
	h := open(t, Options{Path: tempPath(t)})
	before := time.Now().Add(-time.Second)
	add(t, h, Entry{Command: "x"})
	if got := h.Entry(0).Time; got.Before(before) || got.After(time.Now()) {
		t.Errorf("Time = %v, want about now", got)
	}
}

func TestSkippedLines(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		add  []string
		want []string
	}{
		{"blank", Options{}, []string{"a", "", "  \n\t", "b"}, []string{"a", "b"}},
		{"ignore space on", Options{IgnoreSpace: true}, []string{"a", " secret", "\tx", "b"}, []string{"a", "\tx", "b"}},
		{"ignore space off", Options{}, []string{"a", " secret"}, []string{"a", " secret"}},
		{"dedupe on", Options{Dedupe: true}, []string{"a", "a", "b", "a", "a"}, []string{"a", "b", "a"}},
		{"dedupe off", Options{}, []string{"a", "a"}, []string{"a", "a"}},
		{"dedupe is exact", Options{Dedupe: true}, []string{"a", "a "}, []string{"a", "a "}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.opts.Path = tempPath(t)
			h := open(t, tt.opts)
			for _, c := range tt.add {
				add(t, h, Entry{Command: c})
			}
			if got := commands(h); !slices.Equal(got, tt.want) {
				t.Errorf("in memory: %q, want %q", got, tt.want)
			}
			if got := commands(open(t, Options{Path: tt.opts.Path})); !slices.Equal(got, tt.want) {
				t.Errorf("in the file: %q, want %q", got, tt.want)
			}
		})
	}
}

func TestDedupeCollapsesOnLoad(t *testing.T) {
	path := tempPath(t)
	// Two sessions can leave equal neighbours in the file.
	a := open(t, Options{Path: path, Dedupe: true})
	b := open(t, Options{Path: path, Dedupe: true})
	add(t, a, Entry{Command: "make"})
	add(t, b, Entry{Command: "make"})
	add(t, b, Entry{Command: "ls"})
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"make", "make", "ls"}) {
		t.Fatalf("file holds %q", got)
	}
	if got := commands(open(t, Options{Path: path, Dedupe: true})); !slices.Equal(got, []string{"make", "ls"}) {
		t.Errorf("with dedupe loaded %q", got)
	}
}

func TestSetStatus(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path, Dedupe: true, IgnoreSpace: true})
	other := open(t, Options{Path: path})

	add(t, h, Entry{Command: "sleep 1", Status: StatusUnknown})
	if got := h.Entry(0).Status; got != StatusUnknown {
		t.Fatalf("status before SetStatus = %d", got)
	}
	// Another session's entry lands between the entry and its status.
	add(t, other, Entry{Command: "other", Status: StatusUnknown})
	if err := h.SetStatus(130); err != nil {
		t.Fatal(err)
	}
	if got := h.Entry(0).Status; got != 130 {
		t.Errorf("in memory status = %d, want 130", got)
	}
	// A second SetStatus, or one after a skipped line, must not touch the
	// earlier entry.
	if err := h.SetStatus(1); err != nil {
		t.Fatal(err)
	}
	add(t, h, Entry{Command: " hidden", Status: StatusUnknown})
	add(t, h, Entry{Command: "sleep 1", Status: StatusUnknown})
	if err := h.SetStatus(2); err != nil {
		t.Fatal(err)
	}
	add(t, h, Entry{Command: "true", Status: 0})
	if err := h.SetStatus(3); err != nil {
		t.Fatal(err)
	}

	r := open(t, Options{Path: path})
	want := map[string]int{"sleep 1": 130, "other": StatusUnknown, "true": 0}
	if r.Len() != len(want) {
		t.Fatalf("reloaded %q", commands(r))
	}
	for i := range r.Len() {
		e := r.Entry(i)
		if e.Status != want[e.Command] {
			t.Errorf("%q: status %d, want %d", e.Command, e.Status, want[e.Command])
		}
	}
}

func TestPartialLastLine(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Command: "first"})
	add(t, h, Entry{Command: "second"})
	// A crash in the middle of a write.
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("1700000000\t0\t/d\trm -rf /tmp/scr"); err != nil {
		t.Fatal(err)
	}
	f.Close()

	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"first", "second"}) {
		t.Fatalf("loaded %q, want the cut line skipped", got)
	}
	// The next append must not complete the fragment into a record:
	// neither a session that loaded the file with it, nor the one that
	// was writing before the fragment came.
	add(t, open(t, Options{Path: path}), Entry{Command: "third"})
	add(t, h, Entry{Command: "fourth"})
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"first", "second", "third", "fourth"}) {
		t.Errorf("after more appends loaded %q", got)
	}
}

// TestKeptFile: a session keeps one descriptor on the file between
// appends, and a file removed meanwhile is made again.
func TestKeptFile(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	for i := range 5 {
		add(t, h, Entry{Command: fmt.Sprint("cmd ", i), Status: StatusUnknown})
		if err := h.SetStatus(0); err != nil {
			t.Fatal(err)
		}
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := fdsOn(t, st); n != 1 {
		t.Errorf("%d descriptors on the file after 10 appends, want 1", n)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	add(t, h, Entry{Command: "after rm"})
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"after rm"}) {
		t.Errorf("the file made again holds %q", got)
	}
}

func TestTrim(t *testing.T) {
	path := tempPath(t)
	const size = 20
	h := open(t, Options{Path: path, Size: size})
	other := open(t, Options{Path: path, Size: 0})
	var want []string
	for i := range 100 {
		c := "cmd " + strings.Repeat("x", i)
		want = append(want, c)
		add(t, h, Entry{Command: c})
		if i%7 == 0 {
			// Appends from a session that never trims must survive the
			// rewrites when they are among the newest.
			c := "other " + strings.Repeat("y", i)
			want = append(want, c)
			add(t, other, Entry{Command: c})
		}
		// h counts the other session's appends too, so only the one
		// since h's last append can push the file past the margin.
		if n := open(t, Options{Path: path}).Len(); n > size+size/4+1 {
			t.Fatalf("after %d adds the file holds %d entries", len(want), n)
		}
	}
	if n := h.Len(); n < size || n > size+size/4 {
		t.Errorf("in memory Len = %d, want between %d and %d", n, size, size+size/4)
	}
	got := commands(open(t, Options{Path: path}))
	if len(got) < size {
		t.Fatalf("file holds %d entries, want at least %d", len(got), size)
	}
	if tail := want[len(want)-len(got):]; !slices.Equal(got, tail) {
		t.Errorf("file holds %q,\nwant the newest %q", got, tail)
	}
	if got := commands(open(t, Options{Path: path, Size: 5})); !slices.Equal(got, want[len(want)-5:]) {
		t.Errorf("Open with Size 5 kept %q", got)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".history-*")); len(left) > 0 {
		t.Errorf("temporary files left behind: %q", left)
	}
}

func TestDelete(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Time: time.Unix(100, 0), Command: "keep 1"})
	add(t, h, Entry{Time: time.Unix(101, 0), Command: "secret"})
	add(t, h, Entry{Time: time.Unix(102, 0), Command: "keep 2"})
	add(t, h, Entry{Time: time.Unix(103, 0), Command: "secret"})

	// Appended by another session after h loaded; the rewrite must keep it.
	add(t, open(t, Options{Path: path}), Entry{Time: time.Unix(104, 0), Command: "late"})

	if err := h.Delete(1); err != nil {
		t.Fatal(err)
	}
	if got := commands(h); !slices.Equal(got, []string{"keep 1", "keep 2", "secret"}) {
		t.Errorf("in memory: %q", got)
	}
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"keep 1", "keep 2", "secret", "late"}) {
		t.Errorf("in the file: %q", got)
	}
	if err := h.Delete(3); err == nil {
		t.Error("Delete out of range succeeded")
	}
	if err := h.Delete(-1); err == nil {
		t.Error("Delete(-1) succeeded")
	}
}

func TestDeleteCollapsedRun(t *testing.T) {
	path := tempPath(t)
	w := open(t, Options{Path: path})
	for i, c := range []string{"a", "pw", "pw", "pw", "b", "pw"} {
		add(t, w, Entry{Time: time.Unix(int64(100+i), 0), Command: c})
	}
	h := open(t, Options{Path: path, Dedupe: true})
	if got := commands(h); !slices.Equal(got, []string{"a", "pw", "b", "pw"}) {
		t.Fatalf("loaded %q", got)
	}
	if err := h.Delete(1); err != nil {
		t.Fatal(err)
	}
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"a", "b", "pw"}) {
		t.Errorf("file after deleting the collapsed run: %q", got)
	}
}

func TestDeletePendingEntry(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	add(t, h, Entry{Command: "a", Status: 0})
	add(t, h, Entry{Command: "history -d 2", Status: StatusUnknown})
	if err := h.Delete(1); err != nil {
		t.Fatal(err)
	}
	if err := h.SetStatus(0); err != nil {
		t.Fatal(err)
	}
	if got := commands(open(t, Options{Path: path})); !slices.Equal(got, []string{"a"}) {
		t.Errorf("file: %q", got)
	}
	if got := h.Entry(0).Status; got != 0 {
		t.Errorf("SetStatus after deleting its entry changed another entry: status %d", got)
	}
}

func TestSearchAndClear(t *testing.T) {
	path := tempPath(t)
	h := open(t, Options{Path: path})
	for _, c := range []string{"git status", "ls", "git push", "echo git"} {
		add(t, h, Entry{Command: c})
	}
	if got := h.Search("git"); !slices.Equal(got, []int{0, 2, 3}) {
		t.Errorf("Search(git) = %v", got)
	}
	if got := h.Search("nothing"); len(got) != 0 {
		t.Errorf("Search(nothing) = %v", got)
	}
	h.Clear()
	if h.Len() != 0 {
		t.Errorf("Len after Clear = %d", h.Len())
	}
	if n := open(t, Options{Path: path}).Len(); n != 4 {
		t.Errorf("Clear changed the file: %d entries", n)
	}
}

func TestSuggest(t *testing.T) {
	h := open(t, Options{Path: tempPath(t)})
	for _, e := range []Entry{
		{Dir: "/proj", Command: "make test"},
		{Dir: "/other", Command: "make clean"},
		{Dir: "/proj", Command: "git log"},
		{Dir: "/other", Command: "make"},
		{Dir: "/other", Command: "git status"},
		{Dir: "/a", Command: "git commit -m one"},
		{Dir: "/b", Command: "git commit --amend"},
	} {
		add(t, h, e)
	}
	tests := []struct {
		prefix, dir string
		want        string
		ok          bool
	}{
		{"make", "/proj", "make test", true},
		{"make", "/other", "make clean", true},
		{"make", "/elsewhere", "make clean", true},
		{"git", "/proj", "git log", true},
		{"git", "/nowhere", "git commit --amend", true},
		{"git", "/other", "git status", true},
		{"git comm", "/a", "git commit -m one", true},
		{"git commit -", "/b", "git commit --amend", true},
		{"git commit -m", "/b", "git commit -m one", true},
		{"git commit -x", "/b", "", false},
		{"git commix", "/b", "", false},
		{"make test", "/proj", "", false},
		{"docker", "/proj", "", false},
		{"", "/proj", "", false},
	}
	for _, tt := range tests {
		got, ok := h.Suggest(tt.prefix, tt.dir)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Suggest(%q, %q) = %q, %v; want %q, %v", tt.prefix, tt.dir, got, ok, tt.want, tt.ok)
		}
	}
}

func TestDefaultPath(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	tests := []struct {
		state, want string
	}{
		{"", filepath.Join(home, ".local/state/nosh/history")},
		{"relative/dir", filepath.Join(home, ".local/state/nosh/history")},
		{"/xdg/state", "/xdg/state/nosh/history"},
	}
	for _, tt := range tests {
		t.Setenv("XDG_STATE_HOME", tt.state)
		got, err := DefaultPath()
		if err != nil || got != tt.want {
			t.Errorf("XDG_STATE_HOME=%q: DefaultPath() = %q, %v; want %q", tt.state, got, err, tt.want)
		}
	}
	t.Setenv("XDG_STATE_HOME", filepath.Join(home, "st"))
	h := open(t, Options{})
	if want := filepath.Join(home, "st/nosh/history"); h.Path() != want {
		t.Errorf("Path() = %q, want %q", h.Path(), want)
	}
}

func TestSymlinkedFileStaysALink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	link := filepath.Join(dir, "link")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	h := open(t, Options{Path: link})
	add(t, h, Entry{Command: "a"})
	add(t, h, Entry{Command: "b"})
	if err := h.Delete(0); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if got := commands(open(t, Options{Path: real})); !slices.Equal(got, []string{"b"}) {
		t.Errorf("target holds %q", got)
	}
}

// TestSuggestMatchesNaive checks the head-word fast path against the
// obvious scan on many prefixes of every length.
func TestSuggestMatchesNaive(t *testing.T) {
	h := open(t, Options{Path: tempPath(t)})
	words := []string{"git", "go", "g", "make", "ls", "échō", "-", " "}
	dirs := []string{"/a", "/b", ""}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		var b strings.Builder
		for range 1 + rng.IntN(5) {
			b.WriteString(words[rng.IntN(len(words))])
		}
		add(t, h, Entry{Dir: dirs[rng.IntN(len(dirs))], Command: b.String()})
	}
	naive := func(prefix, dir string) (string, bool) {
		other := ""
		for i := h.Len() - 1; i >= 0; i-- {
			e := h.Entry(i)
			if len(e.Command) > len(prefix) && strings.HasPrefix(e.Command, prefix) {
				if e.Dir == dir {
					return e.Command, true
				}
				if other == "" {
					other = e.Command
				}
			}
		}
		return other, other != ""
	}
	for i := range h.Len() {
		c := h.Entry(i).Command
		for n := 1; n <= len(c); n++ {
			for _, dir := range dirs {
				got, ok := h.Suggest(c[:n], dir)
				want, wantOK := naive(c[:n], dir)
				if got != want || ok != wantOK {
					t.Fatalf("Suggest(%q, %q) = %q, %v; want %q, %v", c[:n], dir, got, ok, want, wantOK)
				}
			}
		}
	}
}

// TestSuggestWhileTyping types lines as a person does, a key at a time
// with the odd backspace, entries added and deleted between keys, and
// checks every suggestion against a full scan: Suggest goes on from its
// last search only while that is sound.
func TestSuggestWhileTyping(t *testing.T) {
	h := open(t, Options{Path: tempPath(t)})
	words := []string{"git ", "go ", "make ", "ls ", "échō ", "-v ", "x"}
	rng := rand.New(rand.NewPCG(3, 4))
	line := func() string {
		var b strings.Builder
		for range 1 + rng.IntN(4) {
			b.WriteString(words[rng.IntN(len(words))])
		}
		return b.String()
	}
	for range 200 {
		add(t, h, Entry{Dir: "/a", Command: line()})
	}
	naive := func(prefix string) (string, bool) {
		for i := h.Len() - 1; i >= 0; i-- {
			if c := h.Entry(i).Command; len(c) > len(prefix) && strings.HasPrefix(c, prefix) {
				return c, true
			}
		}
		return "", false
	}
	for range 300 {
		target, typed := line(), ""
		for typed != target {
			switch r := rng.IntN(20); {
			case r == 0 && typed != "":
				typed = typed[:len(typed)-1]
			case r == 1:
				add(t, h, Entry{Dir: "/a", Command: line()})
			case r == 2 && h.Len() > 0:
				if err := h.Delete(rng.IntN(h.Len())); err != nil {
					t.Fatal(err)
				}
			default:
				typed = target[:len(typed)+1]
			}
			if typed == "" {
				continue
			}
			got, ok := h.Suggest(typed, "/a")
			if want, wantOK := naive(typed); got != want || ok != wantOK {
				t.Fatalf("Suggest(%q) = %q, %v; want %q, %v", typed, got, ok, want, wantOK)
			}
		}
	}
}

// TestLastHead checks the four-at-a-time search against a plain one, for
// every length up to a few blocks and a match at every place.
func TestLastHead(t *testing.T) {
	const want, mask = 0x7a, 0xff
	for n := range 11 {
		for at := -1; at < n; at++ {
			for _, second := range []int{-1, 0, at / 2} {
				heads := make([]uint64, n)
				for i := range heads {
					heads[i] = 0x6100 + uint64(i) // low byte 0x00+i, never 0x7a
				}
				if second >= 0 && second < n {
					heads[second] = 0x107a
				}
				if at >= 0 {
					heads[at] = 0x207a
				}
				plain := -1
				for i := n - 1; i >= 0; i-- {
					if heads[i]&mask == want {
						plain = i
						break
					}
				}
				if got := lastHead(heads, mask, want); got != plain {
					t.Errorf("n=%d match at %d and %d: lastHead = %d, want %d", n, at, second, got, plain)
				}
			}
		}
	}
}
