package client

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"nosh/ai"
)

type oaChunk struct {
	Choices []oaChoice `json:"choices"`
	Usage   *oaUsage   `json:"usage"`
	XGroq   *struct {
		Usage *oaUsage `json:"usage"`
	} `json:"x_groq"`
	Error json.RawMessage `json:"error"`
}

type oaChoice struct {
	Index        int     `json:"index"`
	Delta        oaDelta `json:"delta"`
	FinishReason *string `json:"finish_reason"`
}

type oaDelta struct {
	// Content is a string, or (Mistral's reasoning models) an array of
	// text and thinking parts.
	Content          json.RawMessage `json:"content"`
	ReasoningContent string          `json:"reasoning_content"`
	Reasoning        string          `json:"reasoning"`
	ToolCalls        []oaToolDelta   `json:"tool_calls"`
}

type oaToolDelta struct {
	// Index is absent on some servers (Gemini, older Ollama): then an id
	// starts a new call and a fragment without one continues the last.
	Index    *int       `json:"index"`
	ID       string     `json:"id"`
	Function oaFunction `json:"function"`
}

type oaUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// oaPart is one element of an array content.
type oaPart struct {
	Type     string          `json:"type"`
	Text     string          `json:"text"`
	Thinking json.RawMessage `json:"thinking"`
}

// oaCalls accumulates tool-call fragments until the choice finishes.
type oaCalls struct {
	calls   []*oaCall
	byIndex map[int]*oaCall
}

type oaCall struct {
	id, name string
	args     strings.Builder
}

func (a *oaCalls) add(d oaToolDelta) {
	var c *oaCall
	switch {
	case d.Index != nil:
		c = a.byIndex[*d.Index]
		if c == nil {
			c = &oaCall{}
			if a.byIndex == nil {
				a.byIndex = make(map[int]*oaCall)
			}
			a.byIndex[*d.Index] = c
			a.calls = append(a.calls, c)
		}
	case len(a.calls) > 0 && (d.ID == "" || d.ID == a.calls[len(a.calls)-1].id):
		c = a.calls[len(a.calls)-1]
	default:
		c = &oaCall{}
		a.calls = append(a.calls, c)
	}
	if d.ID != "" {
		c.id = d.ID
	}
	if d.Function.Name != "" {
		c.name = d.Function.Name
	}
	c.args.WriteString(d.Function.Arguments)
}

// flush sends the finished calls in the order they began.
func (a *oaCalls) flush(out *sink) error {
	for _, c := range a.calls {
		if err := out.toolCall(ai.ToolCall{ID: c.id, Name: c.name, Arguments: c.args.String()}); err != nil {
			return err
		}
	}
	a.calls, a.byIndex = nil, nil
	return nil
}

func (*openaiWire) decode(r io.Reader, out *sink) (finish, error) {
	var (
		fin      finish
		calls    oaCalls
		finished bool
	)
	sse := newSSEReader(r)
	for {
		ev, err := sse.next()
		if err == io.EOF {
			// Some servers end without [DONE]; after a finish_reason the
			// reply is whole.
			if finished {
				return fin, calls.flush(out)
			}
			return fin, io.ErrUnexpectedEOF
		}
		if err != nil {
			return fin, err
		}
		data := strings.TrimSpace(ev.data)
		if data == "[DONE]" {
			return fin, calls.flush(out)
		}
		if data == "" {
			continue
		}
		var chunk oaChunk
		if err := json.Unmarshal([]byte(data), &chunk); err != nil {
			return fin, &malformedError{fmt.Errorf("bad chunk %.60q: %w", data, err)}
		}
		if len(chunk.Error) > 0 && string(chunk.Error) != "null" || ev.name == "error" {
			return fin, &streamAPIError{parseAPIError([]byte(data))}
		}
		if u := chunk.Usage; u == nil && chunk.XGroq != nil {
			chunk.Usage = chunk.XGroq.Usage
		}
		if u := chunk.Usage; u != nil {
			fin.usage = ai.Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens}
			fin.hasUsage = true
		}
		for _, ch := range chunk.Choices {
			if ch.Index != 0 {
				continue
			}
			if err := oaDeltaOut(ch.Delta, out); err != nil {
				return fin, err
			}
			for _, d := range ch.Delta.ToolCalls {
				calls.add(d)
			}
			if ch.FinishReason != nil && *ch.FinishReason != "" {
				finished = true
				fin.stop = oaStop(*ch.FinishReason)
				if err := calls.flush(out); err != nil {
					return fin, err
				}
			}
		}
	}
}

// oaDeltaOut sends a delta's reasoning and text.
func oaDeltaOut(d oaDelta, out *sink) error {
	if err := out.reasoning(d.ReasoningContent); err != nil {
		return err
	}
	if err := out.reasoning(d.Reasoning); err != nil {
		return err
	}
	if len(d.Content) == 0 || string(d.Content) == "null" {
		return nil
	}
	if d.Content[0] == '"' {
		var s string
		if err := json.Unmarshal(d.Content, &s); err != nil {
			return &malformedError{err}
		}
		return out.text(s)
	}
	var parts []oaPart
	if err := json.Unmarshal(d.Content, &parts); err != nil {
		return &malformedError{fmt.Errorf("bad content: %w", err)}
	}
	for _, p := range parts {
		var err error
		switch p.Type {
		case "text":
			err = out.text(p.Text)
		case "thinking":
			err = out.reasoning(thinkingText(p.Thinking))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// thinkingText flattens Mistral's thinking field: a string or a list of
// text parts.
func thinkingText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var parts []oaPart
	_ = json.Unmarshal(raw, &parts)
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.Text)
	}
	return b.String()
}

func oaStop(reason string) ai.StopReason {
	switch reason {
	case "stop", "eos", "end_turn":
		return ai.StopEnd
	case "tool_calls", "function_call":
		return ai.StopToolUse
	case "length", "model_length":
		return ai.StopMaxTokens
	}
	return ai.StopReason(reason)
}
