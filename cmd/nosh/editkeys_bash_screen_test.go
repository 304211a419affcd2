package main

import (
	"fmt"
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
		{"2f", l + "02fo"},
		{"2;", l + "0fe2;"},
		{"d;", l + "0fod;"},
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
		{"dF", l + "dFo"},
		{"3w", l + "03w"},
		{"d2w", l + "0d2w"},
		{"2dw", l + "02dw"},
		{"de", l + "0wde"},
		{"dd", l + "dd"},
		{"2dd", l + "2dd"},
		{"D", l + "0wD"},
		{"C", l + "0wCnew"},
		{"cw", l + "0wcwNEW"},
		{"cw at word end", l + "0ecwX"},
		{"c2w", l + "0wc2wX"},
		{"cW", l + "0wwcWX"},
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
		{"3r", l + "03rZ"},
		{"R", l + "0wRABC"},
		{"R backspace", l + "0wRABC\x7f\x7f"},
		{"R past end", l + "$RXYZ"},
		{"insert key", l + "0i\x1b[2~XY"},
		{"ctrl-_", l + "0dwx\x1f"},
		{"~", l + "0~~~"},
		{"3~", l + "0w3~"},
		{".", l + "0dw."},
		{"x.", l + "0x.."},
		{"3.", l + "0x3."},
		{"i.", l + "0iab" + esc + "w."},
		{"r.", l + "0rXw."},
		{"u", l + "0xu"},
		{"uu", l + "0dwxuu"},
		{"U", l + "0xxdwU"},
		{"ywP", l + "0wywP"},
		{"ywp", l + "0ywp"},
		{"y$P", l + "0wy$P"},
		{"Y", l + "0wYP"},
		{"yb", l + "ybP"},
		{"dwP", l + "0dwwP"},
		{"yyp", l + "0wyyp"},
		{"2p", l + "0ywwh2p"},
		{"xp", l + "0xp"},
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
		{"|", l + "5|"},
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
		{"k edit", esc + "kx"},
		{"after ctrl-c, the entry as it was", esc + "\x10"},
		{"insert up", "\x1b[A"},
	}
	compareKeyRows(t, "set -o vi\n", history, rows)
}

func TestScreenEmacsKeysLikeBash(t *testing.T) {
	l := "echo one two-three four"
	u := "echo café über 漢字 end"
	rows := []keyRow{
		{"ctrl-a", l + "\x01"},
		// The kill ring rows come first: bash joins a kill to the last one even
		// across lines given up with Ctrl+C.
		{"ctrl-y", l + "\x17\x17\x19"},
		{"alt-y", l + "\x17\x01\x0b\x19\x1by"},
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
		{"alt-\\", "echo a    b\x02\x02\x1b\\"},
		{"alt-ctrl-b", "echo 'a b' c\x1b\x02\x1b\x02"},
		{"alt-ctrl-f", "echo 'a b' c\x01\x1b\x06\x1b\x06"},
		{"alt-ctrl-d", "echo 'a b' c\x01\x1b\x06\x1b\x04"},
		{"insert key", l + "\x01\x1b[2~XY"},
		{"alt-d alt-d ctrl-y", l + "\x01\x1bd\x1bd\x05\x19"},
		{"ctrl-k ctrl-y", l + "\x1bb\x0b\x01\x19"},
		{"alt-- alt-u", l + "\x1b-\x1bu"},
		{"alt-2 alt-c", l + "\x01\x1b2\x1bc"},
		{"alt-t", l + "\x1bb\x1bt"},
		{"alt-u", l + "\x01\x1bf\x1bu"},
		{"alt-l", "echo ONE TWO" + "\x01\x1bf\x1bl"},
		{"alt-c", l + "\x01\x1bf\x1bc\x1bc"},
		{"ctrl-t", l + "\x02\x14"},
		{"ctrl-t end", l + "\x14"},
		{"ctrl-x ctrl-u", l + "\x17\x18\x15"},
		{"ctrl-_", l + "\x17\x17\x1f"},
		{"ctrl-_ twice", l + "\x17\x17\x1f\x1f"},
		{"alt-3 ctrl-d", l + "\x01\x1b3\x04"},
		{"alt-2 alt-b", l + "\x1b2\x1bb"},
		{"alt-- ctrl-d", l + "\x1b-\x04"},
		{"ctrl-v ctrl-a", "echo a\x16\x01b"},
		{"ctrl-space ctrl-x ctrl-x", l + "\x01\x1bf\x00\x05\x18\x18"},
		{"mark kill-region", l + "\x01\x1bf\x00\x1bf\x1bf\x18\x18"},
		{"utf-8 alt-f", u + "\x01\x1bf\x1bf"},
		{"utf-8 alt-b", u + "\x1bb\x1bb"},
		{"utf-8 alt-u", u + "\x01\x1bf\x1bu"},
		{"utf-8 alt-c", u + "\x01\x1bf\x1bc"},
		{"utf-8 ctrl-t", u + "\x1bb\x1bb\x1bb\x14"},
		{"utf-8 ctrl-w", u + "\x1bb\x17"},
	}
	compareKeyRows(t, "", nil, rows)
}

