package client

import (
	"encoding/json"
	"net/http"

	"nosh/ai"
)

// openaiWire speaks the Chat Completions API of OpenAI and the many
// servers that copy it.
type openaiWire struct {
	// maxCompletionTokens: api.openai.com wants max_completion_tokens
	// (its reasoning models refuse max_tokens); the copies know only
	// max_tokens.
	maxCompletionTokens bool
	// noStreamOptions: the server rejects stream_options (Mistral, which
	// sends usage unasked).
	noStreamOptions bool
}

type oaRequest struct {
	Model               string        `json:"model,omitempty"`
	Messages            []oaMessage   `json:"messages"`
	Tools               []oaTool      `json:"tools,omitempty"`
	Stream              bool          `json:"stream"`
	StreamOptions       *oaStreamOpts `json:"stream_options,omitempty"`
	MaxTokens           int           `json:"max_tokens,omitempty"`
	MaxCompletionTokens int           `json:"max_completion_tokens,omitempty"`
}

type oaStreamOpts struct {
	IncludeUsage bool `json:"include_usage"`
}

type oaMessage struct {
	Role string `json:"role"`
	// Content is a string, or null for an assistant turn that only
	// calls tools.
	Content    *string      `json:"content"`
	ToolCalls  []oaToolCall `json:"tool_calls,omitempty"`
	ToolCallID string       `json:"tool_call_id,omitempty"`
}

type oaToolCall struct {
	ID       string     `json:"id"`
	Type     string     `json:"type"`
	Function oaFunction `json:"function"`
}

type oaFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

type oaTool struct {
	Type     string        `json:"type"`
	Function oaFunctionDef `json:"function"`
}

type oaFunctionDef struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters"`
}

func (*openaiWire) path() string { return "/chat/completions" }

func (w *openaiWire) authorize(h http.Header, key string) {
	h.Set("Accept", "text/event-stream")
	if key != "" {
		h.Set("Authorization", "Bearer "+key)
	}
}

func (w *openaiWire) encode(req ai.Request, model string) any {
	r := oaRequest{Model: model, Stream: true}
	if !w.noStreamOptions {
		r.StreamOptions = &oaStreamOpts{IncludeUsage: true}
	}
	if w.maxCompletionTokens {
		r.MaxCompletionTokens = req.MaxTokens
	} else {
		r.MaxTokens = req.MaxTokens
	}
	if req.System != "" {
		r.Messages = append(r.Messages, oaMessage{Role: "system", Content: &req.System})
	}
	for _, m := range req.Messages {
		om := oaMessage{Role: string(m.Role), Content: &m.Content, ToolCallID: m.ToolCallID}
		if m.Role == ai.RoleAssistant && len(m.ToolCalls) > 0 && m.Content == "" {
			om.Content = nil
		}
		for _, tc := range m.ToolCalls {
			om.ToolCalls = append(om.ToolCalls, oaToolCall{ID: tc.ID, Type: "function", Function: oaFunction{Name: tc.Name, Arguments: string(argsObject(tc))}})
		}
		r.Messages = append(r.Messages, om)
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, oaTool{Type: "function", Function: oaFunctionDef{Name: t.Name, Description: t.Description, Parameters: toolSchema(t)}})
	}
	return r
}
