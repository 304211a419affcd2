package completion

import (
	"regexp"
	"strings"
	"testing"

	"github.com/reeflective/readline/internal/color"
)

func TestHighlightMatches(t *testing.T) {
	const on, off = "<", ">"

	dim, undim := "\x1b[2m", "\x1b[22m"

	tests := []struct {
		name, re, in, want string
	}{
		{"plain", "(?i)m", "make", "<m>ake"},
		{"every match keeps its own text", "(?i)m", "mkdir gone-$RANDOM", "<m>kdir gone-$RANDO<M>"},
		{"escapes are not searched", "(?i)m", dim + "337 " + undim + "mkdir",
			dim + "337 " + undim + "<m>kdir"},
		{"a match across an escape", "7 m", dim + "337 " + undim + "mkdir",
			dim + "33<7 " + undim + "<m>kdir"},
		{"non-ASCII text", "é", "echo mémé", "echo m<é>m<é>"},
		{"empty matches are skipped", "x*", "abc", "abc"},
		{"no match", "z", dim + "1 " + undim + "ls", dim + "1 " + undim + "ls"},
		{"match at the end", "ls", dim + "1 " + undim + "ls" + undim, dim + "1 " + undim + "<ls>" + undim},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := highlightMatches(tt.in, regexp.MustCompile(tt.re), on, off)
			if got != tt.want {
				t.Errorf("highlightMatches(%q, %q) = %q, want %q", tt.in, tt.re, got, tt.want)
			}
			if visible := strings.NewReplacer(on, "", off, "").Replace(color.Strip(got)); visible != color.Strip(tt.in) {
				t.Errorf("the text changed: %q, was %q", visible, color.Strip(tt.in))
			}
		})
	}
}
