package history

// Suggest returns the command of the most recent entry that starts with
// prefix and is longer than it, preferring one run in dir; ok is false if
// there is none or prefix is empty. It is meant to run on every keystroke.
func (h *History) Suggest(prefix, dir string) (cmd string, ok bool) {
	if prefix == "" {
		return "", false
	}
	want, mask := head(prefix), ^uint64(0)
	if len(prefix) < 8 {
		mask = 1<<(8*len(prefix)) - 1
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	other := -1
	heads := h.heads
	for i := len(heads) - 1; i >= 0; i-- {
		// The head test rejects nearly every entry without touching the
		// record; for a prefix of up to 8 bytes it is the whole test.
		if heads[i]&mask != want {
			continue
		}
		r := &h.recs[i]
		if len(r.Command) <= len(prefix) || len(prefix) > 8 && r.Command[8:len(prefix)] != prefix[8:] {
			continue
		}
		if r.Dir == dir {
			return r.Command, true
		}
		if other < 0 {
			other = i
		}
	}
	if other < 0 {
		return "", false
	}
	return h.recs[other].Command, true
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
