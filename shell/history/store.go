package history

import (
	"math"
	"slices"
	"strings"
)

// store holds a session's entries compactly, since an interactive shell
// keeps them for its whole life: the text of the commands lies in a few
// large strings (chunks), each distinct directory is kept once, and an
// entry is numbers only, offsets into a chunk and an index among the
// directories (32 bytes). With 10 000 entries that is 0.86 MiB where the
// file's own text plus 48-byte entries took 1.2 MiB (and the file's text
// grows with the length of the directories; the commands' does not).
// Nothing in an entry is a pointer, so the garbage collector, which runs
// every few dozen keys, has nothing in them to trace.
type store struct {
	// chunks hold the commands' text. Only the last one ever grows, and
	// only by replacing it with a longer string of which the old one is
	// a prefix, so the offsets into it stay valid.
	chunks []string
	ents   []packed
	// heads[i] is head(command(i)): Suggest scans these 8 bytes per
	// entry instead of whole entries, a tenth of the memory traffic.
	heads []uint64
	// dirs are the distinct directories, in the order first seen;
	// dirIndex finds one.
	dirs     []string
	dirIndex map[string]uint32
	// ids names the entries still waiting for their exit status, by
	// index: a handful at most, so they are not worth a field of every
	// entry.
	ids map[int]string
	// firsts holds the first times that an entry's back cannot express
	// (an older duplicate more than 136 years before, or a clock that
	// went backwards).
	firsts map[int]int64
	// gen counts the changes to the list of entries.
	gen uint64
}

// span is a piece of a chunk.
type span struct{ off, n uint32 }

// packed is a record without pointers: its command is a span of
// chunks[chunk], its directory dirs[dir].
type packed struct {
	sec    int64
	cmd    span
	chunk  uint32
	dir    uint32
	status int32
	// back is sec - first, the age of the oldest duplicate folded into
	// this entry (noBack: see store.firsts).
	back uint32
}

const noBack = math.MaxUint32

// growLimit is the size up to which the last chunk grows by copying as
// entries are added; past it, an added entry starts a new chunk.
const growLimit = 4 << 10

func (s *store) len() int { return len(s.ents) }

func (s *store) command(i int) string {
	e := &s.ents[i]
	return s.chunks[e.chunk][e.cmd.off : e.cmd.off+e.cmd.n]
}

func (s *store) dir(i int) string { return s.dirs[s.ents[i].dir] }
func (s *store) id(i int) string  { return s.ids[i] }

func (s *store) first(i int) int64 {
	e := &s.ents[i]
	if e.back == noBack {
		return s.firsts[i]
	}
	return e.sec - int64(e.back)
}

// record returns entry i as a record; its strings share the store's.
func (s *store) record(i int) record {
	e := &s.ents[i]
	return record{sec: e.sec, first: s.first(i), Status: int(e.status),
		Dir: s.dir(i), Command: s.command(i), id: s.id(i)}
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
	delete(s.ids, i)
}

// reset replaces the entries with recs, packed into one new chunk.
func (s *store) reset(recs []record) {
	*s = store{gen: s.gen, ents: make([]packed, 0, len(recs)), heads: make([]uint64, 0, len(recs))}
	s.add(recs...)
}

// internDir returns the index of dir among s.dirs, adding a copy of it
// (dir may be a piece of a whole file's text) if it is new.
func (s *store) internDir(dir string) uint32 {
	if n := len(s.ents); n > 0 && s.dirs[s.ents[n-1].dir] == dir {
		return s.ents[n-1].dir // consecutive entries mostly share it
	}
	if i, ok := s.dirIndex[dir]; ok {
		return i
	}
	if s.dirIndex == nil {
		s.dirIndex = make(map[string]uint32)
	}
	i := uint32(len(s.dirs))
	dir = strings.Clone(dir)
	s.dirs = append(s.dirs, dir)
	s.dirIndex[dir] = i
	return i
}

// entry packs r, whose command is at cmd in chunk c, as entry i.
func (s *store) entry(i int, r record, c uint32, cmd span) packed {
	e := packed{sec: r.sec, cmd: cmd, chunk: c, dir: s.internDir(r.Dir), status: int32(r.Status)}
	s.setFirst(i, &e, r.first)
	if r.id != "" {
		if s.ids == nil {
			s.ids = make(map[int]string)
		}
		s.ids[i] = strings.Clone(r.id)
	} else {
		delete(s.ids, i)
	}
	return e
}

// setFirst records first as the first time of e, entry i.
func (s *store) setFirst(i int, e *packed, first int64) {
	if back := e.sec - first; back >= 0 && back < noBack {
		e.back = uint32(back)
		delete(s.firsts, i)
		return
	}
	e.back = noBack
	if s.firsts == nil {
		s.firsts = make(map[int]int64)
	}
	s.firsts[i] = first
}

// add appends recs. Their text goes at the end of the last chunk while it
// stays small, copying it; otherwise into a new chunk of its own.
func (s *store) add(recs ...record) {
	s.gen++
	size := 0
	for _, r := range recs {
		size += len(r.Command)
	}
	c := len(s.chunks) - 1
	if c < 0 || len(s.chunks[c])+size > growLimit {
		s.chunks = append(s.chunks, "")
		c++
	}
	var b strings.Builder
	b.Grow(len(s.chunks[c]) + size)
	b.WriteString(s.chunks[c])
	for _, r := range recs {
		sp := span{off: uint32(b.Len()), n: uint32(len(r.Command))}
		b.WriteString(r.Command)
		s.ents = append(s.ents, s.entry(len(s.ents), r, uint32(c), sp))
		s.heads = append(s.heads, head(r.Command))
	}
	s.chunks[c] = b.String()
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
	s.ids = removeIndex(s.ids, i)
	s.firsts = removeIndex(s.firsts, i)
}

// removeIndex drops key i from m and renumbers the keys above it, as
// deleting entry i renumbers the entries.
func removeIndex[V any](m map[int]V, i int) map[int]V {
	if len(m) == 0 {
		return m
	}
	out := make(map[int]V, len(m))
	for k, v := range m {
		switch {
		case k < i:
			out[k] = v
		case k > i:
			out[k-1] = v
		}
	}
	return out
}
