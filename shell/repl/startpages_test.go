package repl

import (
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCutBlocks: only the executable's read-only mappings are cut, at
// 64 KiB boundaries of the address (the kernel's fault-around windows),
// so a mapping that starts or ends inside a window gets a short block.
func TestCutBlocks(t *testing.T) {
	maps := `00400000-00420000 r-xp 00000000 fd:01 77 /usr/local/bin/nosh
00428000-00441000 r--p 00028000 fd:01 77 /usr/local/bin/nosh
00441000-00450000 rw-p 00041000 fd:01 77 /usr/local/bin/nosh
00450000-00460000 rw-p 00000000 00:00 0
7f0000000000-7f0000010000 r--p 00000000 fd:01 78 /usr/lib/other
`
	got := cutBlocks([]byte(maps), 77)
	want := []pageBlock{
		{0x400000, 0x410000, 0x400000, 0x420000},
		{0x410000, 0x420000, 0x400000, 0x420000},
		{0x428000, 0x430000, 0x428000, 0x441000},
		{0x430000, 0x440000, 0x428000, 0x441000},
		{0x440000, 0x441000, 0x428000, 0x441000},
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
