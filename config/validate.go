package config

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Providers are the accepted values of ai.provider and NOSH_AI_PROVIDER:
// the three native clients, then the presets of the OpenAI-compatible
// client.
func Providers() []string {
	return []string{"openai", "anthropic", "ollama",
		"mistral", "openrouter", "groq", "lmstudio", "llamacpp", "vllm"}
}

// HighlightClasses are the accepted keys of [editor.colors].
func HighlightClasses() []string {
	return []string{"command", "builtin", "function", "alias", "unknown",
		"option", "string", "variable", "operator", "redirect", "comment",
		"error", "danger", "suggestion"}
}

// configSchema is how config.toml is decoded. Every number has a check:
// the tests enforce it, so that no key silently accepts a negative value.
func configSchema() *schema {
	configSchemaOnce.Do(func() { configSchemaValue = makeConfigSchema() })
	return configSchemaValue
}

var (
	configSchemaOnce  sync.Once
	configSchemaValue *schema
)

func makeConfigSchema() *schema {
	return &schema{
		checks: map[string]check{
			"ai.provider":           oneOf("provider", Providers()...),
			"ai.base_url":           httpURL,
			"ai.api_key_env":        envName,
			"ai.context_size":       atLeast(0),
			"ai.context_tokens":     atLeast(1),
			"ai.translate_action":   oneOf("action", "ask", "edit"),
			"ai.max_iterations":     atLeast(1),
			"ai.timeout":            atLeast(1),
			"ai.token_budget":       atLeast(1),
			"ai.command_timeout":    atLeast(1),
			"ai.keep_conversations": atLeast(0),
			"ai.connect_timeout":    atLeast(1),
			"ai.first_byte_timeout": atLeast(1),
			"ai.idle_timeout":       atLeast(1),
			"ai.sandbox_tcp_ports":  tcpPorts,

			"permissions.allow": rules,
			"permissions.deny":  rules,

			"prompt.git_timeout_ms":     atLeast(0),
			"prompt.duration_threshold": notNegative,
			"prompt.user_host":          oneOf("value", "ssh", "always", "never"),

			"history.size": atLeast(0),

			"editor.mode": oneOf("mode", "emacs", "vi"),
		},
		entries: map[string]entryCheck{
			"editor.colors": colorEntry,
		},
		unknown:  unknownConfigKey,
		defaults: true,
	}
}

func oneOf(what string, values ...string) check {
	return func(v any) error {
		if slices.Contains(values, v.(string)) {
			return nil
		}
		return fmt.Errorf("unknown %s %q (want %s)", what, v, orList(values))
	}
}

// orList is "a, b or c".
func orList(values []string) string {
	if len(values) < 2 {
		return strings.Join(values, "")
	}
	return strings.Join(values[:len(values)-1], ", ") + " or " + values[len(values)-1]
}

func atLeast(min int) check {
	return func(v any) error {
		n := v.(int)
		switch {
		case n >= min:
			return nil
		case min == 1:
			return fmt.Errorf("must be positive, got %d", n)
		case min == 0:
			return fmt.Errorf("must not be negative, got %d", n)
		}
		return fmt.Errorf("must be at least %d, got %d", min, n)
	}
}

func notNegative(v any) error {
	if f := v.(float64); !(f >= 0) { // also rejects NaN
		return fmt.Errorf("must not be negative, got %v", f)
	}
	return nil
}

// httpURL accepts "" (the provider's default) or an absolute http(s) URL.
func httpURL(v any) error {
	s := v.(string)
	if s == "" {
		return nil
	}
	if _, ok := CheckHTTPURL(s); !ok {
		return fmt.Errorf("%q is not an http:// or https:// URL", s)
	}
	return nil
}

// envName accepts "" (the provider's default) or a portable environment
// variable name.
func envName(v any) error {
	s := v.(string)
	for i, c := range s {
		if c != '_' && !('A' <= c && c <= 'Z') && !('a' <= c && c <= 'z') && (i == 0 || !('0' <= c && c <= '9')) {
			return fmt.Errorf("%q is not an environment variable name", s)
		}
	}
	return nil
}

// tcpPorts accepts TCP port numbers, 1 to 65535.
func tcpPorts(v any) error {
	for _, p := range v.([]int) {
		if p < 1 || p > 65535 {
			return fmt.Errorf("%d is not a TCP port (1 to 65535)", p)
		}
	}
	return nil
}

// rules rejects empty permission rules, which would otherwise be read as
// matching nothing and hide a typo. Their syntax is the perms package's.
func rules(v any) error {
	for i, r := range v.([]string) {
		if strings.TrimSpace(r) == "" {
			return fmt.Errorf("rule %d is empty", i+1)
		}
	}
	return nil
}

func colorEntry(name string, v any) error {
	if !slices.Contains(HighlightClasses(), name) {
		return fmt.Errorf("unknown highlight class (want %s)", orList(HighlightClasses()))
	}
	if strings.TrimSpace(v.(string)) == "" {
		return fmt.Errorf("empty colour")
	}
	return nil
}
