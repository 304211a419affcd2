package config

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestDumpRoundTrips(t *testing.T) {
	odd := Default()
	odd.AI.Provider = "anthropic"
	odd.AI.Model = "quote\" back\\ nl\n tab\t ctl\x01 é"
	odd.AI.APIKeyCmd = "pass show 'x'"
	odd.Permissions.Deny = []string{"rm *", "git push"}
	odd.Prompt.DurationThreshold = 0.5
	odd.Prompt.Right = `\t`
	odd.Editor.Colors = map[string]string{"command": "1;32", "string": "yellow"}

	for _, c := range []Config{Default(), odd} {
		out := c.Dump()
		got, ws := Parse("dump", []byte(out))
		if len(ws) != 0 {
			t.Fatalf("Dump output has warnings:\n%s\n%s", warningLines(ws), out)
		}
		if !reflect.DeepEqual(got, c) {
			t.Errorf("Parse(Dump(c)) =\n%s\nwant\n%s", got.Dump(), out)
		}
	}
}

func TestDumpShowsEveryKey(t *testing.T) {
	out := Default().Dump()
	for _, key := range schemaKeys(reflect.TypeFor[Config]()) {
		if !strings.Contains(out, "["+key[0]+"]\n") || !strings.Contains(out, "\n"+key[1]+" = ") {
			t.Errorf("Dump does not show %s:\n%s", key, out)
		}
	}
}

func TestTOMLValue(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{"a\"b", `"a\"b"`},
		{"\x1b[0m", `"\u001b[0m"`},
		{2.0, "2.0"},
		{1e21, "1e+21"},
		{math.Inf(-1), "-inf"},
		{-3, "-3"},
		{[]string(nil), "[]"},
		{map[string]string{"a b": "x", "c": "y"}, `{ "a b" = "x", c = "y" }`},
	}
	for _, tt := range tests {
		if got := tomlValue(reflect.ValueOf(tt.v)); got != tt.want {
			t.Errorf("tomlValue(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}
