package history

import "time"

// A line's exit status reaches the file with the next entry this session
// appends, in the same write, rather than in a write of its own as the
// command ends: an append takes the file's lock and checks that the file
// is still the one held open, so the two made ten system calls per line.
// The entry itself is still written before its command runs, so that a
// command that runs long, replaces the shell (exec) or outlives a crash is
// in the file. A status waits at most statusDelay (or until anything else
// touches the file); a session killed meanwhile leaves that one entry's
// status unknown, as for a command it was still running.
const statusDelay = time.Second

// pendingStatus holds status records not yet in the file.
type pendingStatus struct {
	data  []byte
	timer *time.Timer
	// err is the error of a write the timer made, reported by the next
	// call that writes.
	err error
}

// holdStatusLocked keeps the status record data until the next append or
// statusDelay; the caller holds h.mu.
func (h *History) holdStatusLocked(data []byte) {
	p := &h.pending
	p.data = append(p.data, data...)
	if p.timer == nil {
		p.timer = time.AfterFunc(statusDelay, h.flushTimer)
	} else {
		p.timer.Reset(statusDelay)
	}
}

// takePendingLocked returns the status records waiting, and any error of
// a write the timer made; they are no longer pending.
func (h *History) takePendingLocked() ([]byte, error) {
	p := &h.pending
	data, err := p.data, p.err
	p.data, p.err = nil, nil
	if p.timer != nil {
		p.timer.Stop()
	}
	return data, err
}

// flushLocked writes the status records waiting; the caller holds h.mu.
func (h *History) flushLocked() error {
	data, err := h.takePendingLocked()
	if len(data) == 0 {
		return err
	}
	if werr := h.append(data, nil); werr != nil {
		return werr
	}
	return err
}

func (h *History) flushTimer() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.pending.data) == 0 {
		return
	}
	data := h.pending.data
	h.pending.data = nil
	h.pending.err = h.append(data, nil)
}

// Flush writes to the file the exit statuses still waiting to be written
// with the next entry. The shell calls it as it exits.
func (h *History) Flush() error {
	h.lock()
	defer h.mu.Unlock()
	return h.flushLocked()
}
