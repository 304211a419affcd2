package display

import (
	"testing"
)

func TestParseCells(t *testing.T) {
	tests := []struct {
		name, line, state string
		want              []cell
		end               string
		ok                bool
	}{
		{"ascii", "ab", "", []cell{{"", "a", 1}, {"", "b", 1}}, "", true},
		{"colours", "\x1b[1;31ma\x1b[0mb\x1b[2m\x1b[38;05;242mc\x1b[0m", "",
			[]cell{{"\x1b[1;31m", "a", 1}, {"", "b", 1}, {"\x1b[2m\x1b[38;05;242m", "c", 1}}, "", true},
		{"prompt colour carried", "a", "\x1b[1m", []cell{{"\x1b[1m", "a", 1}}, "\x1b[1m", true},
		{"default colours after a reset", "\x1b[0m\x1b[49ma", "\x1b[1m", []cell{{"", "a", 1}}, "", true},
		{"combining mark", "e\u0301x", "", []cell{{"", "e\u0301", 1}, {"", "x", 1}}, "", true},
		{"mark split by a colour", "e\x1b[1m\u0301", "", []cell{{"", "e", 1}, {"\x1b[1m", "\u0301", 0}}, "\x1b[1m", true},
		{"wide", "日a", "", []cell{{"", "日", 2}, {"", "a", 1}}, "", true},
		{"control character", "a\tb", "", nil, "", false},
		{"cursor move", "a\x1b[2Cb", "", nil, "", false},
		{"newline", "a\nb", "", nil, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, end, ok := parseCells(nil, tt.line, tt.state)
			if ok != tt.ok {
				t.Fatalf("ok = %v, want %v", ok, tt.ok)
			}
			if !ok {
				return
			}
			if len(got) != len(tt.want) {
				t.Fatalf("cells = %q, want %q", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("cell %d = %q, want %q", i, got[i], tt.want[i])
				}
			}
			if end != tt.end {
				t.Errorf("end state = %q, want %q", end, tt.end)
			}
		})
	}
}

func TestPromptState(t *testing.T) {
	tests := []struct {
		prompt, state string
		ok            bool
	}{
		{"$ ", "", true},
		{"\x1bD\x1bM$ ", "", true},
		{"\x1b[32muser\x1b[0m:\x1b[1m", "\x1b[1m", true},
		{"\x1b]0;title\a\x1b[31m> ", "\x1b[31m", true},
		{"\x1b]0;title\x1b\\> ", "", true},
		{"\x1b]0;unterminated", "", false},
		{"\x1b[2C$ ", "", true},
		{"$ \x1b", "", false},
	}
	for _, tt := range tests {
		state, ok := promptState(tt.prompt)
		if state != tt.state || ok != tt.ok {
			t.Errorf("promptState(%q) = %q, %v; want %q, %v", tt.prompt, state, ok, tt.state, tt.ok)
		}
	}
}

func TestAppendChanges(t *testing.T) {
	const dim = "\x1b[2m"
	const red = "\x1b[31m"
	cells := func(line string) []cell {
		c, _, ok := parseCells(nil, line, "")
		if !ok {
			t.Fatalf("parseCells(%q) failed", line)
		}
		return c
	}
	tests := []struct {
		name       string
		old, new   string
		cursor, to int // columns, the input starting at column 2
		want       string
	}{
		{"a character typed at the end", "ech", "echo", 5, 6, "o"},
		{"the last character erased", "echo", "ech", 6, 5, "\b\x1b[0K"},
		{"inserted in the middle", "echo h", "echox h", 6, 7, "x h\x1b[2D"},
		{"erased in the middle", "echox h", "echo h", 7, 6, "\b h\x1b[0K\x1b[2D"},
		{"nothing changed, the cursor moved", "echo", "echo", 6, 3, "\x1b[3D"},
		{"the next character of a suggestion typed", "e" + dim + "cho", "ec" + dim + "ho", 3, 4, "c"},
		{"a suggestion appears", "e", "e" + dim + "cho", 3, 3, dim + "cho\x1b[0m\x1b[3D"},
		{"a suggestion goes", "gi" + dim + "t status", "gix", 4, 5, "x\x1b[0K"},
		{"a word recoloured", red + "ech", "\x1b[32mecho", 5, 6, "\x1b[3D\x1b[32mecho\x1b[0m"},
		{"a combining mark added", "he", "he\u0301", 4, 4, "\be\u0301"},
		{"a wide character typed", "a", "a日", 3, 5, "日"},
		{"a wide character erased in the middle", "a日b", "ab", 5, 3, "\x1b[2Db\x1b[0K\b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := string(appendChanges(nil, cells(tt.old), cells(tt.new), 2, tt.cursor, tt.to, 80))
			if got != tt.want {
				t.Errorf("appendChanges(%q → %q) = %q, want %q", tt.old, tt.new, got, tt.want)
			}
		})
	}
}

// TestAppendChangesToTheLastColumn: cells written up to the terminal's
// last column (a right prompt's end) leave the cursor waiting to wrap, a
// column short of where it is counted: it is brought back from the
// first column.
func TestAppendChangesToTheLastColumn(t *testing.T) {
	old, _, _ := parseCells(nil, "ab     RP", "")
	cells, _, _ := parseCells(nil, "ab     RQ", "")
	got := string(appendChanges(nil, old, cells, 1, 3, 3, 10))
	if want := "\x1b[6CQ\r\x1b[3C"; got != want {
		t.Errorf("appendChanges = %q, want %q", got, want)
	}
}
