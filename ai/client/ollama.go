package client

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"nosh/ai"
)

// ollamaWire speaks Ollama's native /api/chat: newline-delimited JSON,
// ended by a line with "done": true.
type ollamaWire struct{}

type olRequest struct {
	Model    string      `json:"model"`
	Messages []olMessage `json:"messages"`
	Tools    []oaTool    `json:"tools,omitempty"`
	Stream   bool        `json:"stream"`
	Options  *olOptions  `json:"options,omitempty"`
}

type olOptions struct {
	NumPredict int `json:"num_predict,omitempty"`
}

type olMessage struct {
	Role      string       `json:"role"`
	Content   string       `json:"content"`
	Thinking  string       `json:"thinking,omitempty"`
	ToolCalls []olToolCall `json:"tool_calls,omitempty"`
	// ToolName names the tool a "tool" message answers: Ollama matches
	// results by name, not id.
	ToolName string `json:"tool_name,omitempty"`
}

type olToolCall struct {
	ID       string     `json:"id,omitempty"`
	Function olFunction `json:"function"`
}

type olFunction struct {
	Name      string          `json:"name"`
	Arguments json.RawMessage `json:"arguments"`
}

type olChunk struct {
	Message         olMessage `json:"message"`
	Done            bool      `json:"done"`
	DoneReason      string    `json:"done_reason"`
	PromptEvalCount int       `json:"prompt_eval_count"`
	EvalCount       int       `json:"eval_count"`
	Error           string    `json:"error"`
}

func (ollamaWire) path() string { return "/api/chat" }

func (ollamaWire) authorize(h http.Header, key string) {
	h.Set("Accept", "application/x-ndjson")
	// A local Ollama needs no key; one behind an authenticating proxy,
	// or ollama.com, takes a bearer token.
	if key != "" {
		h.Set("Authorization", "Bearer "+key)
	}
}

func (ollamaWire) encode(req ai.Request, model string) any {
	r := olRequest{Model: model, Stream: true}
	if req.MaxTokens > 0 {
		r.Options = &olOptions{NumPredict: req.MaxTokens}
	}
	if req.System != "" {
		r.Messages = append(r.Messages, olMessage{Role: "system", Content: req.System})
	}
	names := make(map[string]string) // tool call id → tool name
	for _, m := range req.Messages {
		om := olMessage{Role: string(m.Role), Content: m.Content}
		for _, tc := range m.ToolCalls {
			names[tc.ID] = tc.Name
			om.ToolCalls = append(om.ToolCalls, olToolCall{ID: tc.ID, Function: olFunction{Name: tc.Name, Arguments: argsObject(tc)}})
		}
		if m.Role == ai.RoleTool {
			om.ToolName = names[m.ToolCallID]
		}
		r.Messages = append(r.Messages, om)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, oaTool{Type: "function", Function: oaFunctionDef{Name: t.Name, Description: t.Description, Parameters: toolSchema(t)}})
	}
	return r
}

func (ollamaWire) decode(r io.Reader, out *sink) (finish, error) {
	var fin finish
	br := bufio.NewReaderSize(r, 16<<10)
	for {
		line, err := br.ReadBytes('\n')
		if err != nil && err != io.EOF {
			return fin, err
		}
		eof := err == io.EOF
		if line = bytes.TrimSpace(line); len(line) > 0 {
			var c olChunk
			if jerr := json.Unmarshal(line, &c); jerr != nil {
				if eof {
					// A line cut by the end of the stream.
					return fin, io.ErrUnexpectedEOF
				}
				return fin, &malformedError{fmt.Errorf("bad line %.60q: %w", line, jerr)}
			}
			if c.Error != "" {
				return fin, &streamAPIError{apiError{Message: c.Error}}
			}
			if err := olMessageOut(c.Message, out); err != nil {
				return fin, err
			}
			if c.Done {
				fin.stop = olStop(c.DoneReason)
				if c.PromptEvalCount > 0 || c.EvalCount > 0 {
					fin.usage = ai.Usage{InputTokens: c.PromptEvalCount, OutputTokens: c.EvalCount}
					fin.hasUsage = true
				}
				return fin, nil
			}
		}
		if eof {
			// Without its done line the reply may be cut anywhere: an
			// error, not a short answer.
			return fin, io.ErrUnexpectedEOF
		}
	}
}

func olMessageOut(m olMessage, out *sink) error {
	if err := out.reasoning(m.Thinking); err != nil {
		return err
	}
	if err := out.text(m.Content); err != nil {
		return err
	}
	for _, tc := range m.ToolCalls {
		args := olArguments(tc.Function.Arguments)
		if err := out.toolCall(ai.ToolCall{ID: tc.ID, Name: tc.Function.Name, Arguments: args}); err != nil {
			return err
		}
	}
	return nil
}

// olArguments is a call's arguments as a JSON text. Ollama sends an
// object; a server that sends the object encoded in a string is forgiven.
func olArguments(raw json.RawMessage) string {
	var s string
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return ""
	case raw[0] == '"' && json.Unmarshal(raw, &s) == nil:
		return s
	}
	return string(raw)
}

func olStop(reason string) ai.StopReason {
	switch reason {
	case "stop", "":
		return ai.StopEnd
	case "length":
		return ai.StopMaxTokens
	}
	return ai.StopReason(reason)
}
