package client

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"nosh/ai"
	"nosh/ai/fakellm"
	"nosh/config"
)

// conversation is an agent exchange after two parallel tool calls: what a
// request looks like once tools have answered.
func conversation() ai.Request {
	return ai.Request{
		System: "You are nosh's agent.",
		Messages: []ai.Message{
			{Role: ai.RoleUser, Content: "which directory here is biggest?"},
			{Role: ai.RoleAssistant, Content: "Let me look.", ToolCalls: []ai.ToolCall{
				{ID: "c1", Name: "run", Arguments: `{"command":"du -sh *"}`},
				{ID: "c2", Name: "read_file", Arguments: `{"path":"README"}`},
			}},
			{Role: ai.RoleTool, ToolCallID: "c1", Content: "4.0K\ta\n1.2G\tb"},
			{Role: ai.RoleTool, ToolCallID: "c2", Content: "# readme"},
			{Role: ai.RoleAssistant, Content: "b is the biggest (1.2G)."},
			{Role: ai.RoleUser, Content: "and the smallest?"},
			{Role: ai.RoleAssistant, ToolCalls: []ai.ToolCall{{ID: "c3", Name: "pwd"}}},
			{Role: ai.RoleTool, ToolCallID: "c3", Content: "/home/u"},
		},
		Tools: []ai.Tool{
			{Name: "run", Description: "Run a shell command.", Parameters: json.RawMessage(`{"type":"object","properties":{"command":{"type":"string"}},"required":["command"]}`)},
			{Name: "read_file", Description: "Read a file.", Parameters: json.RawMessage(`{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}`)},
			{Name: "pwd", Description: "Print the working directory."},
		},
	}
}

// TestRequestSent checks what goes over the wire: path, headers, the auth
// scheme, and the body (against a golden file), which must not hold the
// key.
func TestRequestSent(t *testing.T) {
	tests := []struct {
		wire, path string
		header     map[string]string // "" means absent
	}{
		{"openai", "/v1/chat/completions", map[string]string{"Authorization": "Bearer " + testKey, "X-Api-Key": "", "Content-Type": "application/json", "Accept": "text/event-stream"}},
		{"anthropic", "/v1/messages", map[string]string{"X-Api-Key": testKey, "Anthropic-Version": "2023-06-01", "Authorization": "", "Content-Type": "application/json"}},
		{"ollama", "/api/chat", map[string]string{"Authorization": "Bearer " + testKey, "X-Api-Key": "", "Content-Type": "application/json"}},
	}
	for _, tt := range tests {
		t.Run(tt.wire, func(t *testing.T) {
			srv := fakellm.New(t, fakellm.Text("ok"))
			c, _ := newTest(t, srv, tt.wire)
			if _, err := ai.Complete(t.Context(), c, conversation()); err != nil {
				t.Fatal(err)
			}
			reqs := srv.Requests()
			if len(reqs) != 1 {
				t.Fatalf("%d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != http.MethodPost || r.Path != tt.path {
				t.Errorf("sent %s %s, want POST %s", r.Method, r.Path, tt.path)
			}
			for k, want := range tt.header {
				if got := r.Header.Get(k); got != want {
					t.Errorf("header %s = %q, want %q", k, got, want)
				}
			}
			if bytes.Contains(r.Body, []byte(testKey)) {
				t.Error("the key is in the request body")
			}
			var pretty bytes.Buffer
			if err := json.Indent(&pretty, r.Body, "", "  "); err != nil {
				t.Fatal(err)
			}
			golden(t, "request_"+tt.wire+".json", pretty.String()+"\n")
		})
	}
}

// TestNoKeyNoHeader: a local Ollama without a key gets no auth header.
func TestNoKeyNoHeader(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("ok"))
	c, _ := newTestEnv(t, config.AI{Provider: "ollama", BaseURL: srv.URL()}, env{})
	if _, err := ai.Complete(t.Context(), c, userReq("x")); err != nil {
		t.Fatal(err)
	}
	h := srv.Requests()[0].Header
	if h.Get("Authorization") != "" || h.Get("X-Api-Key") != "" {
		t.Errorf("auth headers sent without a key: %v", h)
	}
}

// TestMaxTokens: each format spells the reply bound its own way.
func TestMaxTokens(t *testing.T) {
	tests := []struct {
		provider, base string
		max            int
		want           string
	}{
		{"anthropic", "", 0, `"max_tokens":4096`},
		{"anthropic", "", 100, `"max_tokens":100`},
		{"ollama", "", 100, `"options":{"num_predict":100}`},
		{"groq", "/v1", 100, `"max_tokens":100`},
		{"openai", "/v1", 0, `"stream_options":{"include_usage":true}`},
	}
	for _, tt := range tests {
		t.Run(tt.provider+"/"+tt.want, func(t *testing.T) {
			srv := fakellm.New(t, fakellm.Text("ok"))
			c, _ := newTestEnv(t, config.AI{Provider: tt.provider, BaseURL: srv.URL() + tt.base}, env{"NOSH_AI_API_KEY": testKey})
			req := userReq("x")
			req.MaxTokens = tt.max
			if _, err := ai.Complete(t.Context(), c, req); err != nil {
				t.Fatal(err)
			}
			if body := string(srv.Requests()[0].Body); !strings.Contains(body, tt.want) {
				t.Errorf("body lacks %s:\n%s", tt.want, body)
			}
		})
	}
}

// TestOpenAIWireOptions: api.openai.com gets max_completion_tokens, and
// Mistral, which refuses stream_options, does not get it.
func TestOpenAIWireOptions(t *testing.T) {
	req := userReq("x")
	req.MaxTokens = 50
	body := func(w *openaiWire) string {
		b, err := json.Marshal(w.encode(req, "m"))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	c, err := newClient(config.AI{Provider: "openai"}, env{}.get)
	if err != nil {
		t.Fatal(err)
	}
	if b := body(c.wire.(*openaiWire)); !strings.Contains(b, `"max_completion_tokens":50`) || strings.Contains(b, `"max_tokens"`) {
		t.Errorf("api.openai.com body: %s", b)
	}
	c, err = newClient(config.AI{Provider: "mistral"}, env{}.get)
	if err != nil {
		t.Fatal(err)
	}
	if b := body(c.wire.(*openaiWire)); strings.Contains(b, "stream_options") || !strings.Contains(b, `"max_tokens":50`) {
		t.Errorf("mistral body: %s", b)
	}
}

// TestNoRedirect: a redirect is not followed, so the key never reaches
// another address.
func TestNoRedirect(t *testing.T) {
	other := fakellm.New(t, fakellm.Text("stolen"))
	redirect := fakellm.New(t, fakellm.Error(http.StatusTemporaryRedirect, "", map[string]string{"Location": other.URL() + "/v1/messages"}))
	c, _ := newTest(t, redirect, "anthropic")
	_, err := ai.Complete(t.Context(), c, userReq("x"))
	if ai.ClassOf(err) != ai.ClassInvalidRequest || !strings.Contains(err.Error(), "redirects") {
		t.Fatalf("got %v (%s)", err, ai.ClassOf(err))
	}
	if n := len(other.Requests()); n != 0 {
		t.Fatalf("the redirect was followed: %d requests reached the other server", n)
	}
}
