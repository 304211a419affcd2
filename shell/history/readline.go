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

// Len returns the number of entries.
func (s *ReadlineSource) Len() int {
	return s.h.Len()
}

// Suggest is readline's question for its own history autosuggestion,
// which it asks at every redraw, whether its option is on or off (a
// Suggester answers it instead of a scan of every entry). nosh keeps that
// option off and shows its own suggestion (History.Suggest, with the
// directory first), so it has nothing to add here: the answer costs
// nothing, and History.Suggest's incremental search is left to the one
// caller that types the line.
func (s *ReadlineSource) Suggest(prefix string) (string, bool) {
	return "", false
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
