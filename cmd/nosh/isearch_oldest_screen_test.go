package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"nosh/cmd/nosh/internal/screentest"
)

// TestScreenHistorySearchStopsAtTheOldest: Ctrl+R past the oldest match
// stays on it and says the search failed, as bash does ("failed
// reverse-i-search"); Enter then runs it. nosh went round to the newest
// match after the last one its list held (a screenful), so that older
// matches could not be reached and Enter ran the wrong line. The same
// keys go to bash and nosh, from a full scrolled screen, with fifty
// matches among two hundred entries: each must show the search failing
// on the oldest match, and run it on Enter. (The screens are compared
// after a clear: nosh's list took rows below the prompt, and leaves
// them blank after the search, which bash's one-line search does not.)
func TestScreenHistorySearchStopsAtTheOldest(t *testing.T) {
	var bashHist, noshHist strings.Builder
	for i := range 200 {
		e := fmt.Sprintf("true miss %d", i)
		if i%4 == 1 {
			e = fmt.Sprintf("echo hit %d", i)
		}
		fmt.Fprintf(&bashHist, "%s\n", e)
		fmt.Fprintf(&noshHist, "%d\t0\t/tmp\t%s\n", 1700000000+i, e)
	}
	newest := regexp.MustCompile(`echo hit 197\b`)
	oldest := regexp.MustCompile(`echo hit 1\b`)
	failed := func(s screentest.Screen) bool {
		for _, r := range s.Rows {
			if strings.Contains(r, "failed reverse-i-search") || strings.Contains(r, "(failing") {
				return oldest.MatchString(s.String())
			}
		}
		return false
	}

	o := screentest.Options{Files: map[string]string{
		".history":                  bashHist.String(),
		".local/state/nosh/history": noshHist.String(),
	}}
	compareWithBash(t, o, func(term *screentest.Term) {
		partFill(term)
		term.Type("\x12hit")
		term.WaitFor("the newest match", func(s screentest.Screen) bool {
			return newest.MatchString(s.String())
		})
		term.Type(strings.Repeat("\x12", 60))
		term.WaitFor("the oldest match, the search failing", failed)
		term.Type("\r")
		term.WaitFor("the oldest match run", func(s screentest.Screen) bool {
			return s.AtPrompt("$ ") && s.Row > 0 && s.Rows[s.Row-1] == "hit 1"
		})
		// The screens differ below the prompt: nosh's list was there.
		term.Run("clear")
	})
}
