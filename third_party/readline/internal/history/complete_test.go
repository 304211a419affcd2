package history

import (
	"bytes"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"time"

	"github.com/reeflective/readline/internal/color"
	"github.com/reeflective/readline/internal/completion"
	"github.com/reeflective/readline/internal/core"
	"github.com/reeflective/readline/internal/keymap"
	"github.com/reeflective/readline/internal/strutil"
	"github.com/reeflective/readline/internal/term"
	"github.com/reeflective/readline/internal/ui"
)

// TestIsearchListAdversarial drives the incremental search as the shell
// does (history.Complete as the completer, the list drawn by
// completion.Display) over histories of wide, accented, coloured and
// multi-line entries, on terminals of every size, searching with and
// without capitals and moving past the last match: every frame must
// come back within the deadline, keep each row within the width less one
// column, hold no escape but colours, and count the rows it printed.
func TestIsearchListAdversarial(t *testing.T) {
	pieces := []string{
		"ls", "LS -la", "git commit -m 'é'", "日本語のファイル", "résumé", "👍🏽", "e\u0301",
		"two\nlines", "tab\there", "\x1b[31mred\x1b[0m", "\x1b]0;t\x07", strings.Repeat("long ", 40), "m",
	}
	searches := []string{"ls", "LS", "é", "日本", "m", "e\u0301", "(", "git|ls", "zzz"}
	r := rand.New(rand.NewSource(20261127))

	for round := range 40 {
		width, height := 1+r.Intn(160), 2+r.Intn(60)
		entries := 1 + r.Intn(400)

		line := new(core.Line)
		cursor := core.NewCursor(line)
		keys := new(core.Keys)
		keymaps, config := keymap.NewEngine(keys, new(core.Iterations))
		hint := ui.NewHint(nil)
		src := NewSources(line, cursor, hint, config)

		for i := range entries {
			var e strings.Builder
			for range 1 + r.Intn(3) {
				e.WriteString(pieces[r.Intn(len(pieces))])
			}
			fmt.Fprintf(&e, " %d", i)
			src.list[defaultSourceName].Write(e.String())
		}

		term.SetSize(width, height)
		var out bytes.Buffer
		term.SetOutput(&out)

		eng := completion.NewEngine(hint, keymaps, config)
		completion.Init(eng, keys, line, cursor, core.NewSelection(line, cursor), nil)
		keymaps.SetLocal(keymap.Isearch)

		maxRows := max(height/3, 1)
		search := searches[r.Intn(len(searches))]
		name := fmt.Sprintf("round %d (%dx%d, %d entries, search %q)", round, width, height, entries, search)

		step(t, name, "start", func() {
			eng.GenerateWith(func() completion.Values {
				return Complete(src, false, false, max(height, eng.IsearchReach()), eng.IsearchRegex)
			})
			eng.IsearchStart("history", true, true)
		})

		buf, cur, _ := eng.GetBuffer()
		typed := []rune(search)

		for i := 0; i <= len(typed); i++ {
			what := fmt.Sprintf("search %q", string(typed[:i]))
			step(t, name, what, func() {
				buf.Set(typed[:i]...)
				cur.Set(i)
				eng.UpdateIsearch()
			})
			checkList(t, name, what, eng, &out, width, maxRows)
		}

		for i := range entries + 2 {
			what := fmt.Sprintf("Ctrl+R #%d", i+1)
			step(t, name, what, func() {
				core.MatchedKeys(keys, []byte{'\x12'})
				eng.Select(1, 0)
			})
			if i%25 == 0 || i > entries-2 {
				checkList(t, name, what, eng, &out, width, maxRows)
			}
		}

		term.SetOutput(nil)
	}
}

// step runs fn, failing the test if it panics or does not return.
func step(t *testing.T, name, what string, fn func()) {
	t.Helper()

	done := make(chan any, 1)

	go func() {
		defer func() { done <- recover() }()
		fn()
	}()

	select {
	case r := <-done:
		if r != nil {
			t.Fatalf("%s: %s: panic: %v", name, what, r)
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: %s did not return", name, what)
	}
}

// checkList draws the list and checks its rows.
func checkList(t *testing.T, name, what string, eng *completion.Engine, out *bytes.Buffer, width, maxRows int) {
	t.Helper()

	out.Reset()
	step(t, name, what+", drawn", func() { completion.Display(eng, maxRows) })

	drawn := out.String()
	rows := strings.Split(drawn, term.NewlineReturn)

	if used := completion.Coordinates(eng); drawn != "" && len(rows)-1 != used {
		t.Fatalf("%s: %s: %d rows printed below the first, %d counted", name, what, len(rows)-1, used)
	}

	if len(rows) > maxRows {
		t.Fatalf("%s: %s: %d rows drawn, %d allowed", name, what, len(rows), maxRows)
	}

	for i, row := range rows {
		plain := color.Strip(row)
		if strings.ContainsFunc(plain, func(r rune) bool { return r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 }) {
			t.Fatalf("%s: %s: row %d holds a control character: %q", name, what, i, row)
		}

		if w := strutil.RealLength(plain); w > max(width-1, 1) {
			t.Fatalf("%s: %s: row %d is %d columns wide on a terminal of %d: %q", name, what, i, w, width, row)
		}
	}
}
