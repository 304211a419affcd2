package histexpand

import (
	"strings"
)

// Words of a history line, for word designators: blanks separate them,
// the shell's operators (; & | < > ( ) and their doubled forms,
// redirections with a descriptor number) are words of their own, and
// quotes, $( ), <( ) and extglob groups keep their blanks inside a word.

// tokenize splits line into history words.
func tokenize(line string) []string {
	var words []string
	for i := 0; i < len(line); {
		c := line[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		end := wordEnd(line, i)
		if end <= i {
			end = i + 1
		}
		words = append(words, line[i:end])
		i = end
	}
	return words
}

// wordEnd returns the end of the word starting at s[i].
func wordEnd(s string, i int) int {
	at := func(k int) byte {
		if k < len(s) {
			return s[k]
		}
		return 0
	}
	if strings.IndexByte("()\n", s[i]) >= 0 {
		return i + 1
	}
	if isDigit(s[i]) {
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j == len(s) {
			return j
		}
		if s[j] != '<' && s[j] != '>' {
			return scanWord(s, j, 0)
		}
		i = j // a descriptor number before a redirection
	}
	if strings.IndexByte("<>;&|", s[i]) >= 0 {
		c, peek := s[i], at(i+1)
		switch {
		case peek == c:
			if c == '<' && (at(i+2) == '-' || at(i+2) == '<') {
				return i + 3
			}
			return i + 2
		case peek == '&' && (c == '>' || c == '<'):
			j := i + 2
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if at(j) == '-' {
				j++
			}
			return j
		case (peek == '>' && c == '&') || (peek == '|' && c == '>'):
			return i + 2
		case peek == '(' && (c == '<' || c == '>'):
			return scanWord(s, i+2, 1)
		}
		return i + 1
	}
	return scanWord(s, i, 0)
}

// scanWord scans a word from s[i]; nest > 0 means i is inside a (
// group that must close first.
func scanWord(s string, i, nest int) int {
	var quote byte
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && quote != '\'':
			i++
		case nest > 0 && quote == 0 && c == '(':
			nest++
		case nest > 0 && quote == 0 && c == ')':
			nest--
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case nest == 0 && strings.IndexByte("<>$!@?+*", c) >= 0 && i+1 < len(s) && s[i+1] == '(':
			// $( ), <( ), >( ) and extglob groups.
			i++
			nest = 1
		case nest == 0 && strings.IndexByte(wordDelims, c) >= 0:
			return i
		case c == '\'' || c == '"' || c == '`':
			quote = c
		}
	}
	return len(s)
}

// wordAt returns the word of line that contains byte offset at.
func wordAt(line string, at int) string {
	for i := 0; i < len(line); {
		c := line[i]
		if c == ' ' || c == '\t' {
			i++
			continue
		}
		end := max(wordEnd(line, i), i+1)
		if at >= i && at < end {
			return line[i:end]
		}
		i = end
	}
	return ""
}

// wordDesignator reads a word designator at s[j] (":n", ":n-m", "^", "$",
// "*", "%", "n*", "n-"…) and returns the words of line it selects, or
// nil when there is none. A colon followed by a modifier is not one.
func (e *Expander) wordDesignator(s string, j int, line string) (*string, int, error) {
	start := j
	colon := j < len(s) && s[j] == ':'
	if colon {
		j++
	}
	if j >= len(s) {
		return nil, start, nil
	}
	sel := func(first, last int, end int) (*string, int, error) {
		w, ok := selectWords(tokenize(line), first, last)
		if !ok {
			return nil, end, &Error{Text: s[start:end], Msg: "bad word specifier"}
		}
		return &w, end, nil
	}
	switch s[j] {
	case '%':
		w := e.searchWord
		return &w, j + 1, nil
	case '*':
		w, ok := selectWords(tokenize(line), 1, lastWord)
		if !ok {
			w = ""
		}
		return &w, j + 1, nil
	case '$':
		return sel(lastWord, lastWord, j+1)
	}
	first := 0
	switch {
	case s[j] == '-':
	case s[j] == '^':
		first = 1
		j++
	case colon && isDigit(s[j]):
		first, j = number(s, j)
	default:
		return nil, start, nil
	}
	last := first
	switch {
	case j < len(s) && s[j] == '^':
		last = 1
		j++
	case j < len(s) && s[j] == '*':
		last = lastWord
		j++
	case j < len(s) && s[j] == '-':
		j++
		switch {
		case j < len(s) && isDigit(s[j]):
			last, j = number(s, j)
		case j < len(s) && s[j] == '$':
			last = lastWord
			j++
		case j < len(s) && s[j] == '^':
			last = 1
			j++
		default:
			last = butLastWord
		}
	}
	return sel(first, last, j)
}

// Word positions that count from the end.
const (
	lastWord    = -1 // $
	butLastWord = -2 // the x- form: up to the word before the last
)

// selectWords joins words[first..last] with spaces.
func selectWords(words []string, first, last int) (string, bool) {
	n := len(words)
	switch last {
	case lastWord:
		last = n - 1
	case butLastWord:
		last = n - 2
	}
	if first == lastWord {
		first = n - 1
	}
	if first < 0 || first >= n || last >= n || last < first {
		return "", false
	}
	return strings.Join(words[first:last+1], " "), true
}

func number(s string, j int) (int, int) {
	n := 0
	for j < len(s) && isDigit(s[j]) {
		n = n*10 + int(s[j]-'0')
		j++
	}
	return n, j
}