func TestScreenEmacsHistoryKeysLikeBash(t *testing.T) {
	history := []string{"echo needle 1", "echo other arg", "echo needle 2", "echo last word"}
	rows := []keyRow{
		{"alt-.", "echo \x1b."},
		{"alt-. twice", "echo \x1b.\x1b."},
		{"alt-. thrice", "echo \x1b.\x1b.\x1b."},
		{"alt-ctrl-y", "echo \x1b\x19"},
		{"alt-2 alt-ctrl-y", "echo \x1b2\x1b\x19"},
		{"alt-_", "echo \x1b_"},
		{"alt-1 alt-.", "echo \x1b1\x1b."},
		{"alt-<", "echo x\x1b<"},
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

// TestScreenViEditLikeBash is v in vi command mode: the line goes to
// $EDITOR, and what it saved runs.
func TestScreenViEditLikeBash(t *testing.T) {
	o := keysOptions("set -o vi\n")
	o.Env = []string{"VISUAL="}
	o.Files["ed.sh"] = "sed -i 's/before/after/' \"$1\"\n"
	compareWithBash(t, o, func(term *screentest.Term) {
		term.Run(`EDITOR="sh $HOME/ed.sh"`)
		partFill(term)
		term.Type("echo before" + esc + "v")
		term.WaitText("after")
		term.WaitPrompt()
		term.Checkpoint("v")
	})
}

// TestScreenEditKeysUTF8 is the word motions over accented and CJK
// letters, which are letters of words in nosh as in vim; bash's readline
// counts their bytes as punctuation in vi mode (0ww stops inside café),
// so the expected line and cursor are written here instead of taken from
// bash.
func TestScreenEditKeysUTF8(t *testing.T) {
	const u = "echo café über 漢字 end"
	for _, c := range []struct {
		name, rc, keys, line string
		col                  int
	}{
		{"vi w", "set -o vi\n", u + esc + "0ww", "$ " + u, 12},
		{"vi e x", "set -o vi\n", u + esc + "0wex", "$ echo caf über 漢字 end", 10},
		{"vi dw", "set -o vi\n", u + esc + "0wwwdw", "$ echo café über end", 17},
		{"vi b ~", "set -o vi\n", u + esc + "bb~~", "$ " + u, 21},
		{"vi f", "set -o vi\n", u + esc + "0fü", "$ " + u, 12},
		{"vi r", "set -o vi\n", u + esc + "0wwrÜ", "$ echo café Über 漢字 end", 12},
		{"vi e", "set -o vi\n", u + esc + "0wwwe", "$ " + u, 19},
		{"vi cw", "set -o vi\n", u + esc + "0wcwX", "$ echo X über 漢字 end", 8},
		{"alt-d", "", u + "\x01\x1bf\x1bd", "$ echo über 漢字 end", 6},
		{"alt-b", "", u + "\x1bb\x1bb", "$ " + u, 17},
	} {
		t.Run(c.name, func(t *testing.T) {
			term := startNosh(t, keysOptions(c.rc))
			partFill(term)
			term.Type(c.keys)
			term.WaitFor(fmt.Sprintf("%q, the cursor at column %d", c.line, c.col), func(s screentest.Screen) bool {
				return strings.TrimRight(s.CursorLine(), " ") == c.line && s.Col == c.col
			})
		})
	}
}
