package history

import (
	"slices"
	"strings"
)

// store holds a session's entries packed for the garbage collector: the
// text of their directories, commands and ids lies in a few large strings
// (chunks), and each entry is numbers only, offsets into one chunk. An
// interactive shell collects garbage every few dozen keys (the editor
// makes plenty), and every collection marks whatever holds pointers:
// with three strings an entry, 10 000 entries made each collection trace
// 30 000 pointers; packed, there is nothing in them to trace.
type store struct {
	// chunks hold the entries' text. Only the last one ever grows, and
	// only by replacing it with a longer string of which the old one is
	// a prefix, so the offsets into it stay valid.
	chunks []string
	ents   []packed
	// heads[i] is head(command(i)): Suggest scans these 8 bytes per
	// entry instead of whole entries, a tenth of the memory traffic.
	heads []uint64
	// gen counts the changes to the list of entries.
	gen uint64
}

// span is a piece of a chunk.
type span struct{ off, n uint32 }

// packed is a record without pointers: its strings are spans of
// chunks[chunk].
type packed struct {
	sec, first   int64
	status       int32
	chunk        uint32
	cmd, dir, id span
}

// growLimit is the size up to which the last chunk grows by copying as
// entries are added; past it, an added entry starts a new chunk.
const growLimit = 4 << 10

func (s *store) len() int { return len(s.ents) }

func (s *store) text(c uint32, sp span) string {
	return s.chunks[c][sp.off : sp.off+sp.n]
}

func (s *store) command(i int) string { return s.text(s.ents[i].chunk, s.ents[i].cmd) }
func (s *store) dir(i int) string     { return s.text(s.ents[i].chunk, s.ents[i].dir) }
func (s *store) id(i int) string      { return s.text(s.ents[i].chunk, s.ents[i].id) }

// record returns entry i as a record; its strings share the chunk.
func (s *store) record(i int) record {
	e := &s.ents[i]
	return record{sec: e.sec, first: e.first, Status: int(e.status),
		Dir: s.text(e.chunk, e.dir), Command: s.text(e.chunk, e.cmd), id: s.text(e.chunk, e.id)}
}

// records returns every entry as a record.
func (s *store) records() []record {
	out := make([]record, s.len())
	for i := range out {
		out[i] = s.record(i)
	}
	return out
}

// setStatus gives entry i its exit status, which ends its need of an id.
func (s *store) setStatus(i, status int) {
	s.ents[i].status = int32(status)
	s.ents[i].id = span{}
}

// reset replaces the entries with recs, packed into one new chunk.
func (s *store) reset(recs []record) {
	s.chunks = nil
	s.ents = make([]packed, 0, len(recs))
	s.heads = make([]uint64, 0, len(recs))
	s.add(recs...)
}

// add appends recs. Their text goes at the end of the last chunk while it
// stays small, copying it; otherwise into a new chunk of its own.
func (s *store) add(recs ...record) {
	s.gen++
	size := 0
	for _, r := range recs {
		size += len(r.Dir) + len(r.Command) + len(r.id)
	}
	c := len(s.chunks) - 1
	if c < 0 || len(s.chunks[c])+size > growLimit {
		s.chunks = append(s.chunks, "")
		c++
	}
	var b strings.Builder
	b.Grow(len(s.chunks[c]) + size)
	b.WriteString(s.chunks[c])
	// Consecutive entries mostly share their directory: keep it once.
	lastDir, lastSpan := "", span{}
	if n := len(s.ents); n > 0 && s.ents[n-1].chunk == uint32(c) {
		lastDir, lastSpan = s.dir(n-1), s.ents[n-1].dir
	}
	for _, r := range recs {
		e := packed{sec: r.sec, first: r.first, status: int32(r.Status), chunk: uint32(c)}
		if r.Dir == lastDir {
			e.dir = lastSpan
		} else {
			e.dir = put(&b, r.Dir)
			lastDir, lastSpan = r.Dir, e.dir
		}
		e.cmd = put(&b, r.Command)
		e.id = put(&b, r.id)
		s.ents = append(s.ents, e)
		s.heads = append(s.heads, head(r.Command))
	}
	s.chunks[c] = b.String()
}

func put(b *strings.Builder, text string) span {
	sp := span{off: uint32(b.Len()), n: uint32(len(text))}
	b.WriteString(text)
	return sp
}

// keepLast drops all but the last n entries, and the text only they used.
func (s *store) keepLast(n int) {
	if s.len() > n {
		s.reset(s.records()[s.len()-n:])
	}
}

// delete removes entry i.
func (s *store) delete(i int) {
	s.gen++
	s.ents = slices.Delete(s.ents, i, i+1)
	s.heads = slices.Delete(s.heads, i, i+1)
}
