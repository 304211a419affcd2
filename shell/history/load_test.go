package history

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoadLikeDecode: reading only the end of a file, a block at a time,
// gives the entries that decoding the whole file and keeping the last
// Size gave, on files with runs of duplicates across the point where the
// read starts, status records before and after it, lines longer than a
// block, damage, and a last line without its newline.
func TestLoadLikeDecode(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	long := strings.Repeat("x", readBlock+100)
	for n := range 60 {
		var data []byte
		entries := rng.IntN(400)
		for i := range entries {
			cmd := fmt.Sprintf("cmd %d", rng.IntN(6)) // runs of duplicates
			switch rng.IntN(40) {
			case 0:
				cmd = long + cmd
			case 1:
				cmd += "\nsecond line\twith a tab"
			}
			r := record{sec: int64(1000 + i), Dir: fmt.Sprintf("/d%d", rng.IntN(3)), Status: rng.IntN(3), Command: cmd}
			if rng.IntN(10) == 0 {
				r.id = fmt.Sprintf("s.%d", i)
			}
			data = appendEntry(data, r)
			if r.id != "" && rng.IntN(2) == 0 {
				data = appendStatus(data, r.id, 7)
			}
			if rng.IntN(50) == 0 {
				data = append(data, "garbage\n"...)
			}
		}
		if rng.IntN(3) == 0 {
			data = append(data, "12\t0\t/d\tcut"...)
		}
		path := filepath.Join(t.TempDir(), "history")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{0, 1, 7, 50, 1000} {
			for _, dedupe := range []bool{false, true} {
				want := decode(string(data), dedupe)
				if size > 0 {
					want.st.keepLast(size)
				}
				h := open(t, Options{Path: path, Size: size, Dedupe: dedupe})
				if got, w := h.st.records(), want.records(); !slices.Equal(got, w) {
					t.Fatalf("file %d, Size %d, dedupe %v: loaded %d entries\n%+v\nwant %d\n%+v", n, size, dedupe, len(got), got, len(w), w)
				}
				if h.file.size != int64(len(data)) || h.file.endsNL != endsInNewline(string(data)) {
					t.Errorf("file %d: file state %d bytes, ends in newline %v; want %d, %v", n, h.file.size, h.file.endsNL, len(data), endsInNewline(string(data)))
				}
				// The count of entry records decides when the file is
				// trimmed: it may be short of the whole only past the
				// trimming margin.
				if all := want.entries; h.file.entries != all && (size == 0 || h.file.entries <= size+size/4) {
					t.Errorf("file %d, Size %d: %d entry records counted, want %d", n, size, h.file.entries, all)
				}
			}
		}
	}
}

// TestTrimLargeFile: the first entry added to a file far past its Size
// rewrites it with the newest Size entries.
func TestTrimLargeFile(t *testing.T) {
	path := tempPath(t)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	var data []byte
	for i := range 5000 {
		data = appendEntry(data, record{sec: int64(i + 1), Dir: "/d", Command: fmt.Sprintf("echo %d", i)})
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	h := open(t, Options{Path: path, Size: 100})
	if got := commands(h); len(got) != 100 || got[0] != "echo 4900" || got[99] != "echo 4999" {
		t.Fatalf("loaded %d entries, %q … %q", len(got), got[0], got[len(got)-1])
	}
	add(t, h, Entry{Dir: "/d", Command: "echo new"})
	d := decode(readAll(t, path), false)
	got := d.records()
	if len(got) != 100 || got[0].Command != "echo 4901" || got[99].Command != "echo new" {
		t.Fatalf("the file has %d entries after the add, %q … %q", len(got), got[0].Command, got[len(got)-1].Command)
	}
}

func readAll(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
