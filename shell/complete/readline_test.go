package complete

import (
	"strings"
	"testing"

	"github.com/reeflective/readline"
)

// applyReadline does what reeflective/readline v1.3.0 does with a unique
// completion (checked against its engine when this adapter was written):
// keep the candidates that start with PREFIX, cut len(PREFIX) — bytes,
// used as a rune count — runes before the cursor, insert the Value.
func applyReadline(t *testing.T, line []rune, cursor int, comps readline.Completions) string {
	t.Helper()
	var kept []string
	comps.EachValue(func(c readline.Completion) readline.Completion {
		if strings.HasPrefix(c.Value, comps.PREFIX) {
			kept = append(kept, c.Value)
		}
		return c
	})
	if comps.PREFIX == "" && cursor > 0 && line[cursor-1] != ' ' {
		t.Fatalf("empty PREFIX after %q: readline would use the blank word instead", line[cursor-1])
	}
	if len(kept) != 1 {
		t.Fatalf("%d candidates kept by PREFIX %q, want 1", len(kept), comps.PREFIX)
	}
	n := len(comps.PREFIX)
	return string(line[:cursor-n]) + kept[0] + string(line[cursor:])
}

func TestReadlineAdapter(t *testing.T) {
	c, env := testCompleter(t)
	mkfile(t, env.dir+"/Téléchargements/x", "x", 0o644)
	mkfile(t, env.dir+"/café.txt", "x", 0o644)
	mkfile(t, env.dir+"/été.txt", "x", 0o644)
	tests := []struct{ line, want string }{
		{`ls my`, `ls my\ file.txt `},
		{`ls "My`, `ls "My Documents/`},
		{`echo a>no`, `echo a>notes.md `},
		{`ls Tél`, `ls Téléchargements/`},
		{`ls café.t`, `ls café.txt `},
		{`ls caf`, `ls café.txt `},
		{`ls é`, `ls été.txt `},
		{`echo $(toolb‸) x`, `echo $(toolbox ) x`},
	}
	for _, tt := range tests {
		line := strings.Replace(tt.line, "‸", "", 1)
		runes := []rune(line)
		cursor := len(runes)
		if i := strings.Index(tt.line, "‸"); i >= 0 {
			cursor = len([]rune(tt.line[:i]))
		}
		comps := c.Readline(runes, cursor)
		if got := applyReadline(t, runes, cursor, comps); got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.line, got, tt.want)
		}
	}

	// An empty word right after an operator gets the operator as PREFIX.
	comps := c.Readline([]rune("echo a>"), 7)
	if comps.PREFIX != ">" {
		t.Errorf("PREFIX after > = %q", comps.PREFIX)
	}
	comps.EachValue(func(v readline.Completion) readline.Completion {
		if !strings.HasPrefix(v.Value, ">") {
			t.Errorf("value %q lost the >", v.Value)
		}
		return v
	})
}

func TestReadlinePrefix(t *testing.T) {
	tests := []struct {
		p            string
		prev         rune
		prefix, lead string
		drop         int
	}{
		{"abc", ' ', "abc", "", 0},
		{"", ' ', "", "", 0},
		{"", 0, "", "", 0},
		{"", '>', ">", ">", 0},
		{"", 'é', "\xc3", "é", 0},
		{"café.t", ' ', ".t", "", 5},
		{"été", ' ', "ét", "", 0}, // 3 runes → first 3 bytes: "é" + "t"
	}
	for _, tt := range tests {
		prefix, drop, lead := readlinePrefix(tt.p, tt.prev)
		if prefix != tt.prefix || drop != tt.drop || lead != tt.lead {
			t.Errorf("readlinePrefix(%q, %q) = %q, %d, %q; want %q, %d, %q", tt.p, tt.prev, prefix, drop, lead, tt.prefix, tt.drop, tt.lead)
		}
	}
}
