package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenHistorySearchAtTheBottom: Ctrl+R at the bottom of a full,
// scrolled screen, with enough history to fill any list. The editor's
// list of matching entries used to take the whole window: the prompt and
// the search row scrolled out of sight, the next frame was drawn from the
// top row over the output above, and after the search stale rows stayed.
// The match highlighting cut the colour sequence of each entry's number
// (a stray "m" on the screen) and replaced every match with the first
// one's text ("RANDOM" shown as "RANDOm"). On a narrow screen, its row
// saying how many entries are not shown wrapped onto two, and every frame
// was drawn a row lower than the last. Each size checks that the
// prompt and search rows stay visible, the list is bounded, the output
// above only scrolls, every entry is shown as it is, that Tab, Ctrl+R
// and Ctrl+S move through more matches than the list shows, and that
// Ctrl+G, Enter and Ctrl+C leave no row of the search behind.
func TestScreenHistorySearchAtTheBottom(t *testing.T) {
	entries, file := searchHistory(300)
	entries["seq 200"], entries["echo after"] = true, true // typed below
	for _, size := range []struct{ rows, cols int }{{15, 80}, {24, 80}, {40, 80}, {15, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size.cols, size.rows), func(t *testing.T) {
			term := startNosh(t, screentest.Options{Rows: size.rows, Cols: size.cols, Files: map[string]string{
				".local/state/nosh/history": file,
			}})
			term.Fill()

			term.Type("\x12") // Ctrl+R
			s := waitSearch(term, "")
			checkSearch(t, s, entries, "", "after Ctrl+R")

			term.Type("m")
			s = waitSearch(term, "m")
			checkSearch(t, s, entries, "m", "after Ctrl+R m")

			term.Type("\x07") // Ctrl+G
			s = cursorLine(term, "$")
			checkLeft(t, s, "after Ctrl+G")
			s = term.Run("echo after")
			checkLeft(t, s, "after Ctrl+G and a command")
			if s.Count("after") != 1 {
				t.Errorf("want one row \"after\":\n%s", s.Framed())
			}

			term.Type("\x12echo M")
			s = waitSearch(term, "echo M")
			checkSearch(t, s, entries, "echo M", "after Ctrl+R echo M")
			term.Type("\r")
			s = term.WaitFor("the entry run", func(s screentest.Screen) bool {
				return s.AtPrompt("$ ") && s.Row > 0 && strings.HasPrefix(s.Rows[s.Row-1], "Mémé ")
			})
			checkLeft(t, s, "after Ctrl+R and Enter")

			term.Type("\x12git")
			s = waitSearch(term, "git")
			checkSearch(t, s, entries, "git", "after Ctrl+R git")
			// Tab goes to the next match, the list scrolling: more
			// matches than the list shows are within reach.
			tabs := size.rows/3 + 2
			term.Type(strings.Repeat("\t", tabs))
			s = waitSearchLine(term, fmt.Sprintf("$ git commit -m 'message %d'", 296-6*tabs))
			checkSearch(t, s, entries, "git", "after Ctrl+R git and Tabs")
			// Ctrl+R again goes to the next older match, Ctrl+S back, as
			// in bash (it cancelled the search).
			for _, step := range []struct {
				keys string
				at   int
			}{{"\x12\x12", tabs + 2}, {"\x13", tabs + 1}} {
				term.Type(step.keys)
				s = waitSearchLine(term, fmt.Sprintf("$ git commit -m 'message %d'", 296-6*step.at))
			}
			checkSearch(t, s, entries, "git", "after Ctrl+R Ctrl+R Ctrl+S")
			term.Type("\x03") // Ctrl+C
			s = term.WaitFor("a new prompt after ^C", func(s screentest.Screen) bool {
				return s.AtPrompt("$ ") && s.Row > 0 && strings.Contains(s.Rows[s.Row-1], "^C")
			})
			checkLeft(t, s, "after Ctrl+R and Ctrl+C")
		})
	}
}

