package client

import (
	"encoding/json"
	"strings"

	"nosh/ai"
)

// emptySchema is sent for a tool without parameters: every provider wants
// an object schema.
var emptySchema = json.RawMessage(`{"type":"object","properties":{}}`)

// toolSchema is the JSON Schema of t's arguments as the wire formats send
// it. A JSON null is no parameters: that is what nil becomes on its way
// through the helper's pipe.
func toolSchema(t ai.Tool) json.RawMessage {
	if len(t.Parameters) == 0 || string(t.Parameters) == "null" {
		return emptySchema
	}
	return t.Parameters
}

// argsObject is a tool call's arguments as a JSON object, for the wire
// formats that want an object rather than a string. Arguments that are not
// a valid object (a reply cut short) become {} so that the conversation can
// still be sent back.
func argsObject(c ai.ToolCall) json.RawMessage {
	a := json.RawMessage(strings.TrimSpace(c.Arguments))
	if len(a) == 0 || a[0] != '{' || !json.Valid(a) {
		return json.RawMessage("{}")
	}
	return a
}
