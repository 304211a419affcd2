package completion

import (
	"fmt"
	"testing"

	"github.com/reeflective/readline/internal/keymap"
)

// BenchmarkRenderMenu draws a menu as each frame does while it is shown:
// a grid of 200 file names and a list of 40 described options, 80×24.
func BenchmarkRenderMenu(b *testing.B) {
	var cands []Candidate
	for i := range 200 {
		name := fmt.Sprintf("file-%03d.txt", i)
		if i%5 == 0 {
			name = fmt.Sprintf("résumé-%03d.txt", i)
		}
		cands = append(cands, Candidate{Value: name, Tag: "files"})
	}
	for i := range 40 {
		cands = append(cands, Candidate{Value: fmt.Sprintf("--option-%d", i), Description: fmt.Sprintf("what option %d does", i), Tag: "options"})
	}

	c := menuCase{name: "bench", width: 80, height: 24, maxRows: 8, cands: cands}
	eng := newMenuEngine(c)
	eng.keymap.SetLocal(keymap.MenuSelect)
	eng.GenerateWith(func() Values { return c.values() })
	eng.Select(1, 0)

	b.ReportAllocs()
	b.ResetTimer()

	for range b.N {
		for _, grp := range eng.groups {
			_ = eng.renderCompletions(grp)
		}
	}
}
