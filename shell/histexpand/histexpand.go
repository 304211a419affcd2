// Package histexpand performs bash's history expansion on a command line
// typed at an interactive prompt: event designators (!!, !n, !-n, !str,
// !?str?, !#), the quick substitution ^old^new^, word designators (:0,
// :n, :n-m, ^, $, *, %, n*, n-) and modifiers (:h :t :r :e :p :q :x
// :s/old/new/ :& :g :a :G).
//
// As in bash, single quotes and a backslash protect the history
// character, double quotes do not (except before the closing quote), a
// word starting with # ends expansion, and ! followed by a blank, =, (,
// or one of ;&|<> is literal, as are $!, ${!name} and [!…] patterns.
//
// The caller owns the policy: expansion is for interactive input only,
// the expanded line is shown and stored in place of the typed one, and
// an error means the line neither runs nor goes into history.
package histexpand

import (
	"strconv"
	"strings"
)

// History is the list of earlier command lines an expansion refers to,
// oldest first. Entry numbers in !n count from 1, as the history builtin
// shows them.
type History interface {
	Len() int
	// Line returns entry i, 0 being the oldest.
	Line(i int) string
}

// Lines is a History held in a slice.
type Lines []string

// Len returns the number of lines.
func (l Lines) Len() int { return len(l) }

// Line returns line i.
func (l Lines) Line(i int) string { return l[i] }

// Result is an expanded line.
type Result struct {
	// Line is the line with every expansion done.
	Line string
	// Expanded reports whether there was anything to expand: the caller
	// then shows Line before running it, as bash does.
	Expanded bool
	// PrintOnly is set by the :p modifier: Line is to be shown and
	// stored in history, but not run.
	PrintOnly bool
}

// Error is an expansion that failed; the line must not run.
type Error struct {
	// Text is the part of the line at fault, as bash names it.
	Text string
	// Msg says what is wrong.
	Msg string
}

func (e *Error) Error() string { return e.Text + ": " + e.Msg }

// Expander expands lines. It remembers, from one line to the next, the
// last !?string? search and the last :s substitution, which later
// expansions may refer to (%, :&, an empty :s pattern). The zero value
// is ready to use.
type Expander struct {
	searchString string // the string of the last !?string?
	searchWord   string // the word it matched, for %
	substOld     string // the last :s pattern and replacement
	substNew     string
	hasSubst     bool
}

// noExpandAfter are the characters after which ! is literal (bash's
// history_no_expand_chars).
const noExpandAfter = " \t\n\r=;&|()<>"

// wordDelims end a word for the # comment rule (history_word_delimiters).
const wordDelims = " \t\n;&()|<>"

// Expand expands every history reference in line, against h.
func (e *Expander) Expand(line string, h History) (Result, error) {
	s := line
	if strings.HasPrefix(s, "^") {
		// ^old^new^ is !!:s^old^new^.
		s = "!!:s" + s
	}
	if !strings.Contains(s, "!") {
		return Result{Line: line}, nil
	}
	var out strings.Builder
	res := Result{}
	dquote := false
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\':
			end := min(i+2, len(s))
			out.WriteString(s[i:end])
			i = end
		case c == '"':
			dquote = !dquote
			out.WriteByte(c)
			i++
		case c == '\'' && !dquote:
			end := singleQuoteEnd(s, i)
			out.WriteString(s[i:end])
			i = end
		case c == '#' && !dquote && (i == 0 || strings.IndexByte(wordDelims, s[i-1]) >= 0):
			out.WriteString(s[i:])
			i = len(s)
		case c == '!' && expandsHere(s, i, dquote):
			text, end, printOnly, err := e.expandOne(s, i, out.String(), h, dquote)
			if err != nil {
				return Result{Line: line}, err
			}
			out.WriteString(text)
			res.Expanded = true
			res.PrintOnly = res.PrintOnly || printOnly
			i = end
		default:
			out.WriteByte(c)
			i++
		}
	}
	res.Line = out.String()
	return res, nil
}

// singleQuoteEnd returns the index just past the single-quoted string
// starting at s[i], or len(s) when it is not closed. In $'…' a backslash
// escapes the next character.
func singleQuoteEnd(s string, i int) int {
	ansi := i > 0 && s[i-1] == '$'
	for j := i + 1; j < len(s); j++ {
		switch {
		case ansi && s[j] == '\\':
			j++
		case s[j] == '\'':
			return j + 1
		}
	}
	return len(s)
}

