package history

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// StatusUnknown is the Status of an entry whose command has not finished,
// or whose session ended before it could record the status.
const StatusUnknown = -1

// Entry is one command line in the history.
type Entry struct {
	// Time is when the line was accepted, to the second.
	Time time.Time
	// Dir is the working directory it was run in, or "" if not known.
	Dir string
	// Status is its exit status, or StatusUnknown.
	Status int
	// Command is the line as typed; it may span several lines.
	Command string
}

// Options configures a History; the fields mirror [nosh/config.History],
// the history table of config.toml.
type Options struct {
	// Path is the history file; "" means DefaultPath().
	Path string
	// Size is how many entries are kept, in memory and in the file; 0 or
	// less keeps everything. The file may grow to 1.25×Size before it is
	// rewritten with the newest Size entries. SetLimits replaces it.
	Size int
	// Dedupe skips a line equal to the previous entry, and collapses runs
	// of equal entries when loading.
	Dedupe bool
	// IgnoreSpace skips lines that start with a space.
	IgnoreSpace bool
}

// History is a session's view of the history file: the entries that were
// in it at Open, plus those this session added. Its methods are safe for
// concurrent use.
type History struct {
	opts Options

	mu   sync.Mutex
	st   store
	file fileState
	// lastSuggest is Suggest's last search, which the next one may go on.
	lastSuggest suggestion
	// kept is the file, open between appends.
	kept keptFile
	// load starts OpenInBackground's load, once (begin).
	load  func()
	begin sync.Once
	// lastID names this session's most recent entry while it waits for
	// SetStatus.
	lastID string
	// memoryOnly is set when the file could not be read: entries are
	// kept for this session and the file is left alone.
	memoryOnly bool
	// readInfo and readSize say how far this session has read the file,
	// and own counts its records appended past that point while others
	// wrote too (sync.go).
	readInfo os.FileInfo
	readSize int64
	own      map[string]int
	// pending holds exit statuses that go to the file with the next
	// entry (pending.go).
	pending pendingStatus
	// limits are the sizes in effect (limits.go).
	limits limits
}

// Open loads the history file named by opts. A missing file is an empty
// history; the file and its directory are created by the first Add. On
// error the History is nil.
func Open(opts Options) (*History, error) {
	if opts.Path == "" {
		p, err := DefaultPath()
		if err != nil {
			return nil, err
		}
		opts.Path = p
	}
	h := &History{opts: opts}
	if err := h.loadLocked(); err != nil {
		return nil, err
	}
	return h, nil
}

// OpenInBackground returns a History at once and loads the file in a
// goroutine that holds the lock every method takes: the first use waits
// for the load, and a shell can draw its first prompt without waiting
// the milliseconds 10 000 entries take. The load begins at Begin, or at
// the first use: a shell starting on a busy machine draws its prompt
// first, and reads the history while the user reads the prompt. If the
// file cannot be read, onErr is called from that goroutine and the
// History keeps this session's entries in memory only, never touching
// the file.
func OpenInBackground(opts Options, onErr func(error)) *History {
	h := &History{opts: opts}
	h.mu.Lock()
	h.load = func() { go h.loadInBackground(onErr) }
	return h
}

// Begin starts the load OpenInBackground put off, if it has not started.
func (h *History) Begin() {
	h.begin.Do(func() {
		if h.load != nil {
			h.load()
		}
	})
}

// lock takes the lock every method holds, starting the load first.
func (h *History) lock() {
	h.Begin()
	h.mu.Lock()
	h.applyLimitLocked()
}

// loadInBackground is OpenInBackground's load; it releases the lock the
// History was made with.
func (h *History) loadInBackground(onErr func(error)) {
	defer h.mu.Unlock()
	err := error(nil)
	if h.opts.Path == "" {
		h.opts.Path, err = DefaultPath()
	}
	if err == nil {
		err = h.loadLocked()
	}
	if err != nil {
		h.memoryOnly = true
		onErr(err)
	}
}

