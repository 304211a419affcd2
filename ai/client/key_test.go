package client

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"nosh/ai"
	"nosh/ai/fakellm"
	"nosh/config"
)

// TestKeyOrder: NOSH_AI_API_KEY, then the variable, then api_key_cmd.
func TestKeyOrder(t *testing.T) {
	tests := []struct {
		name     string
		cfg      config.AI
		env      env
		want     string
		describe string
	}{
		{"default variable", config.AI{Provider: "openai"}, env{"OPENAI_API_KEY": "k-default"}, "k-default", "OPENAI_API_KEY"},
		{"configured variable", config.AI{Provider: "openai", APIKeyEnv: "WORK_KEY"}, env{"OPENAI_API_KEY": "k-default", "WORK_KEY": "k-work"}, "k-work", "WORK_KEY"},
		{"override wins", config.AI{Provider: "openai", APIKeyCmd: "echo k-cmd"}, env{"NOSH_AI_API_KEY": "k-nosh", "OPENAI_API_KEY": "k-default"}, "k-nosh", "NOSH_AI_API_KEY"},
		{"variable over command", config.AI{Provider: "openai", APIKeyCmd: "echo k-cmd"}, env{"OPENAI_API_KEY": "k-default"}, "k-default", "OPENAI_API_KEY"},
		{"command", config.AI{Provider: "openai", APIKeyCmd: "printf 'k-cmd\\nsecond line\\n'"}, env{}, "k-cmd", "the key printed by [ai] api_key_cmd"},
		{"preset variable", config.AI{Provider: "groq"}, env{"GROQ_API_KEY": " k-groq \n"}, "k-groq", "GROQ_API_KEY"},
		{"none", config.AI{Provider: "lmstudio", Model: "m"}, env{}, "", "NOSH_AI_API_KEY or [ai] api_key_env"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := newClient(tt.cfg, tt.env.get)
			if err != nil {
				t.Fatal(err)
			}
			got, err := c.key.get(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("key %q, want %q", got, tt.want)
			}
			if d := c.key.describe(); d != tt.describe {
				t.Errorf("describe %q, want %q", d, tt.describe)
			}
		})
	}
}

// TestKeyCmdOnce: the key command runs once, lazily, and its key goes only
// into the auth header.
func TestKeyCmdOnce(t *testing.T) {
	count := filepath.Join(t.TempDir(), "runs")
	srv := fakellm.New(t, fakellm.Text("a"), fakellm.Text("b"))
	cfg := config.AI{Provider: "anthropic", BaseURL: srv.URL(), APIKeyCmd: "echo run >> " + count + "; echo " + testKey}
	c, _ := newTestEnv(t, cfg, env{})
	if _, err := os.Stat(count); err == nil {
		t.Fatal("the key command ran before any request")
	}
	for range 2 {
		if _, err := ai.Complete(t.Context(), c, userReq("x")); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := os.ReadFile(count)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(runs), "run"); n != 1 {
		t.Errorf("the key command ran %d times, want 1", n)
	}
	for _, r := range srv.Requests() {
		if r.Header.Get("X-Api-Key") != testKey {
			t.Errorf("x-api-key %q", r.Header.Get("X-Api-Key"))
		}
		if bytes.Contains(r.Body, []byte(testKey)) {
			t.Error("the key is in the body")
		}
	}
}

// TestKeyCmdFails: a failing command is an auth error that names the
// setting, and it is tried again on the next request.
func TestKeyCmdFails(t *testing.T) {
	srv := fakellm.New(t, fakellm.Text("a"))
	c, _ := newTestEnv(t, config.AI{Provider: "openai", BaseURL: srv.URL() + "/v1", APIKeyCmd: "exit 3"}, env{})
	_, err := ai.Complete(t.Context(), c, userReq("x"))
	if ai.ClassOf(err) != ai.ClassAuth || !strings.Contains(err.Error(), "api_key_cmd failed") {
		t.Fatalf("got %v", err)
	}
	c.key.cmd = "echo late-key"
	if _, err := ai.Complete(t.Context(), c, userReq("x")); err != nil {
		t.Fatalf("second try: %v", err)
	}
}

// TestKeyRedacted: a provider quoting the key back does not get it printed.
func TestKeyRedacted(t *testing.T) {
	srv := fakellm.New(t, fakellm.Error(400, `{"error":{"message":"key `+testKey+` is not valid for this model"}}`, nil))
	c, _ := newTest(t, srv, "openai")
	_, err := ai.Complete(t.Context(), c, userReq("x"))
	if err == nil || strings.Contains(err.Error(), testKey) || !strings.Contains(err.Error(), "key [redacted] is not valid") {
		t.Fatalf("got %v", err)
	}
}
