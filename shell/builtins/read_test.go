package builtins

import (
	"reflect"
	"testing"
)

// TestSplitReadFields checks read's field splitting on its own.
func TestSplitReadFields(t *testing.T) {
	tests := []struct {
		line, ifs string
		n         int
		want      []string
	}{
		{"a:b:", ":", 1, []string{"a:b:"}},
		{"a:b:", ":", 2, []string{"a", "b"}},
		{"a:b::", ":", 2, []string{"a", "b::"}},
		{" a : b : ", " :", 2, []string{"a", "b"}},
		{"a  :  :b", " :", 3, []string{"a", "", "b"}},
		{":a", ":", 2, []string{"", "a"}},
		{"  a  b  ", " ", 1, []string{"a  b"}},
		{"a b", "", 2, []string{"a b"}},
		{"a:b:c", ":", -1, []string{"a", "b", "c"}},
	}
	for _, tt := range tests {
		got := splitReadFields([]byte(tt.line), make([]bool, len(tt.line)), tt.ifs, tt.n)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("split %q IFS=%q n=%d: got %q, want %q", tt.line, tt.ifs, tt.n, got, tt.want)
		}
	}
}
