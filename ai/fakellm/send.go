package fakellm

import (
	"net/http"
	"time"
)

// send writes frames, flushing each, and applies the reply's pacing and
// faults.
func (s *Server) send(w http.ResponseWriter, r *http.Request, rep Reply, frames []string, status int) {
	limit := -1
	if rep.Drop || rep.Stall {
		limit = rep.After
	}
	if limit == 0 {
		s.fault(r, rep)
		return
	}
	w.WriteHeader(status)
	flusher, _ := w.(http.Flusher)
	flush := func() {
		if flusher != nil {
			flusher.Flush()
		}
	}
	flush()
	written := 0
	for i, f := range frames {
		if i > 0 && rep.PaceMS > 0 && !s.wait(r, time.Duration(rep.PaceMS)*time.Millisecond) {
			return
		}
		if limit > 0 && written+len(f) >= limit {
			_, _ = w.Write([]byte(f[:limit-written]))
			flush()
			s.fault(r, rep)
			return
		}
		if _, err := w.Write([]byte(f)); err != nil {
			return
		}
		flush()
		written += len(f)
	}
	if limit > 0 {
		s.fault(r, rep)
	}
}

// fault drops the connection, or stalls until the client leaves or the
// server closes and then drops it: a stalled reply never completes.
func (s *Server) fault(r *http.Request, rep Reply) {
	if !rep.Drop {
		select {
		case <-r.Context().Done():
		case <-s.closing:
		}
	}
	// Aborts the response and closes the connection without a log line;
	// a chunked body is left unterminated.
	panic(http.ErrAbortHandler)
}

// wait sleeps d unless the client leaves or the server closes first.
func (s *Server) wait(r *http.Request, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
	case <-s.closing:
	}
	return false
}
