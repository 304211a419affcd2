package repl

import (
	"unicode"

	"github.com/reeflective/readline"
)

// The case of words (Alt+U, Alt+L, Alt+C) as bash's: from the cursor to
// the end of the next word (letters and digits, accented ones included),
// the cursor then after it; with a negative count, the words before the
// cursor, which stays. readline's own changed the word around the cursor,
// behind it too (Alt+F then Alt+U upcased "ECHo", not "one").

type caseChange int

const (
	upcase caseChange = iota
	downcase
	capitalize
)

func changeWordCase(rl *readline.Shell, how caseChange) {
	line, cur := rl.Line(), rl.Cursor()
	n := rl.Iterations.Get()
	start, end := cur.Pos(), cur.Pos()
	if n < 0 {
		for range -n {
			start = prevWordStart(*line, start)
		}
	} else {
		for range max(1, n) {
			end = nextWordEnd(*line, end)
		}
	}
	if start == end {
		return
	}
	rl.History.Save() // the line before, for undo
	inWord := false
	for i := start; i < end; i++ {
		r := (*line)[i]
		switch {
		case how == upcase, how == capitalize && !inWord:
			(*line)[i] = unicode.ToUpper(r)
		default:
			(*line)[i] = unicode.ToLower(r)
		}
		inWord = isWordRune(r)
	}
	if n >= 0 {
		cur.Set(end)
	}
}
