package history

import "errors"

// ReadlineSource adapts a History to the history source interface of
// github.com/reeflective/readline (readline.History): register it with
// rl.History.Add("nosh", h.ReadlineSource()) so that ↑/↓, prefix search
// and Ctrl+R walk the same entries as the history builtin.
//
// It does not persist: readline calls Write when a line is accepted, but
// the shell then calls [History.Add] itself with the directory and status,
// which readline does not know. Write only reports the current length.
type ReadlineSource struct {
	h *History
	// hideScan makes the next Len report no entries (HideFromNextScan).
	hideScan bool
}

// ReadlineSource returns the readline adapter for h.
func (h *History) ReadlineSource() *ReadlineSource {
	return &ReadlineSource{h: h}
}

var errNoLine = errors.New("history: no such line")

// Write does nothing, since the shell persists accepted lines through
// History.Add, and returns the number of entries.
func (s *ReadlineSource) Write(string) (int, error) {
	return s.h.Len(), nil
}

// GetLine returns the command of entry i, oldest first.
func (s *ReadlineSource) GetLine(i int) (string, error) {
	h := s.h
	h.lock()
	if i < 0 || i >= h.st.len() {
		h.mu.Unlock()
		return "", errNoLine
	}
	cmd := h.st.command(i)
	h.mu.Unlock()
	return cmd, nil
}

// Len returns the number of entries, or 0 once after HideFromNextScan.
func (s *ReadlineSource) Len() int {
	if s.hideScan {
		s.hideScan = false
		return 0
	}
	return s.h.Len()
}

// HideFromNextScan makes the next call of Len, and only that one, report
// an empty history, unless ShowAll comes first. readline looks for its
// own suggestion by reading every entry at every redraw, and asks Len
// first: the shell, which knows when that scan comes and makes the
// suggestion itself from the index (History.Suggest), spares it so. It
// is called from the editor's goroutine, as Len is.
func (s *ReadlineSource) HideFromNextScan() {
	if s != nil {
		s.hideScan = true
	}
}

// ShowAll undoes HideFromNextScan.
func (s *ReadlineSource) ShowAll() {
	if s != nil {
		s.hideScan = false
	}
}

// Dump returns a copy of every entry as a []Entry, oldest first.
func (s *ReadlineSource) Dump() any {
	h := s.h
	h.lock()
	defer h.mu.Unlock()
	out := make([]Entry, h.st.len())
	for i := range out {
		out[i] = h.st.record(i).entry()
	}
	return out
}
