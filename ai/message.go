package ai

import "encoding/json"

// Role is who said a [Message].
type Role string

// The roles of a conversation. The system prompt is [Request.System], not a
// message.
const (
	RoleUser      Role = "user"
	RoleAssistant Role = "assistant"
	// RoleTool carries the result of a tool call, named by ToolCallID.
	RoleTool Role = "tool"
)

// Message is one turn of a conversation.
type Message struct {
	Role Role
	// Content is the text of the turn; for RoleTool, the tool's result.
	Content string
	// ToolCalls are the calls an assistant turn made.
	ToolCalls []ToolCall
	// ToolCallID names the call a RoleTool message answers.
	ToolCallID string
}

// Tool is a function the model may call.
type Tool struct {
	Name        string
	Description string
	// Parameters is the JSON Schema of the arguments object; nil means
	// no arguments.
	Parameters json.RawMessage
}

// ToolCall is one complete call of a [Tool] by the model.
type ToolCall struct {
	// ID is the provider's id for the call, or one made up for providers
	// that send none (Ollama); a tool result refers to it.
	ID   string
	Name string
	// Arguments is the JSON object of arguments, "{}" when there are none.
	// It is passed on as the model wrote it, so it may be invalid JSON
	// when the reply was cut short (StopMaxTokens).
	Arguments string
}

// Request is one exchange: a conversation to continue.
type Request struct {
	// System is the system prompt; empty for none.
	System   string
	Messages []Message
	Tools    []Tool
	// Model overrides the provider's model for this request (the agent
	// uses it for ai.agentic_model); empty means [Provider.Model].
	Model string
	// MaxTokens bounds the reply; 0 means the provider's default (4096
	// for Anthropic, which requires a bound; unset elsewhere).
	MaxTokens int
}
