package history

import (
	"fmt"
	"os"
	"strings"
)

// fileState is what a session knows of the history file, to decide when
// to trim it without re-reading it on every append.
type fileState struct {
	// info identifies the file (and its size) as last seen; nil means
	// unknown, and the next append counts the whole file again.
	info os.FileInfo
	// size is where this session's knowledge ends: other sessions'
	// appends are the bytes after it.
	size int64
	// entries is the number of entry records up to size.
	entries int
	// endsNL says the file ends in a newline (or is empty) at size.
	endsNL bool
}

// catchUp brings s up to date with the locked file f, whose FileInfo is
// st, by counting the records other sessions appended since this one last
// looked: usually none or a few lines, so appends stay cheap.
func (s *fileState) catchUp(f *os.File, st os.FileInfo) error {
	switch {
	case s.info != nil && os.SameFile(s.info, st) && st.Size() == s.size:
	case s.info != nil && os.SameFile(s.info, st) && st.Size() > s.size:
		delta := make([]byte, st.Size()-s.size)
		if _, err := f.ReadAt(delta, s.size); err != nil {
			return fmt.Errorf("history: %w", err)
		}
		s.entries += countEntries(string(delta))
		s.endsNL = delta[len(delta)-1] == '\n'
	default:
		// Replaced by another session's rewrite, or never seen.
		data, _, err := readRegular(f)
		if err != nil {
			return err
		}
		s.entries = countEntries(data)
		s.endsNL = endsInNewline(data)
	}
	s.info, s.size = st, st.Size()
	return nil
}

// countEntries counts the complete lines of data that look like entry
// records; it is a cheaper, slightly generous decode(data).entries.
func countEntries(data string) int {
	n := 0
	for len(data) > 0 {
		nl := strings.IndexByte(data, '\n')
		if nl < 0 {
			break
		}
		if c := data[0]; c >= '0' && c <= '9' {
			n++
		}
		data = data[nl+1:]
	}
	return n
}

// endsInNewline reports whether data is empty or ends in a newline.
func endsInNewline(data string) bool {
	return data == "" || data[len(data)-1] == '\n'
}
