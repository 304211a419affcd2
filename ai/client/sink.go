package client

import (
	"errors"
	"strconv"

	"nosh/ai"
)

// errStopped is returned through a decoder when the consumer stopped
// ranging over the stream; it is never shown to anyone.
var errStopped = errors.New("consumer stopped")

// sink is where a decoder sends what it reads. It splits <think> spans out
// of the text, numbers tool calls that came without an id, counts output for
// the usage estimate, and remembers whether anything reached the consumer
// (after which nothing is retried).
type sink struct {
	yield func(ai.Event, error) bool
	dog   *watchdog // paused while the consumer holds an event; may be nil
	think *thinkSplitter

	shown     bool
	outBytes  int
	toolCalls int
}

func (s *sink) send(ev ai.Event) error {
	s.shown = true
	if s.dog != nil {
		s.dog.pause()
		defer s.dog.resume()
	}
	if !s.yield(ev, nil) {
		return errStopped
	}
	return nil
}

// text passes on a piece of the answer as written by the model.
func (s *sink) text(t string) error {
	if t == "" {
		return nil
	}
	s.outBytes += len(t)
	if s.think == nil {
		return s.send(ai.Event{Kind: ai.EventText, Text: t})
	}
	return s.think.feed(t, s.piece)
}

func (s *sink) piece(t string, reasoning bool) error {
	kind := ai.EventText
	if reasoning {
		kind = ai.EventReasoning
	}
	return s.send(ai.Event{Kind: kind, Text: t})
}

// reasoning passes on a piece of reasoning the provider marked as such.
func (s *sink) reasoning(t string) error {
	if t == "" {
		return nil
	}
	s.outBytes += len(t)
	return s.send(ai.Event{Kind: ai.EventReasoning, Text: t})
}

// toolCall passes on one complete call.
func (s *sink) toolCall(tc ai.ToolCall) error {
	if tc.ID == "" {
		tc.ID = "call_" + strconv.Itoa(s.toolCalls)
	}
	if tc.Arguments == "" {
		tc.Arguments = "{}"
	}
	s.toolCalls++
	s.outBytes += len(tc.Name) + len(tc.Arguments)
	return s.send(ai.Event{Kind: ai.EventToolCall, ToolCall: tc})
}

// flush passes on text the think splitter held back.
func (s *sink) flush() error {
	if s.think == nil {
		return nil
	}
	return s.think.flush(s.piece)
}
