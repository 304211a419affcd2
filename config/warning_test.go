package config

import "testing"

func TestWarningError(t *testing.T) {
	tests := []struct {
		w    Warning
		want string
	}{
		{Warning{File: "c.toml", Line: 3, Key: "ai.model", Msg: "bad"}, "c.toml:3: ai.model: bad"},
		{Warning{File: "c.toml", Key: "ai.model", Msg: "bad"}, "c.toml: ai.model: bad"},
		{Warning{File: "c.toml", Line: 7, Msg: "syntax error"}, "c.toml:7: syntax error"},
		{Warning{Key: "NOSH_AI_PROVIDER", Msg: "unknown"}, "NOSH_AI_PROVIDER: unknown"},
		{Warning{Line: 2, Msg: "x"}, "2: x"},
		{Warning{Msg: "only"}, "only"},
	}
	for _, tt := range tests {
		if got := tt.w.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q, want %q", tt.w, got, tt.want)
		}
	}
}
