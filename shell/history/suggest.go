package history

// Suggest returns the command of the most recent entry that starts with
// prefix and is longer than it, preferring one run in dir; ok is false if
// there is none or prefix is empty. It is meant to run on every keystroke:
// as a line is typed, each prefix extends the one before, and the search
// goes on from where the last one found its first match (or, when it
// found none, ends at once).
func (h *History) Suggest(prefix, dir string) (cmd string, ok bool) {
	if prefix == "" {
		return "", false
	}
	want, mask := head(prefix), ^uint64(0)
	if len(prefix) < 8 {
		mask = 1<<(8*len(prefix)) - 1
	}
	h.lock()
	defer h.mu.Unlock()
	from := h.st.len() - 1
	if last := &h.lastSuggest; last.gen == h.st.gen && last.prefix != "" && len(prefix) > len(last.prefix) &&
		prefix[:len(last.prefix)] == last.prefix {
		// No entry newer than last.first starts with last.prefix, so
		// none starts with this longer prefix.
		from = last.first
	}
	first, found := -1, -1
	heads := h.st.heads
	for i := from; i >= 0; i-- {
		// The head test rejects nearly every entry without touching the
		// record; for a prefix of up to 8 bytes it is the whole test.
		if i = lastHead(heads[:i+1], mask, want); i < 0 {
			break
		}
		cmd := h.st.command(i)
		if len(cmd) <= len(prefix) || len(prefix) > 8 && cmd[8:len(prefix)] != prefix[8:] {
			continue
		}
		if first < 0 {
			first, found = i, i
		}
		if h.st.dir(i) == dir {
			found = i
			break
		}
	}
	h.lastSuggest = suggestion{prefix: prefix, gen: h.st.gen, first: first}
	if found < 0 {
		return "", false
	}
	return h.st.command(found), true
}

// lastHead returns the index of the last of heads whose bytes under mask
// are want, or -1. A search that finds nothing reads every head, so
// heads are tested four at a time, with one branch for the four.
func lastHead(heads []uint64, mask, want uint64) int {
	i := len(heads)
	for ; i >= 4; i -= 4 {
		h := heads[i-4 : i : i]
		if h[0]&mask == want || h[1]&mask == want || h[2]&mask == want || h[3]&mask == want {
			break
		}
	}
	for i--; i >= 0; i-- {
		if heads[i]&mask == want {
			return i
		}
	}
	return -1
}

// suggestion remembers the last search Suggest made.
type suggestion struct {
	prefix string
	gen    uint64 // the store's generation it searched
	first  int    // the newest entry that matched, or -1
}

// head packs the first 8 bytes of s (zero-padded) into an integer, so that
// a prefix test on them is one comparison.
func head(s string) uint64 {
	var h uint64
	for i := range min(len(s), 8) {
		h |= uint64(s[i]) << (8 * i)
	}
	return h
}
