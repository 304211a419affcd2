package client

import (
	"nosh/ai"
	"slices"
	"strings"
	"testing"

	"nosh/config"
)

// TestPresets: what each provider name stands for.
func TestPresets(t *testing.T) {
	tests := []struct {
		provider, base, model, keyVar, endpoint string
	}{
		{"", "http://127.0.0.1:11434", ai.DefaultOllamaModel, "OLLAMA_API_KEY", "http://127.0.0.1:11434/api/chat"},
		{"ollama", "http://127.0.0.1:11434", ai.DefaultOllamaModel, "OLLAMA_API_KEY", "http://127.0.0.1:11434/api/chat"},
		{"openai", "https://api.openai.com/v1", ai.DefaultOpenAIModel, "OPENAI_API_KEY", "https://api.openai.com/v1/chat/completions"},
		{"anthropic", "https://api.anthropic.com", ai.DefaultAnthropicModel, "ANTHROPIC_API_KEY", "https://api.anthropic.com/v1/messages"},
		{"Mistral", "https://api.mistral.ai/v1", ai.DefaultMistralModel, "MISTRAL_API_KEY", "https://api.mistral.ai/v1/chat/completions"},
		{"openrouter", "https://openrouter.ai/api/v1", "openai/gpt-4o-mini", "OPENROUTER_API_KEY", "https://openrouter.ai/api/v1/chat/completions"},
		{"groq", "https://api.groq.com/openai/v1", "llama-3.3-70b-versatile", "GROQ_API_KEY", "https://api.groq.com/openai/v1/chat/completions"},
		{"llamacpp", "http://127.0.0.1:8080/v1", "", "LLAMA_API_KEY", "http://127.0.0.1:8080/v1/chat/completions"},
	}
	for _, tt := range tests {
		t.Run(tt.provider, func(t *testing.T) {
			c, err := newClient(config.AI{Provider: tt.provider}, env{}.get)
			if err != nil {
				t.Fatal(err)
			}
			if c.BaseURL() != tt.base || c.Model() != tt.model || c.key.envVar != tt.keyVar || c.endpoint() != tt.endpoint {
				t.Errorf("got base %q model %q key %q endpoint %q", c.BaseURL(), c.Model(), c.key.envVar, c.endpoint())
			}
		})
	}
	for _, name := range ai.Providers() {
		if _, ok := ai.LookupPreset(name); !ok {
			t.Errorf("Providers lists %q, which has no preset", name)
		}
	}
}

// TestBaseURL: configured URLs, and the slips that are forgiven.
func TestBaseURL(t *testing.T) {
	tests := []struct{ provider, in, want string }{
		{"openai", "http://gpu:8000/v1/", "http://gpu:8000/v1"},
		{"anthropic", "https://proxy.example/v1", "https://proxy.example"},
		{"ollama", "http://box:11434/api/", "http://box:11434"},
		{"ollama", "http://box:11434/v1", "http://box:11434"},
	}
	for _, tt := range tests {
		c, err := newClient(config.AI{Provider: tt.provider, BaseURL: tt.in}, env{}.get)
		if err != nil {
			t.Fatal(err)
		}
		if c.BaseURL() != tt.want {
			t.Errorf("%s %q: got %q, want %q", tt.provider, tt.in, c.BaseURL(), tt.want)
		}
	}
}

// TestNewErrors: configuration mistakes, each on one line.
func TestNewErrors(t *testing.T) {
	tests := []struct {
		cfg  config.AI
		want string
	}{
		{config.AI{Provider: "gemini"}, `ai: unknown provider "gemini" in [ai] provider: use one of ollama, openai, anthropic, mistral, openrouter, groq, lmstudio, llamacpp, vllm`},
		{config.AI{Provider: "openai", BaseURL: "api.openai.com/v1"}, `ai: [ai] base_url "api.openai.com/v1" is not an http(s) URL`},
		{config.AI{Provider: "openai", BaseURL: "https://user:pw@host/v1"}, `ai: [ai] base_url must not contain credentials: use [ai] api_key_env or api_key_cmd`},
		{config.AI{Provider: "vllm"}, `ai: provider vllm needs a model: set [ai] model to the name the vLLM server serves`},
		{config.AI{Provider: "lmstudio"}, `ai: provider lmstudio needs a model: set [ai] model to the name the LM Studio server serves`},
	}
	for _, tt := range tests {
		_, err := New(tt.cfg, env{}.get)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%+v:\n got  %v\n want %s", tt.cfg, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "pw") {
			t.Errorf("error repeats the credentials: %v", err)
		}
	}
}

// TestTimeoutsFromConfig: seconds in config.toml, defaults for zero.
func TestTimeoutsFromConfig(t *testing.T) {
	c, err := newClient(config.AI{ConnectTimeout: 3, IdleTimeout: 7}, env{}.get)
	if err != nil {
		t.Fatal(err)
	}
	if c.connect.Seconds() != 3 || c.firstByte.Seconds() != defaultFirstByteTimeout || c.idle.Seconds() != 7 {
		t.Errorf("timeouts %v %v %v", c.connect, c.firstByte, c.idle)
	}
}

// TestProvidersMatchConfig: config.toml validation and the clients accept
// the same names.
func TestProvidersMatchConfig(t *testing.T) {
	ours, theirs := slices.Sorted(slices.Values(ai.Providers())), slices.Sorted(slices.Values(config.Providers()))
	if !slices.Equal(ours, theirs) {
		t.Errorf("ai.Providers %v, config.Providers %v", ours, theirs)
	}
}
