package fakellm

import "time"

// Reply is what the server answers to one request. The zero Reply is an
// empty successful answer. Its JSON form is the script format of
// cmd/fakellm.
type Reply struct {
	// Text is the answer text.
	Text string `json:"text,omitempty"`
	// Reasoning is sent the way each format marks reasoning
	// (reasoning_content, a thinking block, Ollama's thinking field),
	// before the text.
	Reasoning string `json:"reasoning,omitempty"`
	// ToolCalls are sent after the text; with more than one they are
	// parallel calls.
	ToolCalls []Call `json:"tool_calls,omitempty"`
	// Chunk, when positive, splits text and reasoning into deltas of that
	// many runes and tool arguments into fragments of that many bytes;
	// fragments of parallel calls are interleaved. 0 sends each whole.
	Chunk int `json:"chunk,omitempty"`
	// Usage is the token count reported; nil reports [DefaultUsage].
	Usage *Usage `json:"usage,omitempty"`
	// NoUsage reports no usage at all.
	NoUsage bool `json:"no_usage,omitempty"`
	// Stop overrides the stop reason as the wire format spells it
	// ("length", "max_tokens", …); empty derives it from ToolCalls.
	Stop string `json:"stop,omitempty"`

	// Status, when set and not 200, makes this an error reply: Body (or
	// a body in the format's error shape when empty) with Header.
	Status int               `json:"status,omitempty"`
	Body   string            `json:"body,omitempty"`
	Header map[string]string `json:"header,omitempty"`
	// Raw, when set, is served as the 200 body byte for byte (split by
	// Chunk bytes), instead of rendering the fields above.
	Raw string `json:"raw,omitempty"`

	// Malformed puts a chunk that is not valid JSON after the first one.
	Malformed bool `json:"malformed,omitempty"`
	// After counts the body bytes sent before Drop or Stall applies;
	// 0 means before the status line.
	After int `json:"after,omitempty"`
	// Drop closes the connection once After bytes are sent.
	Drop bool `json:"drop,omitempty"`
	// Stall stops sending once After bytes are sent, until the client
	// goes away or the server closes; the reply never completes.
	Stall bool `json:"stall,omitempty"`
	// PaceMS waits this many milliseconds between chunks.
	PaceMS int `json:"pace_ms,omitempty"`
}

// Call is a tool call in a Reply.
type Call struct {
	// ID is the call's id; empty gets "call_N" (OpenAI), "toolu_N"
	// (Anthropic), or no id at all (Ollama, which sends none).
	ID   string `json:"id,omitempty"`
	Name string `json:"name"`
	// Arguments is the JSON object of arguments.
	Arguments string `json:"arguments"`
}

// Usage is a token count.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// DefaultUsage is what a Reply without Usage reports: 11 input and 7
// output tokens.
func DefaultUsage() Usage { return Usage{InputTokens: 11, OutputTokens: 7} }

// Text is a plain answer.
func Text(s string) Reply { return Reply{Text: s} }

// Reasoning is an answer preceded by reasoning.
func Reasoning(reasoning, text string) Reply { return Reply{Reasoning: reasoning, Text: text} }

// ToolCalls is a reply that calls tools.
func ToolCalls(calls ...Call) Reply { return Reply{ToolCalls: calls} }

// Error is an HTTP error reply; body "" gets the format's error shape, and
// header may carry Retry-After.
func Error(status int, body string, header map[string]string) Reply {
	return Reply{Status: status, Body: body, Header: header}
}

// Raw serves body as a 200 reply, byte for byte: a recorded transcript.
func Raw(body string) Reply { return Reply{Raw: body} }

// Stall is a reply that never starts: the server holds the request without
// sending a byte.
func Stall() Reply { return Reply{Stall: true} }

// Chunked splits the reply into pieces of n runes (or bytes, for tool
// arguments and Raw).
func (r Reply) Chunked(n int) Reply { r.Chunk = n; return r }

// WithText adds answer text, e.g. to a tool-call reply.
func (r Reply) WithText(s string) Reply { r.Text = s; return r }

// WithUsage sets the reported usage.
func (r Reply) WithUsage(in, out int) Reply {
	r.Usage = &Usage{InputTokens: in, OutputTokens: out}
	return r
}

// WithoutUsage reports no usage.
func (r Reply) WithoutUsage() Reply { r.NoUsage = true; return r }

// WithStop sets the stop reason as the format spells it.
func (r Reply) WithStop(stop string) Reply { r.Stop = stop; return r }

// WithMalformed adds a chunk that is not JSON after the first one.
func (r Reply) WithMalformed() Reply { r.Malformed = true; return r }

// DropAfter closes the connection after n body bytes.
func (r Reply) DropAfter(n int) Reply { r.Drop, r.After = true, n; return r }

// StallAfter stops sending after n body bytes (0: before the status line).
func (r Reply) StallAfter(n int) Reply { r.Stall, r.After = true, n; return r }

// Paced waits d between chunks.
func (r Reply) Paced(d time.Duration) Reply { r.PaceMS = int(d / time.Millisecond); return r }

func (r Reply) usage() (Usage, bool) {
	if r.NoUsage {
		return Usage{}, false
	}
	if r.Usage != nil {
		return *r.Usage, true
	}
	return DefaultUsage(), true
}

// pieces splits s into chunks of n runes; n <= 0 keeps it whole.
func pieces(s string, n int) []string {
	if s == "" {
		return nil
	}
	if n <= 0 {
		return []string{s}
	}
	var out []string
	r := []rune(s)
	for len(r) > n {
		out = append(out, string(r[:n]))
		r = r[n:]
	}
	return append(out, string(r))
}

// bytePieces splits s into chunks of n bytes; n <= 0 keeps it whole.
func bytePieces(s string, n int) []string {
	if n <= 0 || len(s) <= n {
		return []string{s}
	}
	var out []string
	for len(s) > n {
		out = append(out, s[:n])
		s = s[n:]
	}
	return append(out, s)
}
