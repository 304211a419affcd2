package repl

import (
	"fmt"
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
// with resident pages of which none was referenced; a block merged with
// its neighbour (its mapping is larger), one not resident, and one
// referenced stay.
func TestUnusedBlocks(t *testing.T) {
	blocks := []pageBlock{
		{0x400000, 0x410000, 0x400000, 0x440000},
		{0x410000, 0x420000, 0x400000, 0x440000},
		{0x420000, 0x430000, 0x400000, 0x440000},
		{0x430000, 0x440000, 0x400000, 0x440000},
	}
	mapping := func(r, start, end string, rss, ref int) string {
		return start + "-" + end + " " + r + " 00000000 fd:01 77 /usr/local/bin/nosh with a path: long " +
			strings.Repeat("x", 5000) + "\n" +
			"Size:                 64 kB\nRss:" + strings.Repeat(" ", 10) + strconv.Itoa(rss) + " kB\n" +
			"Pss:                 64 kB\nReferenced:           " + strconv.Itoa(ref) + " kB\nVmFlags: rd ex mr mw me\n"
	}
	smaps := mapping("r-xp", "00400000", "00410000", 64, 0) + // unused
		mapping("r-xp", "00410000", "00420000", 64, 4) + // used
		mapping("r-xp", "00420000", "00430000", 0, 0) + // not resident
		mapping("r-xp", "00430000", "00450000", 64, 0) + // not a block alone
		"00450000-00460000 rw-p 00000000 00:00 0\nRss: 64 kB\nReferenced: 0 kB\n"
	got := unusedBlocks(strings.NewReader(smaps), blocks)
	if want := blocks[:1]; !slices.Equal(got, want) {
		t.Fatalf("unused %x, want %x", got, want)
	}
}

// BenchmarkStartPages is what the learning costs, on the test binary's
// own mappings: the mark (a madvise per two pages, clear_refs) as the
// first line is read, and the drop (smaps with a mapping per page) at
// an idle prompt.
func BenchmarkStartPages(b *testing.B) {
	b.Run("mark", func(b *testing.B) {
		for b.Loop() {
			p := &startPages{}
			p.mark()
			b.StopTimer()
			joinBlocks(p.blocks)
			b.StartTimer()
		}
	})
	b.Run("drop", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			p := &startPages{marked: make(chan struct{})}
			close(p.marked)
			p.mark()
			if p.blocks == nil {
				b.Skip("no /proc")
			}
			b.ReportMetric(float64(len(p.blocks)), "pages")
			b.StartTimer()
			p.drop()
		}
	})
}
