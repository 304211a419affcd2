package main

import (
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// The line editor's keys, key for key against bash (issue ux8): each row
// types a line and some keys into bash and into nosh on identical
// terminals, and the input line and the cursor must agree. The line is
// then given up with Ctrl+C, so rows do not depend on one another except
// through the history each scenario sets up first.

// keyRow is one sequence of keys and what it is for.
type keyRow struct {
	name, keys string
}

// Escape, for the tables.
const esc = "\x1b"

// keysOptions are the options of the key comparisons: a rc file setting
// the mode, and nosh's suggestions off (they are nosh's own, shown after
// the cursor, and not what these rows are about).
func keysOptions(rc string) screentest.Options {
	return screentest.Options{
		RC:    rc,
		Files: map[string]string{".config/nosh/config.toml": "[editor]\nautosuggest = false\n"},
	}
}

// compareKeyRows runs history lines, then each row, in bash and nosh.
func compareKeyRows(t *testing.T, rc string, history []string, rows []keyRow) {
	t.Helper()
	compareWithBash(t, keysOptions(rc), func(term *screentest.Term) {
		for _, line := range history {
			term.Run(line)
		}
		partFill(term)
		for _, row := range rows {
			term.Type(row.keys)
			term.WaitOutput()
			term.CheckpointLine(row.name + " " + visibleKeys(row.keys))
			term.Type("\x03")
			term.WaitPrompt()
		}
		term.Run("clear")
	})
}

// visibleKeys spells control characters in keys as ^X for test names.
func visibleKeys(keys string) string {
	var b strings.Builder
	for _, r := range keys {
		switch {
		case r == 0x1b:
			b.WriteString("ESC")
		case r < 0x20:
			b.WriteString("^" + string(rune(r+'@')))
		case r == 0x7f:
			b.WriteString("^?")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

const viLine = "echo one two-three four"

func TestScreenViKeysLikeBash(t *testing.T) {
	l := viLine + esc
	rows := []keyRow{
		{"0", l + "0"},
		{"w", l + "0w"},
		{"ww", l + "0ww"},
		{"W", l + "0WW"},
		{"b", l + "b"},
		{"bb", l + "bbb"},
		{"B", l + "BB"},
		{"e", l + "0e"},
		{"ee", l + "0eee"},
		{"E", l + "0EE"},
		{"^", "   echo x" + esc + "^"},
		{"$", l + "0$"},
		{"f", l + "0fo"},
		{"f;", l + "0fo;"},
		{"f;,", l + "0fo;;,"},
		{"F", l + "Fo"},
		{"t", l + "0to"},
		{"t;", l + "0to;"},
		{"T", l + "Te"},
		{"T,", l + "0Te,"},
		{"%", "echo (a [b] c)" + esc + "0f(%"},
		{"% back", "echo (a [b] c)" + esc + "%"},
		{"dw", l + "0dw"},
		{"dw mid", l + "0wwdw"},
		{"dW", l + "0wwdW"},
		{"d$", l + "0wd$"},
		{"d0", l + "bd0"},
		{"db", l + "db"},
		{"dt", l + "0dtf"},
		{"df", l + "0dfo"},
		{"3w", l + "03w"},
		{"d2w", l + "0d2w"},
		{"2dw", l + "02dw"},
		{"de", l + "0wde"},
		{"dd", l + "dd"},
		{"2dd", l + "2dd"},
		{"D", l + "0wD"},
		{"C", l + "0wCnew"},
		{"cb", l + "cbX"},
		{"cc", l + "ccnew line"},
		{"S", l + "Snew line"},
		{"s", l + "0sZ"},
		{"x", l + "0x"},
		{"3x", l + "03x"},
		{"x at end", l + "xx"},
		{"X", l + "X"},
		{"2X", l + "b2X"},
		{"r", l + "0rZ"},
		{"R", l + "0wRABC"},
		{"xp", l + "0xp"},
		{"uu", l + "0dwxuu"},
		{"i", l + "0iX"},
		{"a", l + "0aX"},
		{"I", l + "IX"},
		{"A", l + "0AX"},
		{"i esc", l + "0wiXY" + esc + "x"},
		{"a esc", l + "0aXY" + esc + "x"},
		{"count i", l + "03iab" + esc + "x"},
		{"ctrl-w", "echo one two\x17"},
		{"ctrl-w path", "echo a/b/c\x17"},
		{"ctrl-w punct", "echo --dry-run\x17\x17"},
		{"ctrl-u", "echo one two" + esc + "bi\x15"},
		{"ctrl-h", "echo one two\x08\x08"},
		{"backspace", "echo one two\x7f"},
		{"h l", l + "hhhl"},
		{"space", l + "0  "},
		{"insert comment", l + "#"},
	}
	compareKeyRows(t, "set -o vi\n", nil, rows)
}

func TestScreenViHistoryLikeBash(t *testing.T) {
	history := []string{"echo needle 1", "echo other", "echo needle 2", "echo last"}
	rows := []keyRow{
		{"k", esc + "k"},
		{"kk", esc + "kk"},
		{"2k", esc + "2k"},
		{"kkj", esc + "kkkj"},
		{"-", esc + "-"},
		{"+", esc + "--+"},
		{"G", esc + "G"},
		{"2G", esc + "2G"},
		{"/", esc + "/needle\r"},
		{"/n", esc + "/needle\rn"},
		{"/nN", esc + "/needle\rnN"},
		{"?", esc + "kkkk?needle\r"},
		{"/ no match", esc + "/nosuch\r"},
		{"/^", esc + "/^echo o\r"},
		{"up", esc + "\x1b[A"},
		{"up down", esc + "\x1b[A\x1b[A\x1b[B"},
		{"down", esc + "kk\x1b[B"},
		{"ctrl-p", esc + "\x10"},
		{"k edit", esc + "kx"},
		{"insert up", "\x1b[A"},
	}
	compareKeyRows(t, "set -o vi\n", history, rows)
}

func TestScreenEmacsKeysLikeBash(t *testing.T) {
	l := "echo one two-three four"
	u := "echo café über 漢字 end"
	rows := []keyRow{
		{"ctrl-a", l + "\x01"},
		{"ctrl-e", l + "\x01\x05"},
		{"ctrl-f", l + "\x01\x06\x06"},
		{"ctrl-b", l + "\x02\x02"},
		{"ctrl-d", l + "\x01\x04"},
		{"ctrl-k", l + "\x1bb\x1bb\x0b"},
		{"ctrl-u", l + "\x1bb\x15"},
		{"ctrl-w", l + "\x17"},
		{"alt-f", l + "\x01\x1bf\x1bf"},
		{"alt-b", l + "\x1bb\x1bb"},
		{"alt-d", l + "\x01\x1bf\x1bd"},
		{"alt-backspace", l + "\x1b\x7f"},
		{"alt-t", l + "\x1bb\x1bt"},
		{"ctrl-t end", l + "\x14"},
		{"alt-3 ctrl-d", l + "\x01\x1b3\x04"},
		{"alt-2 alt-b", l + "\x1b2\x1bb"},
		{"utf-8 alt-f", u + "\x01\x1bf\x1bf"},
		{"utf-8 alt-b", u + "\x1bb\x1bb"},
		{"utf-8 ctrl-w", u + "\x1bb\x17"},
	}
	compareKeyRows(t, "", nil, rows)
}

func TestScreenEmacsHistoryKeysLikeBash(t *testing.T) {
	history := []string{"echo needle 1", "echo other arg", "echo needle 2", "echo last word"}
	rows := []keyRow{
		{"alt-.", "echo \x1b."},
		{"alt-_", "echo \x1b_"},
		{"alt-1 alt-.", "echo \x1b1\x1b."},
		{"alt-< alt->", "echo x\x1b<\x1b>"},
		{"ctrl-p", "\x10"},
		{"ctrl-p ctrl-n", "\x10\x10\x0e"},
		{"alt-r", "\x10\x10\x17\x1br"},
		{"alt-p", "\x1bpneedle\r"},
		{"alt-p twice", "\x1bpneedle\r\x1bp\r"},
		{"alt-p alt-n", "\x1bpneedle\r\x1bp\r\x1bn\r"},
		{"pageup", "echo n\x1b[5~"},
		{"pageup pagedown", "echo n\x1b[5~\x1b[5~\x1b[6~"},
	}
	compareKeyRows(t, "", history, rows)
}
