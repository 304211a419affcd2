package config

import (
	"reflect"
	"testing"
)

func TestApplyEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		edit func(*Config)
		want []wantWarning
	}{
		{name: "nothing set"},
		{
			name: "all three win",
			env: map[string]string{"NOSH_AI_PROVIDER": "mistral", "NOSH_AI_BASE_URL": "https://example.test/v1",
				"NOSH_AI_MODEL": "devstral"},
			edit: func(c *Config) {
				c.AI.Provider = "mistral"
				c.AI.BaseURL = "https://example.test/v1"
				c.AI.Model = "devstral"
			},
		},
		{
			name: "the API key is not stored",
			env:  map[string]string{"NOSH_AI_API_KEY": "sk-secret"},
		},
		{
			name: "invalid values are ignored",
			env:  map[string]string{"NOSH_AI_PROVIDER": "skynet", "NOSH_AI_BASE_URL": "example.test", "NOSH_AI_MODEL": "m"},
			edit: func(c *Config) { c.AI.Model = "m" },
			want: []wantWarning{
				{0, "NOSH_AI_PROVIDER", `unknown provider "skynet"`},
				{0, "NOSH_AI_BASE_URL", "not an http:// or https:// URL"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// The file's values are what the environment overrides.
			c, _ := Parse("c.toml", []byte("[ai]\nprovider = \"openai\"\nmodel = \"file\"\n"))
			want := c
			if tt.edit != nil {
				tt.edit(&want)
			}
			ws := ApplyEnv(&c, func(k string) string { return tt.env[k] })
			checkWarnings(t, "", ws, tt.want)
			if !reflect.DeepEqual(c, want) {
				t.Errorf("config =\n%s\nwant\n%s", c.Dump(), want.Dump())
			}
		})
	}
}
