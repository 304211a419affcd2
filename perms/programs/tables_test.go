package programs

import (
	"reflect"
	"testing"

	"nosh/perms/analysis"
)

// TestHandlerOverrides pins the names that more than one file registers,
// so that reordering buildTables cannot silently change which handler
// classifies them.
func TestHandlerOverrides(t *testing.T) {
	catastrophic := map[string]analysis.Handler{}
	analysis.RegisterCatastrophic(catastrophic)
	cdCmd := catastrophic["cd"]
	tests := []struct {
		name string
		want analysis.Handler
	}{
		{"cd", cdCmd},     // catastrophic.go over the harmless builtin
		{"pushd", cdCmd},  // likewise
		{"npm", npmCmd},   // tools.go; runners only fill free names
		{"pnpm", npmCmd},  // likewise
		{"yarn", npmCmd},  // likewise
		{"uv", runnerCmd}, // a runner nothing else claims
	}
	for _, tt := range tests {
		got := tables().handlers[tt.name]
		if got == nil {
			t.Errorf("%s: no handler", tt.name)
			continue
		}
		if reflect.ValueOf(got).Pointer() != reflect.ValueOf(tt.want).Pointer() {
			t.Errorf("%s: wrong handler registered", tt.name)
		}
	}
}
