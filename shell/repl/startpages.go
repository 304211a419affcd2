package repl

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"strconv"
	"syscall"
)

// startPages unmaps, at the first idle prompt, the pages of nosh's own
// executable that only start-up used: package initialisation, the
// config and rc files' handling, the editor's construction. The kernel
// maps an executable in 64 KiB blocks (fault-around: a page fault maps
// the cached pages around it), so start-up leaves most of nosh's 8 MB of
// code and read-only data resident although a key and an Enter use
// about half of the blocks (README, Performance).
//
// Which blocks the prompt needs is learned, not guessed: as the first
// line is read (mark), the executable's read-only mappings are cut into
// one mapping per block (alternate blocks get MADV_RANDOM, which only
// changes read-ahead on a page-cache miss, so that the kernel keeps them
// apart), and the referenced bits of the process's pages are cleared
// (/proc/self/clear_refs). At the first idle trim after another line
// has been read (drop), every block /proc/self/smaps shows resident but
// not referenced since is unmapped with MADV_DONTNEED, and the mappings
// are joined again. Running a line, drawing the prompt and editing the
// next one are then all in what was referenced; what start-up alone
// ran, and what ran once behind the first prompt (the history's load),
// is not. A dropped block that is needed later costs one page fault
// (4 µs here) and is not dropped again: this happens once a session.
//
// The pages stay in the page cache, shared with every other process
// running nosh: what leaves is this process's mapping of them, not
// memory of the machine. Every step is a hint: on any error the rest is
// skipped and nothing is lost but the saving.
type startPages struct {
	// blocks are the executable's read-only mappings cut into blocks,
	// in address order; nil until mark, and after drop.
	blocks []pageBlock
	// marked is closed when mark is done.
	marked chan struct{}
	// dropped counts the blocks drop unmapped (tests).
	dropped int
}

// pageBlock is a range of addresses of the executable's mapping.
type pageBlock struct {
	start, end uintptr
	// mapping is where the mapping it was cut from starts and ends.
	mapStart, mapEnd uintptr
}

// pageBlockSize is the kernel's fault-around window (fault_around_bytes,
// 64 KiB unless changed in debugfs).
const pageBlockSize = 64 << 10

const (
	madvNormal   = 0
	madvRandom   = 1
	madvDontneed = 4
)

// startMark begins marking in the background, beside the first line's
// command.
func (p *startPages) startMark() {
	p.marked = make(chan struct{})
	go func() {
		defer close(p.marked)
		p.mark()
	}()
}

// mark cuts the executable's mappings into blocks and clears the
// referenced bits.
func (p *startPages) mark() {
	blocks, err := exeBlocks()
	if err != nil || len(blocks) == 0 {
		return
	}
	for i, b := range blocks {
		if i%2 == 1 {
			if madvise(b.start, b.end, madvRandom) != nil {
				joinBlocks(blocks)
				return
			}
		}
	}
	if os.WriteFile("/proc/self/clear_refs", []byte("1"), 0) != nil {
		joinBlocks(blocks)
		return
	}
	p.blocks = blocks
}

// drop unmaps the blocks not referenced since mark, once; it waits for
// mark if that has not finished.
func (p *startPages) drop() {
	if p.marked == nil {
		return
	}
	<-p.marked
	blocks := p.blocks
	if blocks == nil {
		return
	}
	p.blocks = nil
	defer joinBlocks(blocks)
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return
	}
	unused := unusedBlocks(f, blocks)
	f.Close()
	for _, b := range unused {
		if madvise(b.start, b.end, madvDontneed) == nil {
			p.dropped++
		}
	}
}

// joinBlocks gives the blocks' mappings their normal advice again, which
// lets the kernel join them into one mapping each.
func joinBlocks(blocks []pageBlock) {
	for i, b := range blocks {
		if i == 0 || b.mapStart != blocks[i-1].mapStart {
			madvise(b.mapStart, b.mapEnd, madvNormal)
		}
	}
}

func madvise(start, end uintptr, advice int) error {
	if _, _, e := syscall.Syscall(syscall.SYS_MADVISE, start, end-start, uintptr(advice)); e != 0 {
		return e
	}
	return nil
}

// exeBlocks reads /proc/self/maps for the executable's read-only
// mappings (its code and read-only data; the writable data is the
// process's own) and cuts them at pageBlockSize boundaries.
func exeBlocks() ([]pageBlock, error) {
	var st syscall.Stat_t
	if err := syscall.Stat("/proc/self/exe", &st); err != nil {
		return nil, err
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return nil, err
	}
	return cutBlocks(maps, st.Ino), nil
}

// cutBlocks is exeBlocks on the text of /proc/self/maps and the
// executable's inode.
func cutBlocks(maps []byte, ino uint64) []pageBlock {
	var blocks []pageBlock
	for line := range bytes.Lines(maps) {
		f := bytes.Fields(line)
		if len(f) < 6 || len(f[1]) < 2 || f[1][1] == 'w' || string(f[4]) != strconv.FormatUint(ino, 10) {
			continue
		}
		start, end, ok := addrRange(f[0])
		if !ok {
			continue
		}
		for b := start; b < end; {
			next := min((b/pageBlockSize+1)*pageBlockSize, end)
			blocks = append(blocks, pageBlock{start: b, end: next, mapStart: start, mapEnd: end})
			b = next
		}
	}
	return blocks
}

// addrRange parses "start-end" in hexadecimal.
func addrRange(s []byte) (start, end uintptr, ok bool) {
	lo, hi, found := bytes.Cut(s, []byte("-"))
	if !found {
		return 0, 0, false
	}
	a, err1 := strconv.ParseUint(string(lo), 16, 64)
	b, err2 := strconv.ParseUint(string(hi), 16, 64)
	return uintptr(a), uintptr(b), err1 == nil && err2 == nil && a < b
}

// unusedBlocks reads /proc/self/smaps and returns the blocks that are
// mappings of their own with resident pages and none referenced. A read
// error ends the list where it happened.
func unusedBlocks(smaps io.Reader, blocks []pageBlock) []pageBlock {
	byStart := make(map[uintptr]pageBlock, len(blocks))
	for _, b := range blocks {
		byStart[b.start] = b
	}
	var unused []pageBlock
	var cur pageBlock
	var inBlock bool
	var rss int64
	r := bufio.NewReaderSize(smaps, 4096)
	var head []byte
	for {
		line, err := r.ReadSlice('\n')
		// A line longer than the buffer has a long path name: its start
		// is all that matters.
		if err == bufio.ErrBufferFull {
			line = append(head[:0], line...) // the reads below reuse the buffer
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
		}
		if err != nil {
			break
		}
		key, val, _ := bytes.Cut(line, []byte(":"))
		switch {
		case bytes.IndexByte(key, '-') > 0 && bytes.IndexByte(key, ' ') > 0:
			// A mapping's header: "start-end perms offset dev inode path".
			// (Its dev has a ':', so Cut split it there.)
			start, end, ok := addrRange(bytes.Fields(key)[0])
			b, found := byStart[start]
			inBlock = ok && found && b.end == end
			cur, rss = b, 0
		case !inBlock:
		case string(key) == "Rss":
			rss = kiB(val)
		case string(key) == "Referenced":
			if rss > 0 && kiB(val) == 0 {
				unused = append(unused, cur)
			}
			inBlock = false
		}
	}
	return unused
}

// kiB parses a smaps value such as "   64 kB\n".
func kiB(val []byte) int64 {
	f := bytes.Fields(val)
	if len(f) == 0 {
		return -1
	}
	n, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil {
		return -1
	}
	return n
}
