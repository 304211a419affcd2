package repl

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"runtime"
	"strconv"
	"sync"
	"syscall"
)

// startPages unmaps, at an idle prompt, the pages of nosh's own
// executable that only start-up used: package initialisation, the
// config and rc files' handling, the editor's construction. The kernel
// maps an executable's cached pages 64 KiB at a time (fault-around: a
// page fault maps the cached pages around it, within the mapping), so
// start-up leaves most of nosh's 8 MB of code and read-only data
// resident, although running a line and editing the next one touch
// about a third of the pages (README, Performance).
//
// Which pages the prompt needs is learned, not guessed. As the first
// prompt is drawn (mark, in the background), the referenced bits of the
// process's file-backed pages are cleared (/proc/self/clear_refs, about
// 80 µs). At the first idle trim after a line has been read (drop: no
// key for a second, so never while the user types or pastes), the
// executable's read-only mappings are cut into one mapping per page
// (alternate pages get MADV_RANDOM, which only changes read-ahead on a
// page-cache miss, so that the kernel keeps them apart), every page
// /proc/self/smaps then shows resident but not referenced since the mark
// is unmapped with MADV_DONTNEED, and the mappings are joined again.
// Running a line, drawing the prompt and editing the next one are then
// all in what was referenced; what start-up alone ran is not. A page
// needed later costs one page fault (4 µs here), which maps its 64 KiB
// around it again; this happens once a session.
//
// The cutting waits for the drop because the referenced bits are in the
// page tables, which cutting and joining mappings leave alone, while a
// mapping per page costs every page fault, mmap and exit in between:
// cut at the mark (as first built), the 1 600 mappings and the 5 ms
// of cutting overlapped the first lines typed, and ptybench measured
// their Enter 1.08× slower than without the learning; with the mark
// alone, 0.99×. The drop takes about 12 ms (BenchmarkStartPages) and
// yields the processor every 40 µs or so (8 system calls, 128 lines of
// smaps), so that a key typed meanwhile on the shell's one processor
// (GOMAXPROCS=1 after the first line) waits for no more than that.
type startPages struct {
	// ok says mark cleared the referenced bits and drop has not run.
	ok bool
	// marked is closed when mark is done.
	marked chan struct{}
	// dropped counts the pages drop unmapped (tests).
	dropped int
	// mu keeps drops apart: each runs on an idle timer's goroutine, and
	// one slowed past the next prompt's trim must not meet another.
	mu sync.Mutex
}

// pageBlock is a range of addresses of the executable's mapping.
type pageBlock struct {
	start, end uintptr
	// mapping is where the mapping it was cut from starts and ends.
	mapStart, mapEnd uintptr
}

// pageBlockSize is the unit of the learning: a page. (A block of the
// kernel's fault-around window, 64 KiB, kept three times as much: most
// windows hold some code a line runs.)
const pageBlockSize = 4 << 10

const (
	madvNormal   = 0
	madvRandom   = 1
	madvDontneed = 4
)

// startMark begins marking in the background.
func (p *startPages) startMark() {
	p.marked = make(chan struct{})
	go func() {
		defer close(p.marked)
		p.mark()
	}()
}

// mark clears the referenced bits of the process's file-backed pages
// (/proc/self/clear_refs, 3: mapped pages only, so the heap is not
// walked). Referenced bits live in the page tables, which cutting and
// joining mappings later leaves alone: the drop can do the cutting.
func (p *startPages) mark() {
	p.ok = os.WriteFile("/proc/self/clear_refs", []byte("3"), 0) == nil
}

// faultWindow is the kernel's fault-around window (fault_around_bytes,
// 64 KiB unless changed in debugfs).
const faultWindow = 64 << 10

// residentWindows keeps the pages whose fault-around window has a page
// mapped (/proc/self/pagemap), or all of them if that cannot be read.
func residentWindows(blocks []pageBlock) []pageBlock {
	f, err := os.Open("/proc/self/pagemap")
	if err != nil {
		return blocks
	}
	defer f.Close()
	var buf [faultWindow / pageBlockSize * 8]byte
	kept := blocks[:0:0]
	for i := 0; i < len(blocks); {
		w := blocks[i].start / faultWindow * faultWindow
		j := i
		for j < len(blocks) && blocks[j].start < w+faultWindow {
			j++
		}
		n := (blocks[j-1].start - blocks[i].start) / pageBlockSize
		entries := buf[:(n+1)*8]
		if _, err := f.ReadAt(entries, int64(blocks[i].start/pageBlockSize*8)); err != nil {
			return blocks
		}
		for k := 0; k < len(entries); k += 8 {
			if entries[k+7]&0x80 != 0 { // bit 63: present
				kept = append(kept, blocks[i:j]...)
				break
			}
		}
		i = j
	}
	return kept
}

// drop unmaps the pages not referenced since mark, once; it waits for
// mark if that has not finished. It cuts the resident windows of the
// executable's mappings into one mapping per page, reads which of them
// smaps shows resident and unreferenced, unmaps those, and joins the
// mappings again.
func (p *startPages) drop() {
	if p.marked == nil {
		return
	}
	<-p.marked
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.ok {
		return
	}
	p.ok = false
	blocks, err := exeBlocks()
	if err != nil || len(blocks) == 0 {
		return
	}
	blocks = residentWindows(blocks)
	defer joinBlocks(blocks)
	if !splitMappings(blocks) {
		return
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return
	}
	unused := unusedBlocks(f, blocks)
	f.Close()
	// smaps is in address order: neighbouring pages go in one call.
	for i := 0; i < len(unused); {
		j := i + 1
		for j < len(unused) && unused[j].start == unused[j-1].end {
			j++
		}
		if madvise(unused[i].start, unused[j-1].end, madvDontneed) == nil {
			p.dropped += j - i
		}
		i = j
		runtime.Gosched()
	}
}

// splitMappings makes each block a mapping of its own: alternate pages get
// MADV_RANDOM, which only changes read-ahead on a page-cache miss, so
// that the kernel keeps neighbours apart. It yields the processor every
// 8 calls.
func splitMappings(blocks []pageBlock) bool {
	for i, b := range blocks {
		// Alternate by address, so that neighbours always differ.
		if b.start/pageBlockSize%2 == 1 {
			if madvise(b.start, b.end, madvRandom) != nil {
				return false
			}
		}
		if i%8 == 7 {
			runtime.Gosched()
		}
	}
	return true
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
// mappings of their own with resident pages, none referenced and none
// the process's own copy (Anonymous). A read error ends the list where
// it happened.
func unusedBlocks(smaps io.Reader, blocks []pageBlock) []pageBlock {
	byStart := make(map[uintptr]pageBlock, len(blocks))
	for _, b := range blocks {
		byStart[b.start] = b
	}
	var unused []pageBlock
	var cur pageBlock
	var inBlock bool
	var rss, ref int64
	r := bufio.NewReaderSize(smaps, 4096)
	var head []byte
	for n := 0; ; n++ {
		if n%128 == 127 {
			runtime.Gosched()
		}
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
			cur, rss, ref = b, 0, -1
		case !inBlock:
		case string(key) == "Rss":
			rss = kiB(val)
		case string(key) == "Referenced":
			ref = kiB(val)
		case string(key) == "Anonymous":
			// A page of a private mapping that was written (a dynamically
			// linked executable's relocated data, made read-only after)
			// is the process's own copy: unmapping it would lose it.
			if rss > 0 && ref == 0 && kiB(val) == 0 {
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
