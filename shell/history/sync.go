package history

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// What bash's `history -r`, `-n` and `-w` do, on nosh's file: this
// session's view can be reloaded from the file, catch up with what other
// sessions appended, or be written over the file. `-a` has nothing to do:
// every line is appended as soon as it is accepted.
//
// A session remembers how far it has read the file (readSize, in the
// file readInfo names). Its own appends move that mark while nobody else
// wrote in between; otherwise their signatures are kept in own, so that
// ReadNew skips them.

// ownKey identifies one of this session's records in the file.
func ownKey(r record) string { return strconv.FormatInt(r.sec, 10) + "\x00" + r.Command }

// noteAppend records that this session appended data (n bytes written)
// to the file whose state before the write was st.
func (h *History) noteAppend(st os.FileInfo, recs []record, n int) {
	if h.readInfo == nil && st.Size() == 0 {
		h.markRead(st, 0) // a new file: nothing in it to miss
	}
	if h.readInfo != nil && os.SameFile(h.readInfo, st) && st.Size() == h.readSize {
		h.readSize += int64(n)
		return
	}
	if h.own == nil {
		h.own = map[string]int{}
	}
	for _, r := range recs {
		h.own[ownKey(r)]++
	}
}

// markRead records that the file, as fi describes it, has been read to
// its end.
func (h *History) markRead(fi os.FileInfo, size int64) {
	h.readInfo, h.readSize = fi, size
	h.own = nil
}

// appendRecs adds recs to the view, collapsing repeats under Dedupe and
// keeping at most Size entries.
func (h *History) appendRecs(recs []record) {
	last := ""
	if n := h.st.len(); n > 0 {
		last = h.st.command(n - 1)
	}
	if h.opts.Dedupe {
		recs = slices.DeleteFunc(slices.Clone(recs), func(r record) bool {
			dup := r.Command == last
			last = r.Command
			return dup
		})
	}
	h.st.add(recs...)
	if n := h.memLimit(); n > 0 {
		h.st.keepLast(n)
	}
}

// Reload appends every entry of the history file to this session's view,
// as bash's `history -r` does (after `history -c`, the view is the file).
func (h *History) Reload() error {
	h.lock()
	defer h.mu.Unlock()
	if err := h.flushLocked(); err != nil {
		return err
	}
	data, info, err := readFile(h.opts.Path)
	if err != nil {
		return err
	}
	d := decode(data, h.opts.Dedupe)
	h.appendRecs(d.records())
	h.lastID = ""
	if info != nil {
		h.markRead(info, int64(len(data)))
	}
	return nil
}

// ReadNew appends the entries other sessions added to the history file
// since this session last read it, as bash's `history -n` does.
func (h *History) ReadNew() error {
	h.lock()
	defer h.mu.Unlock()
	if err := h.flushLocked(); err != nil {
		return err
	}
	data, info, err := readFile(h.opts.Path)
	if err != nil || info == nil {
		return err
	}
	var recs []record
	if h.readInfo != nil && os.SameFile(h.readInfo, info) && int64(len(data)) >= h.readSize {
		d := decode(data[h.readSize:], false)
		recs = d.records()
		recs = slices.DeleteFunc(recs, func(r record) bool {
			k := ownKey(r)
			if h.own[k] > 0 {
				h.own[k]--
				return true
			}
			return false
		})
	} else {
		// Rewritten since (trimmed by some session): take what this view
		// does not have yet.
		have := map[string]int{}
		for i := range h.st.len() {
			have[ownKey(h.st.record(i))]++
		}
		d := decode(data, false)
		recs = slices.DeleteFunc(d.records(), func(r record) bool {
			k := ownKey(r)
			if have[k] > 0 {
				have[k]--
				return true
			}
			return false
		})
	}
	h.appendRecs(recs)
	h.markRead(info, int64(len(data)))
	return nil
}

// Rewrite replaces the history file with this session's view, as bash's
// `history -w` does: entries only other sessions had are gone from it.
func (h *History) Rewrite() error {
	h.lock()
	defer h.mu.Unlock()
	if h.memoryOnly {
		return errors.New("history: the file could not be read; not overwriting it")
	}
	if err := h.flushLocked(); err != nil {
		return err
	}
	if _, _, err := h.kept.lock(h.opts.Path); err != nil {
		return err
	}
	defer h.kept.unlock()
	recs := h.st.records()
	for i := range recs {
		recs[i].id = ""
	}
	if err := h.rewriteLocked(recs); err != nil {
		return err
	}
	h.lastID = ""
	h.markRead(h.file.info, h.file.size)
	return nil
}

// ReadFrom appends the entries of another file to this session's view
// (`history -r FILE`): a nosh history file, or a bash one (one command a
// line, with `#SECONDS` time lines when HISTTIMEFORMAT was set), so that
// `history -r ~/.bash_history` brings bash's history along. The file is
// not written to.
func (h *History) ReadFrom(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	d := decode(string(data), h.opts.Dedupe)
	recs := d.records()
	if len(recs) == 0 {
		recs = decodeBash(string(data))
	}
	h.lock()
	defer h.mu.Unlock()
	h.appendRecs(recs)
	return nil
}

// decodeBash parses a bash history file.
func decodeBash(data string) []record {
	var recs []record
	var sec int64
	sc := bufio.NewScanner(strings.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if t, ok := strings.CutPrefix(line, "#"); ok {
			if n, err := strconv.ParseInt(t, 10, 64); err == nil {
				sec = n
				continue
			}
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		recs = append(recs, record{sec: sec, first: sec, Status: StatusUnknown, Command: line})
	}
	return recs
}

// WriteTo writes this session's view to path in bash's format (a
// `#SECONDS` line before each command), for `history -w FILE`.
func (h *History) WriteTo(path string) error {
	h.lock()
	var b strings.Builder
	for i := range h.st.len() {
		fmt.Fprintf(&b, "#%d\n%s\n", h.st.ents[i].sec, h.st.command(i))
	}
	h.mu.Unlock()
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}

// AddLine appends a command to the history as `history -s` does: it is
// stored like a typed line, with no directory or status.
func (h *History) AddLine(cmd string) error {
	return h.Add(Entry{Time: time.Now(), Status: 0, Command: cmd})
}