// loadLocked reads the file into h, which has no entries yet.
func (h *History) loadLocked() error {
	f, info, err := openRegular(h.opts.Path)
	if err != nil || f == nil {
		return err
	}
	defer f.Close()
	h.limits.trim.Store(false) // the load keeps memLimit's entries
	// Enough of the file is read to know whether it is past the margin
	// of its own limit, which append trims it to.
	atLeast := 0
	if n := h.fileLimit(); n > 0 {
		atLeast = n + n/4 + 1
	}
	l, err := readDecoded(f, info, h.opts.Dedupe, h.memLimit(), atLeast)
	if err != nil {
		return err
	}
	h.file = fileState{info: info, size: l.size, entries: l.d.entries, endsNL: l.endsNL}
	h.markRead(info, l.size)
	gen := h.st.gen + 1
	h.st = l.d.st
	h.st.gen = gen
	return nil
}

// Path returns the history file's path.
func (h *History) Path() string {
	h.lock()
	defer h.mu.Unlock()
	return h.opts.Path
}

// Add appends e to the history and, at once, to the file. A blank
// command, one starting with a space under IgnoreSpace, or one equal to
// the previous entry under Dedupe is skipped without error. A zero Time
// means now. If e.Status is negative the entry is recorded as still
// running, and SetStatus completes it.
//
// If the file cannot be written (full disk, permissions) the entry is
// still kept in memory for this session, and the error is returned; the
// file is never truncated.
func (h *History) Add(e Entry) error {
	h.lock()
	defer h.mu.Unlock()
	h.lastID = ""
	if strings.TrimSpace(e.Command) == "" {
		return nil
	}
	if h.opts.IgnoreSpace && e.Command[0] == ' ' {
		return nil
	}
	if n := h.st.len(); h.opts.Dedupe && n > 0 && h.st.command(n-1) == e.Command {
		return nil
	}
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	// The file keeps seconds; so does memory, so that this session's view
	// matches the next one's.
	sec := e.Time.Unix()
	r := record{sec: sec, first: sec, Status: e.Status, Dir: e.Dir, Command: e.Command}
	if e.Status < 0 {
		r.Status = StatusUnknown
		r.id = newID()
		h.lastID = r.id
	}
	h.st.add(r)
	if n := h.memLimit(); n > 0 && h.st.len() > n+n/4 {
		h.st.keepLast(n)
	}

	// The previous line's status goes in the same write (pending.go).
	data, err := h.takePendingLocked()
	if werr := h.append(appendEntry(data, r), []record{r}); werr != nil {
		return werr
	}
	return err
}

// SetStatus records the exit status of the entry the last Add appended
// with an unknown status. It does nothing if that Add skipped its entry,
// or if the entry has been deleted or already given its status.
func (h *History) SetStatus(status int) error {
	h.lock()
	defer h.mu.Unlock()
	id := h.lastID
	if id == "" || status < 0 {
		return nil
	}
	h.lastID = ""
	for i := h.st.len() - 1; i >= 0; i-- {
		if h.st.id(i) == id {
			h.st.setStatus(i, status)
			break
		}
	}
	if h.memoryOnly {
		return nil
	}
	h.holdStatusLocked(appendStatus(nil, id, status))
	err := h.pending.err
	h.pending.err = nil
	return err
}

// append writes data, holding the entry records recs, to the file under
// the lock, and trims the file if it has grown past the margin.
func (h *History) append(data []byte, recs []record) error {
	entries := len(recs)
	if h.memoryOnly {
		return nil
	}
	f, st, err := h.kept.lock(h.opts.Path)
	if err != nil {
		return err
	}
	defer h.kept.unlock()
	if !st.Mode().IsRegular() {
		_, err := appendLocked(f, st, data, false)
		return err
	}
	if err := h.file.catchUp(f, st); err != nil {
		return err
	}
	n, err := appendLocked(f, st, data, h.file.endsNL)
	h.noteAppend(st, recs, n)
	h.file.size += int64(n)
	if err != nil {
		// Part of data may be in the file; count it all again next time.
		h.file.info = nil
		return err
	}
	h.file.endsNL = true
	h.file.entries += entries
	if size := h.fileLimit(); size > 0 && h.file.entries > size+size/4 {
		return h.trimLocked(f)
	}
	return nil
}

