package screentest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Screen is what a terminal shows at one moment: its rows of text
// (trailing blanks removed; a wide character takes one string position
// but two columns), where the cursor is, and whether a full-screen
// program has switched to the alternate screen.
type Screen struct {
	Rows     []string
	Width    int
	Row, Col int
	Alt      bool
	// Styles is, when the terminal records them (Spec.Styles), each
	// row's cell styles: where they change and to what.
	Styles []string

	// beforeCursor is the cursor's row left of the cursor, blanks kept.
	beforeCursor string
}

// String returns the rows, one per line.
func (s Screen) String() string { return strings.Join(s.Rows, "\n") }

// Framed returns the screen for failure messages: numbered rows between
// bars, and the cursor position.
func (s Screen) Framed() string {
	var b strings.Builder
	for i, r := range s.Rows {
		mark := " "
		if i == s.Row {
			mark = ">"
		}
		fmt.Fprintf(&b, "%s%2d|%s\n", mark, i, r)
	}
	fmt.Fprintf(&b, "cursor at row %d, column %d", s.Row, s.Col)
	if s.Alt {
		b.WriteString(", alternate screen")
	}
	return b.String()
}

// Contains reports whether text appears on one row of the screen.
func (s Screen) Contains(text string) bool {
	for _, r := range s.Rows {
		if strings.Contains(r, text) {
			return true
		}
	}
	return false
}

// Count returns how many rows are exactly text.
func (s Screen) Count(text string) int {
	n := 0
	for _, r := range s.Rows {
		if r == text {
			n++
		}
	}
	return n
}

// AtPrompt reports whether the cursor stands right after prompt, with
// nothing typed after it: what a shell waiting for a command shows.
func (s Screen) AtPrompt(prompt string) bool {
	return prompt != "" && strings.HasSuffix(s.beforeCursor, prompt) &&
		strings.TrimRight(s.Rows[s.Row], " ") == strings.TrimRight(s.beforeCursor, " ")
}

// CursorLine returns the cursor's row.
func (s Screen) CursorLine() string { return s.Rows[s.Row] }

// Last returns the last row that is not blank, and its index (-1 if the
// screen is blank).
func (s Screen) Last() (string, int) {
	for i := len(s.Rows) - 1; i >= 0; i-- {
		if s.Rows[i] != "" {
			return s.Rows[i], i
		}
	}
	return "", -1
}

// editingOnLastRow reports whether a shell whose terminal is raw (or
// not) shows this screen while editing a line that reaches the last row:
// raw mode, the main screen, and the last row in use.
func (s Screen) editingOnLastRow(raw bool) bool {
	last := len(s.Rows) - 1
	return raw && !s.Alt && (s.Rows[last] != "" || s.Row == last)
}

// scrolled returns the screen scrolled up by one row: the top row gone,
// a blank row at the bottom, the cursor one row higher.
func (s Screen) scrolled() Screen {
	out := s
	out.Rows = append(append([]string(nil), s.Rows[1:]...), "")
	out.Row = max(s.Row-1, 0)
	return out
}

// Mask replaces, in every row, what a regular expression matches, so that
// screens that differ only there compare equal.
type Mask struct {
	Re   *regexp.Regexp
	With string
}

// MaskRe returns a Mask for the regular expression expr.
func MaskRe(expr, with string) Mask { return Mask{regexp.MustCompile(expr), with} }

// ShellName masks the shell's name where it starts an error message
// ("bash: " and "nosh: " become "SH: ").
var ShellName = MaskRe(`^(bash|nosh): `, "SH: ")

// Masked returns the screen with masks applied to every row.
func (s Screen) Masked(masks ...Mask) Screen {
	out := s
	out.Rows = make([]string, len(s.Rows))
	for i, r := range s.Rows {
		for _, m := range masks {
			r = m.Re.ReplaceAllString(r, m.With)
		}
		out.Rows[i] = r
	}
	return out
}

// Equal reports whether two screens show the same rows with the cursor
// at the same place.
func (s Screen) Equal(o Screen) bool {
	if s.Row != o.Row || s.Col != o.Col || s.Alt != o.Alt || len(s.Rows) != len(o.Rows) {
		return false
	}
	for i := range s.Rows {
		if s.Rows[i] != o.Rows[i] {
			return false
		}
	}
	if s.Styles != nil && o.Styles != nil {
		return slices.Equal(s.Styles, o.Styles)
	}
	return true
}

// Diff shows two screens side by side, rows that differ marked with !.
func Diff(aName string, a Screen, bName string, b Screen) string {
	w := 0
	for _, r := range a.Rows {
		w = max(w, len([]rune(r)))
	}
	w = max(w, len(aName))
	var out strings.Builder
	fmt.Fprintf(&out, "    %-*s | %s\n", w, aName, bName)
	for i := range max(len(a.Rows), len(b.Rows)) {
		var ra, rb string
		if i < len(a.Rows) {
			ra = a.Rows[i]
		}
		if i < len(b.Rows) {
			rb = b.Rows[i]
		}
		mark := " "
		if ra != rb {
			mark = "!"
		}
		pad := w - len([]rune(ra))
		fmt.Fprintf(&out, "%s%2d %s%s | %s\n", mark, i, ra, strings.Repeat(" ", max(pad, 0)), rb)
	}
	if a.Styles != nil && b.Styles != nil {
		for i := range min(len(a.Styles), len(b.Styles)) {
			if a.Styles[i] != b.Styles[i] {
				fmt.Fprintf(&out, "styles of row %d differ:\n  %s: %s\n  %s: %s\n", i, aName, a.Styles[i], bName, b.Styles[i])
			}
		}
	}
	fmt.Fprintf(&out, "cursor: %s at %d,%d; %s at %d,%d", aName, a.Row, a.Col, bName, b.Row, b.Col)
	if a.Alt != b.Alt {
		fmt.Fprintf(&out, "; alternate screen: %s %v, %s %v", aName, a.Alt, bName, b.Alt)
	}
	return out.String()
}
