package readline

import (
	"os"
	"testing"

	"github.com/creack/pty"

	"github.com/reeflective/readline/internal/display"
	"github.com/reeflective/readline/internal/term"
)

// BenchmarkRefreshTyping is the display's work for a key typed at the
// end of the line: one character inserted and the frame drawn, on a line
// that grows to 40 characters and is then erased, after a prompt, with
// the output thrown away (written to /dev/null). With redraw-in-place off every frame is drawn
// whole, as before item 20 of PATCHES.md.
func BenchmarkRefreshTyping(b *testing.B) {
	for _, inPlace := range []bool{true, false} {
		name := "in-place"
		if !inPlace {
			name = "full"
		}

		b.Run(name, func(b *testing.B) {
			null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
			if err != nil {
				b.Fatal(err)
			}
			defer null.Close()

			// The terminal's size is asked of stderr: a pseudo-terminal
			// of 80 columns.
			ptmx, tty, err := pty.Open()
			if err != nil {
				b.Skip("no pseudo-terminal:", err)
			}
			defer ptmx.Close()
			defer tty.Close()

			if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
				b.Fatal(err)
			}

			stdout, stderr := os.Stdout, os.Stderr
			os.Stdout, os.Stderr = null, tty
			defer func() { os.Stdout, os.Stderr = stdout, stderr }()

			term.InvalidateSize()

			rl := NewShell()
			rl.Config.Set("cursor-position-probe", false)
			rl.Config.Set("redraw-in-place", inPlace)
			rl.Prompt.Primary(func() string { return "user@host:~/src/nosh$ " })
			display.Init(rl.Display, nil)

			const text = "git log --oneline | grep -v fixup > out"
			rl.Display.PrintPrimaryPrompt()

			b.ReportAllocs()
			b.ResetTimer()

			for i := 0; b.Loop(); i++ {
				if i%len(text) == 0 {
					rl.line.Set()
					rl.cursor.Set(0)
				}

				rl.line.Insert(rl.cursor.Pos(), rune(text[i%len(text)]))
				rl.cursor.Inc()
				rl.Display.Refresh()
			}
		})
	}
}
