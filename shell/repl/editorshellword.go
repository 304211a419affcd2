package repl

import "github.com/reeflective/readline"

// Shell words for Alt+Ctrl+F, Alt+Ctrl+B, Alt+Ctrl+D and the backward
// kill, as bash's: a quoted string is one word ('a b' goes in one move),
// words end at unquoted blanks and at the shell's separators. readline's
// own moved by its word selection and stopped inside quotes.

// shellWordSpans returns the [start, end) of each shell word of line.
func shellWordSpans(line []rune) [][2]int {
	var spans [][2]int
	start, quote := -1, rune(0)
	for i := 0; i < len(line); i++ {
		r := line[i]
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else if r == '\\' && quote == '"' {
				i++
			}
			continue
		case r == ' ' || r == '\t' || r == '\n' || r == ';' || r == '|' || r == '&' || r == '(' || r == ')' || r == '<' || r == '>':
			if start >= 0 {
				spans = append(spans, [2]int{start, i})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
		switch r {
		case '\'', '"':
			quote = r
		case '\\':
			i++
		}
	}
	if start >= 0 {
		spans = append(spans, [2]int{start, len(line)})
	}
	return spans
}

// shellWordEnd is where the shell word ending after position i ends.
func shellWordEnd(line []rune, i int) int {
	for _, s := range shellWordSpans(line) {
		if s[1] > i {
			return min(s[1], len(line))
		}
	}
	return len(line)
}

// shellWordStart is where the shell word starting before position i
// starts.
func shellWordStart(line []rune, i int) int {
	spans := shellWordSpans(line)
	for k := len(spans) - 1; k >= 0; k-- {
		if spans[k][0] < i {
			return spans[k][0]
		}
	}
	return 0
}

func shellForwardWord(rl *readline.Shell) {
	for range max(1, rl.Iterations.Get()) {
		rl.Cursor().Set(shellWordEnd(*rl.Line(), rl.Cursor().Pos()))
	}
}

func shellBackwardWord(rl *readline.Shell) {
	for range max(1, rl.Iterations.Get()) {
		rl.Cursor().Set(shellWordStart(*rl.Line(), rl.Cursor().Pos()))
	}
}

func shellKillWord(rl *readline.Shell) {
	line, cur := rl.Line(), rl.Cursor()
	start, end := cur.Pos(), cur.Pos()
	for range max(1, rl.Iterations.Get()) {
		end = shellWordEnd(*line, end)
	}
	if end > start {
		rl.History.Save() // the line before, for undo
		rl.Buffers.Kill((*line)[start:end], false)
		line.Cut(start, end)
	}
}

func shellBackwardKillWord(rl *readline.Shell) {
	line, cur := rl.Line(), rl.Cursor()
	start, end := cur.Pos(), cur.Pos()
	for range max(1, rl.Iterations.Get()) {
		start = shellWordStart(*line, start)
	}
	if start < end {
		rl.History.Save() // the line before, for undo
		rl.Buffers.Kill((*line)[start:end], true)
		line.Cut(start, end)
		cur.Set(start)
	}
}
