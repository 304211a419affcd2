package client

import (
	"bufio"
	"io"
	"strings"
)

// sseEvent is one server-sent event.
type sseEvent struct {
	name string // the event: field, "" when absent
	data string // the data: lines, joined by "\n"
}

// sseReader splits a text/event-stream into events. It reads no further
// than the blank line that ends an event, so each event is handed on as
// soon as it is complete.
type sseReader struct {
	r    *bufio.Reader
	name string
	data strings.Builder
	has  bool // a data: line has been seen for the current event
}

func newSSEReader(r io.Reader) *sseReader {
	return &sseReader{r: bufio.NewReaderSize(r, 16<<10)}
}

// next returns the next event, or the read error (io.EOF at a clean end).
// A stream that ends inside a line is cut: io.ErrUnexpectedEOF. Whole data
// lines the server forgot to end with a blank line still make an event.
func (s *sseReader) next() (sseEvent, error) {
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			switch {
			case err == io.EOF && line != "":
				return sseEvent{}, io.ErrUnexpectedEOF
			case err == io.EOF && s.has:
				return s.take(), nil
			}
			return sseEvent{}, err
		}
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if line == "" {
			if s.has {
				return s.take(), nil
			}
			s.name = ""
			continue
		}
		field, value, _ := strings.Cut(line, ":")
		value = strings.TrimPrefix(value, " ")
		switch field {
		case "data":
			if s.has {
				s.data.WriteByte('\n')
			}
			s.data.WriteString(value)
			s.has = true
		case "event":
			s.name = value
		}
		// Comments (":" lines, used as keep-alives), id: and retry: are
		// of no use to a one-shot request.
	}
}

// take returns the event gathered so far and starts a new one.
func (s *sseReader) take() sseEvent {
	ev := sseEvent{name: s.name, data: s.data.String()}
	s.name, s.has = "", false
	s.data.Reset()
	return ev
}
