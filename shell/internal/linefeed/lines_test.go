package linefeed

import (
	"strings"
	"testing"
)

// TestTextAsBuffered: Text gives the lines, and the error at the end,
// that Buffered reads from a reader of the same text.
func TestTextAsBuffered(t *testing.T) {
	for _, src := range []string{"", "a", "a\n", "a\nb", "a\n\nb\n", "\n", "é\r\nx \\\n y\n"} {
		want, got := Buffered(strings.NewReader(src)), Text(src)
		for i := 0; ; i++ {
			wl, werr := want()
			gl, gerr := got()
			if gl != wl || gerr != werr {
				t.Fatalf("%q, line %d: Text gave %q, %v; Buffered %q, %v", src, i, gl, gerr, wl, werr)
			}
			if werr != nil {
				break
			}
		}
	}
}
