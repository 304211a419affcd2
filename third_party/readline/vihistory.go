package readline

import (
	"github.com/reeflective/readline/internal/keymap"
)

// historySearchState is the last non-incremental search (vi's / and ?,
// Alt+P and Alt+N): an empty search string searches for it again, and
// vi's n and N repeat it.
type historySearchState struct {
	pattern string
	forward bool
}

// lastArgState is what yank-last-arg (Alt+.) last inserted: the range
// of the line, how many entries back it came from, and the word asked
// for (-1: the last).
type lastArgState struct {
	start, end int
	back, nth  int
}

// viCommandMode reports whether vi's command mode is the main keymap.
func (rl *Shell) inViCommandMode() bool {
	switch rl.Keymap.Main() {
	case keymap.ViCommand, keymap.ViMove, keymap.Vi:
		return true
	}

	return false
}

// walkHistory moves n entries back in history (forward when negative);
// in vi command mode, the cursor then goes to the start of the line, as
// GNU readline puts it.
func (rl *Shell) walkHistory(n int) {
	rl.History.Walk(n)

	if rl.inViCommandMode() {
		rl.cursor.Set(0)
	}
}

// viSearch is vi's / and ?: a non-incremental search for a string read
// below the line. As in GNU readline, / searches older entries (up the
// history, as vi's / searches forward from the top of the file), ? newer
// ones.
func (rl *Shell) viSearch() {
	keys := rl.Keys.Caller()
	if len(keys) == 0 {
		return
	}

	key := keys[len(keys)-1]
	rl.completer.NonIsearchStart(rl.History.Name()+" "+string(key), false, key == '?', true)
}

// viSearchAgain is vi's n (the last search again, in its direction) and
// N (in the other).
func (rl *Shell) viSearchAgain() {
	keys := rl.Keys.Caller()
	if len(keys) == 0 || rl.lastSearch.pattern == "" {
		return
	}

	forward := rl.lastSearch.forward
	if keys[len(keys)-1] == 'N' {
		forward = !forward
	}

	rl.History.Save()

	for range rl.Iterations.Get() {
		if !rl.History.SearchNonIncremental(rl.lastSearch.pattern, forward, false) {
			break
		}
	}
}

// The zsh names of the same searches.
func (rl *Shell) viSearchForward()  { rl.startViSearch(false, "/") }
func (rl *Shell) viSearchBackward() { rl.startViSearch(true, "?") }

func (rl *Shell) viSearchAgainForward() {
	rl.History.Save()
	rl.searchHistoryFor(rl.lastSearch.pattern, false)
}

func (rl *Shell) viSearchAgainBackward() {
	rl.History.Save()
	rl.searchHistoryFor(rl.lastSearch.pattern, true)
}

func (rl *Shell) startViSearch(forward bool, name string) {
	rl.completer.NonIsearchStart(rl.History.Name()+" "+name, false, forward, true)
}

// searchHistoryFor ends a non-incremental search for pattern (the last
// one's when empty): the matching entry is shown, with the cursor at the
// start of the match, or at the start of the line in vi command mode.
// With no match, the line stays as it was.
func (rl *Shell) searchHistoryFor(pattern string, forward bool) {
	if pattern == "" {
		pattern = rl.lastSearch.pattern
	}

	if pattern == "" {
		return
	}

	rl.lastSearch = historySearchState{pattern: pattern, forward: forward}

	rl.History.Save()

	rl.History.SearchNonIncremental(pattern, forward, !rl.inViCommandMode())
}

// viFetchHistory is vi's G: with a count N, history entry N (as the
// history builtin numbers them); without, the oldest entry.
func (rl *Shell) viFetchHistory() {
	index := 0
	if rl.Iterations.IsSet() {
		index = rl.Iterations.Get() - 1
	}

	rl.History.Save()
	rl.History.WalkTo(index)
	rl.cursor.Set(0)
}
