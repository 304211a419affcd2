package client

import (
	"encoding/json"
	"net/http"

	"nosh/ai"
)

// anthropicVersion is the Messages API version nosh speaks.
const anthropicVersion = "2023-06-01"

// anthropicMaxTokens is the reply bound when a Request sets none: the API
// requires one.
const anthropicMaxTokens = 4096

// anthropicWire speaks Anthropic's Messages API.
type anthropicWire struct{}

type anRequest struct {
	Model     string      `json:"model"`
	MaxTokens int         `json:"max_tokens"`
	System    string      `json:"system,omitempty"`
	Messages  []anMessage `json:"messages"`
	Tools     []anTool    `json:"tools,omitempty"`
	Stream    bool        `json:"stream"`
}

type anMessage struct {
	Role    string    `json:"role"`
	Content []anBlock `json:"content"`
}

// anBlock is a content block; which fields are set depends on Type.
type anBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   string          `json:"content,omitempty"`
}

type anTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

func (anthropicWire) path() string { return "/v1/messages" }

func (anthropicWire) authorize(h http.Header, key string) {
	h.Set("Accept", "text/event-stream")
	h.Set("Anthropic-Version", anthropicVersion)
	if key != "" {
		h.Set("X-Api-Key", key)
	}
}

// encode turns the conversation into Anthropic's shape: tool results are
// blocks of a user turn, tool calls blocks of an assistant turn, and
// consecutive turns of one role are merged, as the API wants roles to
// alternate.
func (anthropicWire) encode(req ai.Request, model string) any {
	r := anRequest{Model: model, MaxTokens: req.MaxTokens, System: req.System, Stream: true, Messages: []anMessage{}}
	if r.MaxTokens <= 0 {
		r.MaxTokens = anthropicMaxTokens
	}
	for _, m := range req.Messages {
		role, blocks := anBlocks(m)
		if len(blocks) == 0 {
			continue
		}
		if n := len(r.Messages); n > 0 && r.Messages[n-1].Role == role {
			r.Messages[n-1].Content = append(r.Messages[n-1].Content, blocks...)
			continue
		}
		r.Messages = append(r.Messages, anMessage{Role: role, Content: blocks})
	}
	for _, t := range req.Tools {
		r.Tools = append(r.Tools, anTool{Name: t.Name, Description: t.Description, InputSchema: toolSchema(t)})
	}
	return r
}

func anBlocks(m ai.Message) (role string, blocks []anBlock) {
	switch m.Role {
	case ai.RoleTool:
		return "user", []anBlock{{Type: "tool_result", ToolUseID: m.ToolCallID, Content: m.Content}}
	case ai.RoleAssistant:
		if m.Content != "" {
			blocks = append(blocks, anBlock{Type: "text", Text: m.Content})
		}
		for _, tc := range m.ToolCalls {
			blocks = append(blocks, anBlock{Type: "tool_use", ID: tc.ID, Name: tc.Name, Input: argsObject(tc)})
		}
		return "assistant", blocks
	}
	if m.Content == "" {
		return "user", nil
	}
	return "user", []anBlock{{Type: "text", Text: m.Content}}
}
