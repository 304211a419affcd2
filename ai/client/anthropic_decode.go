package client

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"nosh/ai"
)

// anEvent is any event of a Messages stream; which fields are set depends
// on Type.
type anEvent struct {
	Type    string `json:"type"`
	Index   int    `json:"index"`
	Message *struct {
		Usage *anUsage `json:"usage"`
	} `json:"message"`
	ContentBlock *struct {
		Type string `json:"type"`
		ID   string `json:"id"`
		Name string `json:"name"`
	} `json:"content_block"`
	Delta *struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		PartialJSON string `json:"partial_json"`
		Thinking    string `json:"thinking"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage *anUsage `json:"usage"`
}

type anUsage struct {
	InputTokens              int `json:"input_tokens"`
	OutputTokens             int `json:"output_tokens"`
	CacheCreationInputTokens int `json:"cache_creation_input_tokens"`
	CacheReadInputTokens     int `json:"cache_read_input_tokens"`
}

// anToolBlock is a tool_use block whose input is still arriving.
type anToolBlock struct {
	id, name string
	input    strings.Builder
}

func (anthropicWire) decode(r io.Reader, out *sink) (finish, error) {
	var fin finish
	tools := make(map[int]*anToolBlock)
	sse := newSSEReader(r)
	for {
		ev, err := sse.next()
		if err == io.EOF {
			return fin, io.ErrUnexpectedEOF
		}
		if err != nil {
			return fin, err
		}
		if ev.name == "ping" || strings.TrimSpace(ev.data) == "" {
			continue
		}
		var e anEvent
		if err := json.Unmarshal([]byte(ev.data), &e); err != nil {
			return fin, &malformedError{fmt.Errorf("bad %s event %.60q: %w", ev.name, ev.data, err)}
		}
		switch e.Type {
		case "message_start":
			if e.Message != nil && e.Message.Usage != nil {
				u := e.Message.Usage
				fin.usage.InputTokens = u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens
				fin.usage.OutputTokens = u.OutputTokens
				fin.hasUsage = true
			}
		case "content_block_start":
			if b := e.ContentBlock; b != nil && b.Type == "tool_use" {
				tools[e.Index] = &anToolBlock{id: b.ID, name: b.Name}
			}
		case "content_block_delta":
			if err := anDelta(e, tools, out); err != nil {
				return fin, err
			}
		case "content_block_stop":
			if t := tools[e.Index]; t != nil {
				delete(tools, e.Index)
				if err := out.toolCall(ai.ToolCall{ID: t.id, Name: t.name, Arguments: t.input.String()}); err != nil {
					return fin, err
				}
			}
		case "message_delta":
			if e.Delta != nil && e.Delta.StopReason != "" {
				fin.stop = anStop(e.Delta.StopReason)
			}
			if u := e.Usage; u != nil {
				fin.usage.OutputTokens = u.OutputTokens
				if in := u.InputTokens + u.CacheCreationInputTokens + u.CacheReadInputTokens; in > 0 {
					fin.usage.InputTokens = in
				}
				fin.hasUsage = true
			}
		case "message_stop":
			return fin, nil
		case "error":
			return fin, &streamAPIError{parseAPIError([]byte(ev.data))}
		}
		// ping and event types added after this was written are skipped.
	}
}

func anDelta(e anEvent, tools map[int]*anToolBlock, out *sink) error {
	if e.Delta == nil {
		return nil
	}
	switch e.Delta.Type {
	case "text_delta":
		return out.text(e.Delta.Text)
	case "thinking_delta":
		return out.reasoning(e.Delta.Thinking)
	case "input_json_delta":
		if t := tools[e.Index]; t != nil {
			t.input.WriteString(e.Delta.PartialJSON)
		}
	}
	// signature_delta only matters to a client that sends thinking
	// blocks back, which nosh does not.
	return nil
}

func anStop(reason string) ai.StopReason {
	switch reason {
	case "end_turn", "stop_sequence":
		return ai.StopEnd
	case "tool_use":
		return ai.StopToolUse
	case "max_tokens", "model_context_window_exceeded":
		return ai.StopMaxTokens
	}
	return ai.StopReason(reason)
}