// trimLocked rewrites the locked file f with its newest Size entries. It
// re-reads the file under the lock, so entries other sessions appended
// since this one loaded it are counted and, if new enough, kept.
func (h *History) trimLocked(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	if !info.Mode().IsRegular() {
		return nil
	}
	n := h.fileLimit()
	l, err := readDecoded(f, info, false, n, n+1)
	if err != nil {
		return err
	}
	h.file = fileState{info: info, size: l.size, entries: l.d.entries, endsNL: l.endsNL}
	if l.d.entries <= n {
		return nil
	}
	return h.rewriteLocked(l.d.records())
}

// rewriteLocked replaces the file's records with recs; the caller holds
// the lock.
func (h *History) rewriteLocked(recs []record) error {
	data := encode(recs)
	info, err := rewriteLocked(h.opts.Path, data)
	if err != nil {
		return err
	}
	// The path names the new file now; the next append opens it. Closing
	// the old one releases the lock the caller took on it, once the new
	// file is in place.
	h.kept.close()
	h.file = fileState{info: info, size: int64(len(data)), entries: len(recs), endsNL: true}
	return nil
}

// Delete removes entry i from this session's view and from the file, for
// every session opened later. In the file it removes the records of the
// same command made in the time span the entry covers (several, if Dedupe
// collapsed a run of them on load). The file is rewritten atomically under
// the lock, so concurrent appends are kept. If the rewrite fails the entry
// stays and the error is returned.
func (h *History) Delete(i int) error {
	h.lock()
	defer h.mu.Unlock()
	if i < 0 || i >= h.st.len() {
		return fmt.Errorf("history: no entry %d", i)
	}
	if err := h.flushLocked(); err != nil {
		return err
	}
	r := h.st.record(i)
	if !h.memoryOnly {
		if err := h.deleteFromFile(r); err != nil {
			return err
		}
	}
	h.st.delete(i)
	if r.id != "" && r.id == h.lastID {
		h.lastID = ""
	}
	return nil
}

// deleteFromFile removes r's records from the file, under the lock.
func (h *History) deleteFromFile(r record) error {
	f, _, err := h.kept.lock(h.opts.Path)
	if err != nil {
		return err
	}
	defer h.kept.unlock()
	data, info, err := readRegular(f)
	if err != nil {
		return err
	}
	if info != nil {
		d := decode(data, false)
		kept := slices.DeleteFunc(d.records(), func(x record) bool {
			return x.Command == r.Command && x.sec >= r.first && x.sec <= r.sec
		})
		if len(kept) < d.entries {
			return h.rewriteLocked(kept)
		}
	}
	return nil
}

// Clear empties this session's view of the history. The file is left
// alone: other sessions and the next one still see every entry.
func (h *History) Clear() {
	h.lock()
	defer h.mu.Unlock()
	h.st.reset(nil)
	h.lastID = ""
}

// Len returns the number of entries in this session's view.
func (h *History) Len() int {
	h.lock()
	defer h.mu.Unlock()
	return h.st.len()
}

// Entry returns entry i, oldest first; i must be in [0, Len()).
func (h *History) Entry(i int) Entry {
	h.lock()
	defer h.mu.Unlock()
	return h.st.record(i).entry()
}

// Search returns the indexes, oldest first, of the entries whose command
// contains substr.
func (h *History) Search(substr string) []int {
	h.lock()
	defer h.mu.Unlock()
	var found []int
	for i := range h.st.len() {
		if strings.Contains(h.st.command(i), substr) {
			found = append(found, i)
		}
	}
	return found
}

// encode renders recs as the contents of a history file.
func encode(recs []record) []byte {
	buf := make([]byte, 0, 64*len(recs))
	for _, r := range recs {
		buf = appendEntry(buf, r)
	}
	return buf
}

// session tells this process's ids from other processes'; pid alone can
// repeat across reboots and PID namespaces sharing a home directory. It
// is drawn at the first id, not at package initialisation, which every
// process (a script too) runs.
var (
	sessionOnce sync.Once
	session     uint32
	seq         atomic.Uint64
)

// newID returns an id for an entry whose status is not known yet.
func newID() string {
	sessionOnce.Do(func() { session = rand.Uint32() })
	return strconv.FormatUint(uint64(session), 36) + "." + strconv.FormatUint(seq.Add(1), 36)
}
