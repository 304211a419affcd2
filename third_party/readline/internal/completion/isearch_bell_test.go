package completion

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/reeflective/readline/internal/core"
	"github.com/reeflective/readline/internal/keymap"
	"github.com/reeflective/readline/internal/term"
)

// TestIsearchBell: Ctrl+R past the oldest match rings the bell, as bash
// does, once per key, in the style inputrc's bell-style gives (none,
// visible, audible); a search typed that nothing matches rings it too.
// Moves that find a match do not.
func TestIsearchBell(t *testing.T) {
	for _, tc := range []struct {
		style, bell string
	}{
		{"audible", "\a"},
		{"", "\a"},
		{"visible", "\x1b[?5h"},
		{"none", ""},
	} {
		t.Run(tc.style, func(t *testing.T) {
			var out bytes.Buffer
			c := menuCase{name: "history", width: 80, height: 24}
			for i := range 5 {
				c.cands = append(c.cands, Candidate{Value: fmt.Sprintf("echo %d", 5-i)})
			}
			eng := newMenuEngine(c)
			term.SetOutput(&out)
			defer term.SetOutput(nil)
			if tc.style != "" {
				_ = eng.config.Set("bell-style", tc.style)
			}
			eng.keymap.SetLocal(keymap.Isearch)
			eng.GenerateWith(func() Values {
				var cands []Candidate
				for _, cand := range c.cands {
					if eng.IsearchRegex == nil || eng.IsearchRegex.MatchString(cand.Value) {
						cands = append(cands, cand)
					}
				}
				vals := AddRaw(cands)
				vals.NoSort["*"] = true
				return vals
			})
			eng.IsearchStart("history", true, true)
			bells := func() int {
				if tc.bell == "" {
					return 0
				}
				return strings.Count(out.String(), tc.bell)
			}
			out.Reset()
			eng.isearchBuf.Set([]rune("nomatch")...)
			eng.isearchCur.Set(eng.isearchBuf.Len())
			eng.UpdateIsearch()
			if n, want := bells(), min(1, len(tc.bell)); n != want {
				t.Errorf("a search without matches rang %d times, want %d", n, want)
			}
			out.Reset()
			eng.isearchBuf.Set([]rune("echo")...)
			eng.isearchCur.Set(eng.isearchBuf.Len())
			eng.UpdateIsearch()
			ctrlR := func() {
				core.MatchedKeys(eng.keys, []byte{'\x12'})
				eng.Select(1, 0)
			}
			for range 4 {
				ctrlR() // echo 4 … echo 1: matches
			}
			if n := bells(); n != 0 {
				t.Fatalf("the bell rang %d times while matches were found", n)
			}
			ctrlR()
			ctrlR()
			want := 2
			if tc.bell == "" {
				want = 0
				if strings.ContainsAny(out.String(), "\a") || strings.Contains(out.String(), "\x1b[?5h") {
					t.Errorf("bell-style none rang: %q", out.String())
				}
			}
			if n := bells(); n != want {
				t.Errorf("Ctrl+R past the oldest match rang %d times, want %d (%q)", n, want, out.String())
			}
		})
	}
}
