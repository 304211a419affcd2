package client

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"nosh/ai/fakellm"
	"nosh/config"
)

func TestDoctor(t *testing.T) {
	dir := t.TempDir()
	present := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(present, []byte("[ai]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	absent := filepath.Join(dir, "none.toml")
	srv := fakellm.New(t)
	tests := []struct {
		name    string
		in      DoctorInput
		replies []fakellm.Reply
		want    string
		status  int
	}{
		{
			name:   "defaults",
			in:     DoctorInput{ConfigPath: absent, Getenv: env{}.get},
			want:   "config    " + absent + ": not found; defaults in use\nprovider  ollama\nbase URL  http://127.0.0.1:11434\nmodel     qwen2.5-coder:7b\napi key   none (Ollama does not require one)\n",
			status: 0,
		},
		{
			name: "unparsable file and a bad key",
			in: DoctorInput{ConfigPath: present, AI: config.AI{Provider: "ollama"}, Warnings: []config.Warning{
				{File: present, Line: 3, Msg: "syntax error: expected '='"},
				{File: present, Line: 3, Key: "ai.timeout", Msg: "want an integer"},
			}},
			want:   "config    " + present + ": not parsed (syntax error: expected '='); defaults in use\nwarning   " + present + ":3: syntax error: expected '='\nwarning   " + present + ":3: ai.timeout: want an integer\nprovider  ollama\nbase URL  http://127.0.0.1:11434\nmodel     qwen2.5-coder:7b\napi key   none (Ollama does not require one)\n",
			status: 1,
		},
		{
			name:   "missing key",
			in:     DoctorInput{ConfigPath: present, AI: config.AI{Provider: "openai"}, Getenv: env{}.get},
			want:   "config    " + present + ": parsed\nprovider  openai\nbase URL  https://api.openai.com/v1\nmodel     gpt-4o-mini\napi key   missing: no API key: set OPENAI_API_KEY, or [ai] api_key_cmd in config.toml\n",
			status: 1,
		},
		{
			name:   "key command not run",
			in:     DoctorInput{ConfigPath: present, AI: config.AI{Provider: "anthropic", APIKeyCmd: "pass show anthropic"}, Getenv: env{}.get},
			want:   "config    " + present + ": parsed\nprovider  anthropic\nbase URL  https://api.anthropic.com\nmodel     claude-sonnet-4-5\napi key   from [ai] api_key_cmd (not run; use --live to try it)\n",
			status: 0,
		},
		{
			name:    "live",
			in:      DoctorInput{ConfigPath: present, AI: config.AI{Provider: "anthropic", BaseURL: srv.URL()}, Getenv: env{"ANTHROPIC_API_KEY": testKey}.get, Live: true},
			replies: []fakellm.Reply{fakellm.Text("ok").WithUsage(30, 1)},
			want:    "config    " + present + ": parsed\nprovider  anthropic\nbase URL  " + srv.URL() + "\nmodel     claude-sonnet-4-5\napi key   present (ANTHROPIC_API_KEY)\nlive      ok in Nms: \"ok\" (30 in / 1 out tokens)\n",
			status:  0,
		},
		{
			name:    "live failure",
			in:      DoctorInput{ConfigPath: present, AI: config.AI{Provider: "anthropic", BaseURL: srv.URL()}, Getenv: env{"ANTHROPIC_API_KEY": testKey}.get, Live: true},
			replies: []fakellm.Reply{fakellm.Error(401, "", nil)},
			want:    "config    " + present + ": parsed\nprovider  anthropic\nbase URL  " + srv.URL() + "\nmodel     claude-sonnet-4-5\napi key   present (ANTHROPIC_API_KEY)\nlive      failed after Nms (auth): anthropic: authentication failed (401): check ANTHROPIC_API_KEY\n",
			status:  1,
		},
		{
			name:   "unknown provider",
			in:     DoctorInput{ConfigPath: present, AI: config.AI{Provider: "bard"}},
			want:   "config    " + present + ": parsed\nprovider  ai: unknown provider \"bard\" in [ai] provider: use one of ollama, openai, anthropic, mistral, openrouter, groq, lmstudio, llamacpp, vllm\n",
			status: 1,
		},
	}
	latency := regexp.MustCompile(`(ok in|failed after) [0-9.]+m?s`)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv.Push(tt.replies...)
			var out strings.Builder
			status := Doctor(t.Context(), &out, tt.in)
			got := latency.ReplaceAllString(out.String(), "$1 Nms")
			if got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
			if status != tt.status {
				t.Errorf("status %d, want %d", status, tt.status)
			}
			if strings.Contains(out.String(), testKey) {
				t.Error("doctor printed the key")
			}
		})
	}
	// The live request is tiny.
	for _, r := range srv.Requests() {
		if len(r.Body) > 400 || !strings.Contains(string(r.Body), `"max_tokens":16`) {
			t.Errorf("live request body: %s", r.Body)
		}
	}
}