// searchHistory returns n distinct entries, and a history file holding
// them, oldest first: some have capitals and non-ASCII letters, some are
// long, most contain an "m" and a few do not.
func searchHistory(n int) (map[string]bool, string) {
	kinds := []string{
		"mkdir /tmp/nu/gone-$RANDOM && cd /tmp/nu/gone-$RANDOM # %d",
		"echo Mémé %d",
		"git commit -m 'message %d'",
		"ls -la /usr/share/doc/%d",
		"make test TESTS=%d",
		"grep -rn main src/%d",
	}
	entries := make(map[string]bool, n)
	var b strings.Builder
	for i := range n {
		e := fmt.Sprintf(kinds[i%len(kinds)], i)
		entries[e] = true
		fmt.Fprintf(&b, "%d\t0\t/tmp\t%s\n", 1700000000+i, e)
	}
	return entries, b.String()
}

// waitSearch waits for the search row showing query, with a list below.
func waitSearch(term *screentest.Term, query string) screentest.Screen {
	return term.WaitFor("the search for "+query, func(s screentest.Screen) bool {
		h := searchRow(s)
		return h >= 0 && strings.Contains(s.Rows[h], "(inc-search): "+query+"_") &&
			h+1 < len(s.Rows) && listEntry.MatchString(s.Rows[h+1])
	})
}

// waitSearchLine waits for the row above the search's to be line.
func waitSearchLine(term *screentest.Term, line string) screentest.Screen {
	return term.WaitFor(line, func(s screentest.Screen) bool {
		h := searchRow(s)
		return h > 0 && s.Rows[h-1] == line
	})
}

// searchRow returns the index of the search's row, or -1.
func searchRow(s screentest.Screen) int {
	for i, r := range s.Rows {
		if strings.Contains(r, "(inc-search)") {
			return i
		}
	}
	return -1
}

// listEntry is a row of the list: the entry's number, its text.
var listEntry = regexp.MustCompile(`^(\d+) +(.*)$`)

// checkSearch checks a screen during a search for query: the prompt row
// just above the search row, the list below it no longer than a third of
// the screen, each of its rows an entry as it is that matches, and the
// rows above the prompt intact (checkAbove).
func checkSearch(t *testing.T, s screentest.Screen, entries map[string]bool, query, when string) {
	t.Helper()
	h := searchRow(s)
	if h < 1 || !strings.HasPrefix(s.Rows[h-1]+" ", "$ ") {
		t.Errorf("%s: the prompt row is not above the search row:\n%s", when, s.Framed())
		return
	}
	if query != "" {
		if line := strings.TrimPrefix(s.Rows[h-1], "$ "); !entries[line] || !matchesFold(line, query) {
			t.Errorf("%s: the line %q is not a matching entry:\n%s", when, line, s.Framed())
		}
	}
	_, last := s.Last()
	if n := last - h; n > len(s.Rows)/3 {
		t.Errorf("%s: the list takes %d rows of %d:\n%s", when, n, len(s.Rows), s.Framed())
	}
	for _, r := range s.Rows[h+1 : last+1] {
		if strings.Contains(r, "more completion rows") {
			continue
		}
		m := listEntry.FindStringSubmatch(r)
		if m == nil || !isEntry(entries, m[2]) || !matchesFold(m[2], query) {
			t.Errorf("%s: the row %q is not a matching entry:\n%s", when, r, s.Framed())
		}
	}
	checkAbove(t, s, h-1, when)
}

// checkLeft checks a screen after a search was left: the cursor on a
// prompt, nothing below it, no row of the list left anywhere, and the
// rows above intact (checkAbove).
func checkLeft(t *testing.T, s screentest.Screen, when string) {
	t.Helper()
	if !strings.HasPrefix(s.CursorLine(), "$") {
		t.Errorf("%s: the cursor is not on a prompt:\n%s", when, s.Framed())
	}
	for i, r := range s.Rows {
		if i > s.Row && r != "" {
			t.Errorf("%s: row %d below the prompt is not blank:\n%s", when, i, s.Framed())
			break
		}
		if strings.Contains(r, "inc-search") || strings.Contains(r, "more completion rows") || listEntry.MatchString(r) {
			t.Errorf("%s: row %d is left from the search:\n%s", when, i, s.Framed())
			break
		}
	}
	checkAbove(t, s, s.Row, when)
}

