package history

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"unsafe"
)

// Loading a large file.
//
// A history file of half a million entries (58 MB: one kept with Size 0
// for years, or brought from another machine) was read whole into one
// string, its commands copied into a second of the same size, that cloned
// into a third, and every entry then made a record to keep the last
// Size: a peak of 250 MB of memory for a history of 10 000 entries. Now
// only the end of the file that holds the last Size entries is read,
// found by counting lines back from the end, and it is decoded a block at
// a time; with Size 0, which keeps every entry, the whole file is decoded
// so, its commands copied once.

// readBlock is the size of the blocks the file is read in.
const readBlock = 64 << 10

// loaded is a file read by readDecoded.
type loaded struct {
	d decoded
	// size is the file's size as read, and endsNL whether it ends in a
	// newline (or is empty).
	size   int64
	endsNL bool
}

// readDecoded reads the regular file f, whose FileInfo is st, and decodes
// its last keep entries (all, if keep is 0 or less). When only the end of
// the file is read, l.d.entries counts the entry records there, which are
// more than keep+keep/2 and at least atLeast: the caller that must know
// whether the file holds more than N entries asks for N+1.
func readDecoded(f *os.File, st os.FileInfo, collapse bool, keep, atLeast int) (loaded, error) {
	if keep <= 0 {
		return decodeFrom(f, 0, st.Size(), collapse, 0)
	}
	// Collapsed duplicates make fewer entries than lines: if the end read
	// holds no more than keep entries, a longer end is read.
	for lines := max(keep+keep/2+1, atLeast); ; lines *= 2 {
		off, err := tailOffset(f, st.Size(), lines)
		if err != nil {
			return loaded{}, err
		}
		l, err := decodeFrom(f, off, st.Size(), collapse, keep)
		if err != nil || off == 0 || l.d.dropped {
			return l, err
		}
	}
}

// decodeFrom decodes f from offset off to its end, keeping the last keep
// entries (all, if keep is 0). size is the file's size as last seen: a
// hint, since another session may be appending.
func decodeFrom(f *os.File, off, size int64, collapse bool, keep int) (loaded, error) {
	r := bufio.NewReaderSize(io.NewSectionReader(f, off, math.MaxInt64-off), readBlock)
	rest := size - off
	dec := newDecoder(collapse, keep, int(min(rest, math.MaxInt32)), int(rest/96))
	l := loaded{size: off, endsNL: true}
	var long []byte // a line longer than a block, gathered
	for {
		chunk, err := r.ReadSlice('\n')
		l.size += int64(len(chunk))
		if len(chunk) > 0 {
			l.endsNL = chunk[len(chunk)-1] == '\n'
		}
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			long = append(long, chunk...)
			continue
		case errors.Is(err, io.EOF):
			// A last line without its newline, cut by a crash or still
			// being written, is not a record.
			l.d = dec.finish()
			return l, nil
		case err != nil:
			return l, fmt.Errorf("history: reading %s: %w", f.Name(), err)
		}
		line := chunk[:len(chunk)-1]
		if long != nil {
			long = append(long, line...)
			line = long
		}
		// The decoder keeps nothing that shares a line's memory, which
		// the next read overwrites: a string over it, not a copy.
		dec.line(unsafe.String(unsafe.SliceData(line), len(line)))
		long = long[:0]
	}
}

// tailOffset returns the offset in f, of size bytes, at which its last n
// entry lines start (lines starting with a digit: a status record starts
// with '='), or 0 if it has no more than n. It reads f back from its end
// a block at a time.
func tailOffset(f io.ReaderAt, size int64, n int) (int64, error) {
	buf := make([]byte, readBlock)
	count := 0
	var next byte // the first byte after the block, if hasNext
	hasNext := false
	for end := size; end > 0; {
		start := max(end-readBlock, 0)
		b := buf[:end-start]
		if _, err := f.ReadAt(b, start); err != nil && !errors.Is(err, io.EOF) {
			return 0, fmt.Errorf("history: %w", err)
		}
		for i := len(b) - 1; i >= 0; i-- {
			if b[i] != '\n' {
				continue
			}
			c, ok := next, hasNext
			if i+1 < len(b) {
				c, ok = b[i+1], true
			}
			if ok && c >= '0' && c <= '9' {
				if count++; count == n {
					return start + int64(i) + 1, nil
				}
			}
		}
		next, hasNext = b[0], true
		end = start
	}
	return 0, nil
}

// openRegular opens the history file at path: nil and no error if it does
// not exist, or is not a regular file (/dev/null, a fifo: reading
// /dev/zero or a fifo would never end, and such a path must never be
// rewritten).
func openRegular(path string) (*os.File, os.FileInfo, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("history: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("history: %w", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, nil
	}
	return f, st, nil
}
