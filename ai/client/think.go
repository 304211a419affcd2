package client

import "strings"

const (
	thinkOpen  = "<think>"
	thinkClose = "</think>"
)

// thinkSplitter separates <think>…</think> spans from the answer in a text
// stream whose chunks may cut a tag anywhere. It holds back only a chunk's
// tail that could be the start of a tag, so text is otherwise passed on as
// soon as it arrives.
type thinkSplitter struct {
	inside  bool
	pending string // a tail that may be the start of the next tag
	// trim drops the whitespace that follows a tag ("<think>\n",
	// "</think>\n\n"), which belongs to neither part.
	trim bool
}

// feed splits text, calling emit with each piece and whether it is
// reasoning. It stops and returns emit's error.
func (s *thinkSplitter) feed(text string, emit func(piece string, reasoning bool) error) error {
	buf := s.pending + text
	s.pending = ""
	for buf != "" {
		tag := thinkOpen
		if s.inside {
			tag = thinkClose
		}
		if i := strings.Index(buf, tag); i >= 0 {
			if err := s.out(buf[:i], emit); err != nil {
				return err
			}
			buf = buf[i+len(tag):]
			s.inside = !s.inside
			s.trim = true
			continue
		}
		keep := partialTagSuffix(buf, tag)
		if err := s.out(buf[:len(buf)-keep], emit); err != nil {
			return err
		}
		s.pending = buf[len(buf)-keep:]
		break
	}
	return nil
}

// flush passes on a held-back tail at the end of the stream: an unfinished
// tag is just text.
func (s *thinkSplitter) flush(emit func(piece string, reasoning bool) error) error {
	p := s.pending
	s.pending = ""
	return s.out(p, emit)
}

func (s *thinkSplitter) out(piece string, emit func(string, bool) error) error {
	if s.trim {
		piece = strings.TrimLeft(piece, " \t\r\n")
		if piece == "" {
			return nil
		}
		s.trim = false
	}
	if piece == "" {
		return nil
	}
	return emit(piece, s.inside)
}

// partialTagSuffix is the length of the longest proper prefix of tag that
// ends s.
func partialTagSuffix(s, tag string) int {
	for n := min(len(tag)-1, len(s)); n > 0; n-- {
		if strings.HasSuffix(s, tag[:n]) {
			return n
		}
	}
	return 0
}
