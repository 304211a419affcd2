package repl

import (
	"fmt"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCutBlocks: only the executable's read-only mappings are cut, at
// pageBlockSize boundaries of the address.
func TestCutBlocks(t *testing.T) {
	const p = pageBlockSize
	line := func(start, end uintptr, perms string, ino int) string {
		return fmt.Sprintf("%08x-%08x %s 00000000 fd:01 %d /usr/local/bin/nosh\n", start, end, perms, ino)
	}
	maps := line(0x400000, 0x400000+2*p, "r-xp", 77) +
		line(0x400000+2*p, 0x400000+3*p, "r--p", 77) +
		line(0x400000+3*p, 0x400000+5*p, "rw-p", 77) +
		line(0x7f0000000000, 0x7f0000000000+p, "r--p", 78)
	got := cutBlocks([]byte(maps), 77)
	want := []pageBlock{
		{0x400000, 0x400000 + p, 0x400000, 0x400000 + 2*p},
		{0x400000 + p, 0x400000 + 2*p, 0x400000, 0x400000 + 2*p},
		{0x400000 + 2*p, 0x400000 + 3*p, 0x400000 + 2*p, 0x400000 + 3*p},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("blocks\n%x\nwant\n%x", got, want)
	}
}

// TestUnusedBlocks: a block is dropped when it is a mapping of its own
// with resident pages of which none was referenced and none is the
// process's own copy; a block merged with its neighbour (its mapping is
// larger), one not resident, one referenced and one written (relocated
// data, Anonymous) stay.
func TestUnusedBlocks(t *testing.T) {
	blocks := []pageBlock{
		{0x400000, 0x410000, 0x400000, 0x450000},
		{0x410000, 0x420000, 0x400000, 0x450000},
		{0x420000, 0x430000, 0x400000, 0x450000},
		{0x430000, 0x440000, 0x400000, 0x450000},
		{0x440000, 0x450000, 0x400000, 0x450000},
	}
	mapping := func(r, start, end string, rss, ref, anon int) string {
		return start + "-" + end + " " + r + " 00000000 fd:01 77 /usr/local/bin/nosh with a path: long " +
			strings.Repeat("x", 5000) + "\n" +
			"Size:                 64 kB\nRss:" + strings.Repeat(" ", 10) + strconv.Itoa(rss) + " kB\n" +
			"Pss:                 64 kB\nReferenced:           " + strconv.Itoa(ref) + " kB\n" +
			"Anonymous:            " + strconv.Itoa(anon) + " kB\nVmFlags: rd ex mr mw me\n"
	}
	smaps := mapping("r-xp", "00400000", "00410000", 64, 0, 0) + // unused
		mapping("r-xp", "00410000", "00420000", 64, 4, 0) + // used
		mapping("r-xp", "00420000", "00430000", 0, 0, 0) + // not resident
		mapping("r--p", "00430000", "00440000", 4, 0, 4) + // written
		mapping("r-xp", "00440000", "00460000", 64, 0, 0) + // not a block alone
		"00460000-00470000 rw-p 00000000 00:00 0\nRss: 64 kB\nReferenced: 0 kB\nAnonymous: 0 kB\n"
	got := unusedBlocks(strings.NewReader(smaps), blocks)
	if want := blocks[:1]; !slices.Equal(got, want) {
		t.Fatalf("unused %x, want %x", got, want)
	}
}

// BenchmarkStartPages is what the learning costs, on the test binary's
// own mappings: the mark (clear_refs of the mapped pages) as the first
// prompt is drawn, and the drop (the mappings cut into pages, smaps, the
// unreferenced pages unmapped, the mappings joined) at an idle prompt.
func BenchmarkStartPages(b *testing.B) {
	b.Run("mark", func(b *testing.B) {
		for b.Loop() {
			p := &startPages{}
			p.mark()
			if !p.ok {
				b.Skip("no /proc/self/clear_refs")
			}
		}
	})
	b.Run("drop", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			p := &startPages{marked: make(chan struct{})}
			close(p.marked)
			p.mark()
			if !p.ok {
				b.Skip("no /proc")
			}
			b.StartTimer()
			p.drop()
			b.ReportMetric(float64(p.dropped), "pages")
		}
	})
}

// TestStartPagesLearn, on the test binary's own mappings: the mark
// leaves the executable's mappings whole (cut into pages while the first
// lines ran, they made those lines' faults and mappings slower), and the
// drop unmaps pages not referenced since the mark, keeps a page that
// was, and joins the mappings again.
func TestStartPagesLearn(t *testing.T) {
	before := exeMappings(t)
	usedAfterMark() // its window resident before the mark
	p := &startPages{marked: make(chan struct{})}
	p.mark()
	close(p.marked)
	if !p.ok {
		t.Skip("the referenced bits could not be cleared (no /proc/self/clear_refs?)")
	}
	if got := exeMappings(t); got != before {
		t.Fatalf("the mark changed the executable's mappings from %d to %d", before, got)
	}
	usedAfterMark()
	p.drop()
	if p.dropped == 0 {
		t.Error("no page dropped")
	}
	if !pagePresent(t, reflect.ValueOf(usedAfterMark).Pointer()) {
		t.Error("a page referenced after the mark was dropped")
	}
	if got := exeMappings(t); got != before {
		t.Errorf("the drop left %d mappings of the executable, want %d as before", got, before)
	}
	n := p.dropped
	p.drop() // once a session
	if p.dropped != n {
		t.Errorf("a second drop unmapped %d more pages", p.dropped-n)
	}
	t.Logf("%d pages dropped, %d mappings", p.dropped, before)
}

//go:noinline
func usedAfterMark() int { return len(os.Args) }

// exeMappings counts the test binary's read-only mappings.
func exeMappings(t *testing.T) int {
	t.Helper()
	blocks, err := exeBlocks()
	if err != nil {
		t.Skip(err)
	}
	n := 0
	for i, b := range blocks {
		if i == 0 || b.mapStart != blocks[i-1].mapStart {
			n++
		}
	}
	return n
}

// pagePresent reads /proc/self/pagemap for the page holding addr.
func pagePresent(t *testing.T, addr uintptr) bool {
	t.Helper()
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	var e [8]byte
	if _, err := f.ReadAt(e[:], int64(addr/pageBlockSize*8)); err != nil {
		t.Fatal(err)
	}
	return e[7]&0x80 != 0
}
