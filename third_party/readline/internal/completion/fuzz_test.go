package completion

import (
	"strings"
	"testing"
)

// FuzzMenu draws a menu of candidates read from data (one a line; a tab
// separates a value from its description, a second one its tag; a first
// line starting with "$ " is the word typed) on a terminal of
// width×height, walks it and inserts, as exerciseMenu does:
// `go test -fuzz FuzzMenu ./internal/completion`.
func FuzzMenu(f *testing.F) {
	f.Add(uint8(80), uint8(24), uint8(8), false, "--all\tdo not ignore\n-a\tdo not ignore\n--dereference-command-line-symlink-to-dir\tfollow")
	f.Add(uint8(1), uint8(3), uint8(1), true, "résumé-draft.txt\nrésumé-final.txt\n日本語\t説明\tfiles")
	f.Add(uint8(30), uint8(10), uint8(3), false, "\x1b[2J\n\x1b]0;x\x07\te\u0301\n\u009b31m\t\ttag")
	f.Add(uint8(40), uint8(12), uint8(4), false, "$ RÉ\nrésumé\nRÉSUMÉ\t\x1b[1mbold")

	f.Fuzz(func(t *testing.T, width, height, maxRows uint8, list bool, data string) {
		c := menuCase{
			name:     "fuzz",
			width:    1 + int(width)%250,
			height:   1 + int(height)%100,
			listLong: list,
		}
		c.maxRows = int(maxRows) % (c.height + 1)

		if typed, ok := strings.CutPrefix(data, "$ "); ok {
			c.line, data, _ = strings.Cut(typed, "\n")
			c.line = "cmd " + c.line
			c.ignoreCase = len(c.line)%2 == 0
			c.coloredPrefix = true
		}

		for i, line := range strings.Split(data, "\n") {
			if i == 300 {
				break
			}
			fields := strings.SplitN(line, "\t", 3)
			cand := Candidate{Value: fields[0]}
			if len(fields) > 1 {
				cand.Description = fields[1]
			}
			if len(fields) > 2 {
				cand.Tag = fields[2]
			}
			c.cands = append(c.cands, cand)
		}

		exerciseMenu(t, c)
	})
}
