package ai

import (
	"fmt"
	"strings"

	"nosh/config"
)

// Settings is an [ai] section checked and resolved: what every request
// of a Provider goes to and with which key sources. Resolving needs no
// network code, so a shell can check its configuration and answer
// [Provider.Name], Model and BaseURL without linking the transport.
type Settings struct {
	// Name is the provider name, lower case ("ollama" when unset).
	Name   string
	Preset Preset
	// BaseURL is the endpoint root, normalised (see [Resolve]).
	BaseURL string
	// Model is ai.model, else the preset's default; it may be empty only
	// when the preset lets the server choose.
	Model string
	// KeyVar is the variable holding the key after NOSH_AI_API_KEY:
	// ai.api_key_env, else the preset's variable ("" for none).
	KeyVar string
	// KeyCmd is ai.api_key_cmd.
	KeyCmd string
}

// OverrideKeyVar is the variable that wins over every other key source.
const OverrideKeyVar = "NOSH_AI_API_KEY"

// Resolve checks cfg, which is expected to have the NOSH_AI_PROVIDER /
// _BASE_URL / _MODEL overrides applied (config.ApplyEnv). An error is a
// configuration mistake, on one line.
func Resolve(cfg config.AI) (Settings, error) {
	name := strings.ToLower(strings.TrimSpace(cfg.Provider))
	if name == "" {
		name = "ollama"
	}
	p, ok := LookupPreset(name)
	if !ok {
		return Settings{}, fmt.Errorf("ai: unknown provider %q in [ai] provider: use one of %s", cfg.Provider, strings.Join(Providers(), ", "))
	}
	base, err := normalizeBaseURL(cfg.BaseURL, p)
	if err != nil {
		return Settings{}, err
	}
	model := strings.TrimSpace(cfg.Model)
	if model == "" {
		model = p.Model
	}
	if model == "" && !p.ModelOptional {
		return Settings{}, fmt.Errorf("ai: provider %s needs a model: set [ai] model to the name the %s server serves", name, p.Display)
	}
	keyVar := strings.TrimSpace(cfg.APIKeyEnv)
	if keyVar == "" {
		keyVar = p.KeyVar
	}
	return Settings{Name: name, Preset: p, BaseURL: base, Model: model, KeyVar: keyVar,
		KeyCmd: strings.TrimSpace(cfg.APIKeyCmd)}, nil
}

// EnvNames lists the variables a Provider with these settings reads at
// each request: the key variables, and those config.ResolvePaths reads to
// name config.toml in advice.
func (s Settings) EnvNames() []string {
	names := []string{OverrideKeyVar, "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "NOSH_CONFIG"}
	if s.KeyVar != "" {
		names = append(names, s.KeyVar)
	}
	return names
}

// normalizeBaseURL checks the configured base URL and forgives a common
// slip: a trailing /v1 on Anthropic's or Ollama's host root (and /api on
// Ollama's), which the client appends itself.
func normalizeBaseURL(raw string, p Preset) (string, error) {
	base := strings.TrimRight(strings.TrimSpace(raw), "/")
	if base == "" {
		return p.BaseURL, nil
	}
	credentials, ok := config.CheckHTTPURL(base)
	if !ok {
		return "", fmt.Errorf("ai: [ai] base_url %q is not an http(s) URL", raw)
	}
	if credentials {
		return "", fmt.Errorf("ai: [ai] base_url must not contain credentials: use [ai] api_key_env or api_key_cmd")
	}
	switch p.Wire {
	case WireAnthropic:
		base = strings.TrimSuffix(base, "/v1")
	case WireOllama:
		base = strings.TrimSuffix(strings.TrimSuffix(base, "/v1"), "/api")
	}
	return base, nil
}