// expandsHere reports whether the ! at s[i] starts an expansion.
func expandsHere(s string, i int, dquote bool) bool {
	if i+1 >= len(s) || strings.IndexByte(noExpandAfter, s[i+1]) >= 0 {
		return false
	}
	if dquote && s[i+1] == '"' {
		return false
	}
	rest := s[i+1:]
	switch {
	case i > 0 && s[i-1] == '[' && strings.Contains(rest, "]"):
		return false // a [!…] pattern
	case i > 1 && s[i-1] == '{' && s[i-2] == '$' && strings.Contains(rest, "}"):
		return false // ${!name}
	case i > 0 && s[i-1] == '$':
		return false // $!
	}
	return true
}

// expandOne expands the reference starting with the ! at s[i]; current
// is the line expanded so far (for !#). It returns the text and the
// index just past the reference.
func (e *Expander) expandOne(s string, i int, current string, h History, dquote bool) (text string, end int, printOnly bool, err error) {
	start := i
	var event string
	j := i + 1
	switch {
	case strings.IndexByte(":$*%^", s[j]) >= 0:
		// A word designator alone refers to the previous line.
		if event, err = e.lineAt(h, h.Len()-1, "!"+s[j:j+1]); err != nil {
			return "", 0, false, err
		}
	case s[j] == '#':
		event = current
		j++
	default:
		if event, j, err = e.event(s, j, h, dquote); err != nil {
			return "", 0, false, err
		}
	}

	words, j, err := e.wordDesignator(s, j, event)
	if err != nil {
		return "", 0, false, err
	}
	if words != nil {
		event = *words
	}
	return e.modifiers(s, j, start, event)
}

// lineAt returns entry n (0-based) or an "event not found" error naming
// spec.
func (e *Expander) lineAt(h History, n int, spec string) (string, error) {
	if n < 0 || n >= h.Len() {
		return "", &Error{Text: spec, Msg: "event not found"}
	}
	return h.Line(n), nil
}

// event reads an event designator after the ! at s[j-1]: !, a number, a
// -number, ?string?, or a prefix string. It returns the line it refers
// to and the index past the designator.
func (e *Expander) event(s string, j int, h History, dquote bool) (string, int, error) {
	start := j - 1
	switch {
	case s[j] == '!':
		line, err := e.lineAt(h, h.Len()-1, "!!")
		return line, j + 1, err
	case isDigit(s[j]) || s[j] == '-' && j+1 < len(s) && isDigit(s[j+1]):
		k := j
		if s[k] == '-' {
			k++
		}
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		n, convErr := strconv.Atoi(s[j:k])
		idx := n - 1
		if n < 0 {
			idx = h.Len() + n
		}
		if convErr != nil || n == 0 {
			idx = -1
		}
		line, err := e.lineAt(h, idx, s[start:k])
		return line, k, err
	case s[j] == '?':
		k := j + 1
		for k < len(s) && s[k] != '?' && s[k] != '\n' {
			k++
		}
		str := s[j+1 : k]
		spec := s[start:k]
		if k < len(s) && s[k] == '?' {
			k++
			spec = s[start:k]
		}
		if str == "" {
			str = e.searchString
		}
		if str != "" {
			for n := h.Len() - 1; n >= 0; n-- {
				line := h.Line(n)
				if at := strings.Index(line, str); at >= 0 {
					e.searchString = str
					e.searchWord = wordAt(line, at)
					return line, k, nil
				}
			}
		}
		return "", k, &Error{Text: spec, Msg: "event not found"}
	}
	k := j
	for k < len(s) {
		c := s[k]
		if c == ' ' || c == '\t' || c == '\n' || c == ':' || strings.IndexByte(";&()|<>", c) >= 0 ||
			(c == '-' && k > j) || (c != '-' && strings.IndexByte("^$*%", c) >= 0) || (dquote && c == '"') {
			break
		}
		k++
	}
	prefix := s[j:k]
	for n := h.Len() - 1; n >= 0 && prefix != ""; n-- {
		if line := h.Line(n); strings.HasPrefix(line, prefix) {
			return line, k, nil
		}
	}
	return "", k, &Error{Text: s[start:k], Msg: "event not found"}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
