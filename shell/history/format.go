package history

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// entry returns r as an Entry.
func (r record) entry() Entry {
	return Entry{Time: time.Unix(r.sec, 0), Dir: r.Dir, Status: r.Status, Command: r.Command}
}

// record is an Entry as kept in memory: pointer-light (the time is unix
// seconds) so that loading 10 000 of them stays cheap, plus what the file
// layer needs to find it again.
type record struct {
	sec     int64
	Status  int
	Dir     string
	Command string
	// first is the unix time of the oldest file record folded into this
	// one when consecutive duplicates were collapsed on load.
	first int64
	// id names the entry while its status is unknown, so that a later
	// status record can be matched to it; empty otherwise.
	id string
}

// escaper keeps every record on one line and the fields tab-free. It is
// made on first use: every process would make it at initialisation.
func escaper() *strings.Replacer {
	escaperOnce.Do(func() {
		escaperValue = strings.NewReplacer(`\`, `\\`, "\n", `\n`, "\t", `\t`, "\r", `\r`)
	})
	return escaperValue
}

var (
	escaperOnce  sync.Once
	escaperValue *strings.Replacer
)

// appendEntry appends the entry record for r, with its final newline.
func appendEntry(buf []byte, r record) []byte {
	buf = strconv.AppendInt(buf, max(r.sec, 0), 10)
	buf = append(buf, '\t')
	if r.id != "" {
		buf = append(buf, '?')
		buf = append(buf, r.id...)
	} else {
		buf = strconv.AppendInt(buf, int64(r.Status), 10)
	}
	buf = append(buf, '\t')
	buf = append(buf, escaper().Replace(r.Dir)...)
	buf = append(buf, '\t')
	buf = append(buf, escaper().Replace(r.Command)...)
	return append(buf, '\n')
}

// appendStatus appends the status record giving the entry named id its
// exit status.
func appendStatus(buf []byte, id string, status int) []byte {
	buf = append(buf, '=')
	buf = append(buf, id...)
	buf = append(buf, '\t')
	buf = strconv.AppendInt(buf, int64(status), 10)
	return append(buf, '\n')
}

// decoded is the result of parsing a history file.
type decoded struct {
	// st holds the entries.
	st store
	// entries counts the entry records in the file, before any collapsing.
	entries int
	// dropped says entries older than those in st were decoded and
	// dropped, for a decoder that keeps the last few.
	dropped bool
}

// records returns the entries as records.
func (d *decoded) records() []record { return d.st.records() }

// decode parses the contents of a history file. Lines that do not parse,
// including a last line without its newline, are skipped. With collapse,
// an entry whose command equals the previous entry's replaces it (keeping
// the older time in first), as the in-memory view with dedupe wants.
func decode(data string, collapse bool) decoded {
	dec := newDecoder(collapse, 0, len(data), strings.Count(data, "\n"))
	for pos := 0; ; {
		nl := strings.IndexByte(data[pos:], '\n')
		if nl < 0 {
			break
		}
		dec.line(data[pos : pos+nl])
		pos += nl + 1
	}
	return dec.finish()
}

// decoder parses a history file a line at a time, so that a file need
// not be in memory whole (load.go reads it in blocks). Nothing it keeps
// shares the memory of a line it was given.
type decoder struct {
	d        decoded
	collapse bool
	// keep, when not 0, is how many of the last entries are wanted: the
	// older ones are dropped as the decoder goes, when twice as many are
	// held, so that a file of any length takes memory for 2×keep entries.
	keep int
	// The commands are copied out of the file's text, which is garbage
	// once decoded: the times, statuses and directories in it are a third
	// to a half of it. A Builder's buffer is not zeroed first; the text is
	// cloned to its size at the end.
	text strings.Builder
	// prevCmd and prevID are the last entry's (prevCmd in text).
	prevCmd, prevID string
	// pending maps the id of each entry still waiting for its status to
	// its index; it stays small because most statuses follow soon after.
	pending map[string]int
}

// newDecoder returns a decoder keeping the last keep entries (all, if
// keep is 0) of a file of size bytes and about lines lines.
func newDecoder(collapse bool, keep, size, lines int) *decoder {
	dec := &decoder{collapse: collapse, keep: keep}
	st := &dec.d.st
	if keep > 0 {
		st.ents, st.heads = make([]packed, 0, 2*keep), make([]uint64, 0, 2*keep)
		return dec
	}
	// The commands' text cannot be longer than the file.
	st.ents, st.heads = make([]packed, 0, lines), make([]uint64, 0, lines)
	dec.text.Grow(size)
	return dec
}

// line decodes one line of the file, without its newline.
func (dec *decoder) line(line string) {
	st := &dec.d.st
	if line == "" {
		return
	}
	if line[0] == '=' {
		id, status, ok := parseStatus(line[1:])
		if i, found := dec.pending[id]; ok && found {
			st.setStatus(i, status)
			delete(dec.pending, id)
		}
		return
	}
	r, ok := parseEntry(line)
	if !ok {
		return
	}
	dec.d.entries++
	i := len(st.ents)
	collapsed := dec.collapse && i > 0 && dec.prevCmd == r.Command
	var sp span
	if collapsed {
		// The entry replaced is the last one, with the same command:
		// its text serves.
		i--
		r.first = st.first(i)
		sp = st.ents[i].cmd
		if dec.prevID != "" && dec.pending[dec.prevID] == i {
			delete(dec.pending, dec.prevID)
		}
	} else {
		if dec.keep > 0 && i == 2*dec.keep {
			dec.dropOld()
			i = len(st.ents)
		}
		sp = span{off: uint32(dec.text.Len()), n: uint32(len(r.Command))}
		dec.text.WriteString(r.Command)
	}
	e := st.entry(i, r, 0, sp)
	if collapsed {
		st.ents[i] = e
	} else {
		st.ents = append(st.ents, e)
		st.heads = append(st.heads, head(r.Command))
	}
	// The Builder's bytes, once written, never change: the string over
	// them stays valid as it grows.
	dec.prevCmd = dec.text.String()[sp.off : sp.off+sp.n]
	dec.prevID = ""
	if r.id != "" {
		dec.prevID = strings.Clone(r.id)
		if dec.pending == nil {
			dec.pending = make(map[string]int)
		}
		dec.pending[dec.prevID] = i
	}
}

// dropOld drops all but the last keep entries, and the text only they
// used.
func (dec *decoder) dropOld() {
	st := &dec.d.st
	drop := len(st.ents) - dec.keep
	dec.d.dropped = true
	st.chunks = []string{dec.text.String()}
	recs := make([]record, 0, dec.keep)
	for i := drop; i < len(st.ents); i++ {
		recs = append(recs, st.record(i))
	}
	for id, i := range dec.pending {
		if i < drop {
			delete(dec.pending, id)
		} else {
			dec.pending[id] = i - drop
		}
	}
	ents, heads := st.ents[:0], st.heads[:0]
	*st = store{gen: st.gen, ents: ents, heads: heads}
	st.add(recs...)
	dec.text.Reset()
	dec.text.Grow(2 * len(st.chunks[0]))
	dec.text.WriteString(st.chunks[0])
	st.chunks = nil
	if n := len(st.ents); n > 0 {
		sp := st.ents[n-1].cmd
		dec.prevCmd = dec.text.String()[sp.off : sp.off+sp.n]
	}
}

// finish returns what was decoded.
func (dec *decoder) finish() decoded {
	st := &dec.d.st
	st.chunks = []string{strings.Clone(dec.text.String())}
	if dec.keep > 0 && st.len() > dec.keep {
		dec.d.dropped = true
		st.keepLast(dec.keep)
	}
	if len(st.ents) < cap(st.ents)*7/8 {
		// Collapsed duplicates, or dropped entries, left room the session
		// would carry.
		st.ents, st.heads = slices.Clone(st.ents), slices.Clone(st.heads)
	}
	return dec.d
}

// parseEntry parses one entry record (without its newline).
func parseEntry(line string) (record, bool) {
	var r record
	t, rest, ok := cutUint(line)
	if !ok {
		return r, false
	}
	if rest != "" && rest[0] == '?' {
		var id string
		if id, rest, ok = cutField(rest[1:]); !ok || id == "" {
			return r, false
		}
		r.id = id
		r.Status = StatusUnknown
	} else {
		var status int64
		if status, rest, ok = cutUint(rest); !ok {
			return r, false
		}
		r.Status = int(status)
	}
	dir, cmd, ok := cutField(rest)
	if !ok || strings.IndexByte(cmd, '\t') >= 0 {
		return r, false
	}
	if r.Dir, ok = unescape(dir); !ok {
		return r, false
	}
	if r.Command, ok = unescape(cmd); !ok || r.Command == "" {
		return r, false
	}
	r.sec, r.first = t, t
	return r, true
}

// parseStatus parses the part of a status record after its '='.
func parseStatus(s string) (id string, status int, ok bool) {
	id, num, ok := cutField(s)
	if !ok || id == "" {
		return "", 0, false
	}
	n, ok := parseUint(num)
	return id, int(n), ok
}

// cutUint parses the decimal number that starts s and ends at a tab, and
// returns what follows the tab. It is parseUint and cutField in one pass,
// since the time and status fields are short and on every line.
func cutUint(s string) (n int64, rest string, ok bool) {
	for i := 0; i < len(s) && i <= 18; i++ {
		c := s[i]
		if c == '\t' {
			return n, s[i+1:], i > 0
		}
		if c < '0' || c > '9' {
			return 0, "", false
		}
		n = n*10 + int64(c-'0')
	}
	return 0, "", false
}

func cutField(s string) (field, rest string, ok bool) {
	i := strings.IndexByte(s, '\t')
	if i < 0 {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// parseUint parses a short decimal number without strconv's generality,
// since it runs twice per line at start-up.
func parseUint(s string) (int64, bool) {
	if s == "" || len(s) > 18 {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// unescape reverses escaper. Strings without a backslash, nearly all of
// them, are returned as they are, sharing the file's memory.
func unescape(s string) (string, bool) {
	if strings.IndexByte(s, '\\') < 0 {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		if i == len(s) {
			return "", false
		}
		switch s[i] {
		case '\\':
			b.WriteByte('\\')
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		default:
			return "", false
		}
	}
	return b.String(), true
}
