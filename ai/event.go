package ai

import (
	"context"
	"iter"
	"strings"
)

// EventKind says what an [Event] carries.
type EventKind int

// The kinds of [Event].
const (
	// EventText is a piece of the answer, in Event.Text.
	EventText EventKind = iota + 1
	// EventReasoning is a piece of the model's reasoning, in Event.Text.
	// It is never part of the answer.
	EventReasoning
	// EventToolCall is one complete tool call, in Event.ToolCall. Calls
	// arrive in the order the model made them.
	EventToolCall
	// EventDone ends a successful stream: Event.StopReason and
	// Event.Usage are set. It is always the last event.
	EventDone
)

// String names k for logs and tests.
func (k EventKind) String() string {
	switch k {
	case EventText:
		return "text"
	case EventReasoning:
		return "reasoning"
	case EventToolCall:
		return "tool_call"
	case EventDone:
		return "done"
	}
	return "unknown"
}

// Event is one item of a reply stream.
type Event struct {
	Kind       EventKind
	Text       string
	ToolCall   ToolCall
	StopReason StopReason
	Usage      Usage
}

// StopReason says why the model stopped. The constants below are the
// normalised reasons; a reason a provider reports that has no constant is
// passed on as the provider spelled it (e.g. "content_filter", "refusal").
type StopReason string

// Normalised stop reasons.
const (
	// StopEnd: the model finished its answer.
	StopEnd StopReason = "end"
	// StopToolUse: the model wants the results of its tool calls.
	StopToolUse StopReason = "tool_use"
	// StopMaxTokens: the reply hit the token bound and is cut short.
	StopMaxTokens StopReason = "max_tokens"
)

// Usage is the token count of one exchange.
type Usage struct {
	InputTokens  int
	OutputTokens int
	// Estimated is set when the provider reported no usage and the counts
	// are nosh's estimate (about four bytes a token).
	Estimated bool
}

// Total is InputTokens + OutputTokens.
func (u Usage) Total() int { return u.InputTokens + u.OutputTokens }

// Response is a whole reply, gathered by [Collect].
type Response struct {
	// Text is the answer, without any reasoning.
	Text       string
	Reasoning  string
	ToolCalls  []ToolCall
	StopReason StopReason
	Usage      Usage
}

// Collect drains a stream into a Response, calling each (when not nil) with
// every event as it arrives, so a caller can show text as it streams and
// still get the whole reply. On error it returns what had arrived so far.
func Collect(stream iter.Seq2[Event, error], each func(Event)) (Response, error) {
	var (
		r               Response
		text, reasoning strings.Builder
	)
	for ev, err := range stream {
		if err != nil {
			r.Text, r.Reasoning = text.String(), reasoning.String()
			return r, err
		}
		if each != nil {
			each(ev)
		}
		switch ev.Kind {
		case EventText:
			text.WriteString(ev.Text)
		case EventReasoning:
			reasoning.WriteString(ev.Text)
		case EventToolCall:
			r.ToolCalls = append(r.ToolCalls, ev.ToolCall)
		case EventDone:
			r.StopReason, r.Usage = ev.StopReason, ev.Usage
		}
	}
	r.Text, r.Reasoning = text.String(), reasoning.String()
	return r, nil
}

// Complete sends req to p and returns the whole reply.
func Complete(ctx context.Context, p Provider, req Request) (Response, error) {
	return Collect(p.Stream(ctx, req), nil)
}
