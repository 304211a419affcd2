package highlight

import (
	"strings"
	"sync"

	"nosh/config/dialect"
)

// Highlighter colours command lines. Its fields may be set before first
// use and must not change while Highlight runs; Highlight itself may be
// called from several goroutines at once.
type Highlighter struct {
	// Dialect is the shell language to parse (the zero value is Bash).
	Dialect dialect.Dialect
	// Styles turns classes into escape sequences.
	Styles Styles
	// Resolver classifies command names; nil paints every command name
	// as Command.
	Resolver Resolver
	// Danger, when set, is called with the source text of every
	// top-level statement; true paints the whole statement as Danger.
	// The shell plugs the permission engine's catastrophic check here.
	Danger func(stmt string) bool
	// IsSlash reports whether a word is a slash command (such as
	// "/help"): when the first word of the line is one
	// (linekind.Classify), it is painted as a builtin and the rest of the
	// line is left plain. Nil: there are none.
	IsSlash func(word string) bool

	parsers sync.Pool // of *pooledParser
}

// Span is a range of bytes of the line, [Start, End), and its class.
type Span struct {
	Start, End int
	Class      Class
}

// Highlight returns line with ANSI SGR sequences added; with every
// sequence removed, the result is byte for byte the line. It has the
// shape of readline's SyntaxHighlighter once the runes are converted.
func (h *Highlighter) Highlight(line string) string {
	if !h.Styles.Enabled() || line == "" {
		return line
	}
	cls := h.classify(line)
	var b strings.Builder
	b.Grow(len(line) + len(line)/2)
	for i := 0; i < len(cls); {
		j := i + 1
		for j < len(cls) && cls[j] == cls[i] {
			j++
		}
		h.Styles.write(&b, cls[i], line[i:j])
		i = j
	}
	return b.String()
}

// Spans returns the classified ranges of line, in order, leaving out
// Plain ones. It is what Highlight paints, for callers that render
// differently (and for tests).
func (h *Highlighter) Spans(line string) []Span {
	cls := h.classify(line)
	var out []Span
	for i := 0; i < len(cls); {
		j := i + 1
		for j < len(cls) && cls[j] == cls[i] {
			j++
		}
		if cls[i] != Plain {
			out = append(out, Span{Start: i, End: j, Class: cls[i]})
		}
		i = j
	}
	return out
}

// classify returns the class of every byte of line.
func (h *Highlighter) classify(line string) []Class {
	p := &painter{h: h, src: line, cls: make([]Class, len(line))}
	switch {
	case p.question():
	case p.slash():
	default:
		p.source(0, len(line), 0)
	}
	p.finish()
	return p.cls
}
