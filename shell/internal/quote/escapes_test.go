package quote

import "testing"

// TestExpandEscapes checks the three escape dialects.
func TestExpandEscapes(t *testing.T) {
	tests := []struct {
		in   string
		mode Mode
		want string
		stop bool
	}{
		{`a\tb\\`, Echo, "a\tb\\", false},
		{`\0101\101`, Echo, `A\101`, false},
		{`\101\0101`, PercentB, "AA", false},
		{`\101`, Format, "A", false},
		{`x\cy`, Echo, "x", true},
		{`x\cy`, Format, `x\cy`, false},
		{`\x41\u00e9\q`, Echo, "Aé\\q", false},
	}
	for _, tt := range tests {
		got, stop := ExpandEscapes(tt.in, tt.mode)
		if got != tt.want || stop != tt.stop {
			t.Errorf("ExpandEscapes(%q, %d) = %q, %v; want %q, %v", tt.in, tt.mode, got, stop, tt.want, tt.stop)
		}
	}
}