// checkAbove checks the rows above row end: none blank (the screen only
// scrolled: no row was cleared or drawn over), and those at the top that
// are seq 200's output follow one another up to 200.
func checkAbove(t *testing.T, s screentest.Screen, end int, when string) {
	t.Helper()
	for i, r := range s.Rows[:end] {
		if r == "" {
			t.Errorf("%s: row %d above the prompt is blank:\n%s", when, i, s.Framed())
			return
		}
	}
	seq := 0
	for seq < end && isNumber(s.Rows[seq]) {
		seq++
	}
	if seq > 0 && s.Rows[seq-1] != "200" {
		t.Errorf("%s: seq's output does not end with 200:\n%s", when, s.Framed())
	}
	for i := 1; i < seq; i++ {
		a, _ := strconv.Atoi(s.Rows[i-1])
		b, _ := strconv.Atoi(s.Rows[i])
		if b != a+1 {
			t.Errorf("%s: seq's output is broken at row %d:\n%s", when, i, s.Framed())
			return
		}
	}
}

// isEntry reports whether shown is one of entries, or the start of one
// cut to the screen's width (ending in "...").
func isEntry(entries map[string]bool, shown string) bool {
	if entries[shown] {
		return true
	}
	start, cut := strings.CutSuffix(shown, "...")
	if !cut {
		return false
	}
	for e := range entries {
		if strings.HasPrefix(e, start) {
			return true
		}
	}
	return false
}

func isNumber(r string) bool {
	_, err := strconv.Atoi(r)
	return err == nil
}

// matchesFold reports whether line contains query, as the search matches:
// regardless of case when query has no capital.
func matchesFold(line, query string) bool {
	if strings.ToLower(query) == query {
		line = strings.ToLower(line)
	}
	return strings.Contains(line, query)
}

// TestScreenTabListAtTheBottom: Tab's list shares the bound of Ctrl+R's
// (TestScreenHistorySearchAtTheBottom): with more candidates than the
// window has rows, at the bottom of a full screen, it took the whole
// window and scrolled the prompt away.
func TestScreenTabListAtTheBottom(t *testing.T) {
	files := make(map[string]string, 300)
	for i := range 300 {
		files[fmt.Sprintf("many/f%03d", i)] = ""
	}
	term := startNosh(t, screentest.Options{Rows: 15, Files: files})
	term.Fill()
	term.Type("ls many/\t")
	s := term.WaitFor("the list", func(s screentest.Screen) bool { return s.Contains("f001") })
	p := -1
	for i, r := range s.Rows {
		if strings.HasPrefix(r, "$ ls many/f") {
			p = i
		}
	}
	if p < 0 {
		t.Fatalf("the prompt row is not on the screen:\n%s", s.Framed())
	}
	if _, last := s.Last(); last-p > len(s.Rows)/3 {
		t.Errorf("the list takes %d rows of %d:\n%s", last-p, len(s.Rows), s.Framed())
	}
	checkAbove(t, s, p, "after Tab")

	term.Type("\x03")
	s = term.WaitFor("a new prompt after ^C", func(s screentest.Screen) bool {
		return s.AtPrompt("$ ") && s.Row > 0 && strings.Contains(s.Rows[s.Row-1], "^C")
	})
	for i, r := range s.Rows {
		if i > s.Row && r != "" || strings.Contains(r, "f001") {
			t.Errorf("row %d is left from the list:\n%s", i, s.Framed())
			break
		}
	}
	checkAbove(t, s, s.Row, "after Tab and Ctrl+C")
}

// TestScreenTabOptionWiderThanHalf: Tab after `ls -` on an 80-column
// terminal froze nosh, spinning in the editor: ls has an option
// (--dereference-command-line-symlink-to-dir) wider than half the
// terminal, and the editor's wrapping of aliased options (--all, -a)
// then cut rows of no columns forever (third_party/readline PATCHES.md
// item 14). The list must show, and the shell must go on answering.
func TestScreenTabOptionWiderThanHalf(t *testing.T) {
	term := startNosh(t, screentest.Options{Rows: 24, Cols: 80})
	term.Fill()
	term.Type("ls -\t")
	term.WaitFor("ls's options listed", func(s screentest.Screen) bool {
		return s.Contains("--all") && s.Contains("--author")
	})
	term.Type("\x03")
	term.WaitFor("a new prompt after ^C", func(s screentest.Screen) bool {
		return s.AtPrompt("$ ") && s.Row > 0 && strings.Contains(s.Rows[s.Row-1], "^C")
	})
	term.Type("echo still here\r")
	term.WaitFor("the shell answering", func(s screentest.Screen) bool {
		return rowIs(s, "still here")
	})
}

func rowIs(s screentest.Screen, text string) bool {
	for _, r := range s.Rows {
		if strings.TrimRight(r, " ") == text {
			return true
		}
	}
	return false
}
