// Package markdown renders the Markdown a model answers with for a
// terminal, as it streams: headings, lists, quotes, code blocks and inline
// emphasis and code. It is a few hundred lines on purpose — renderers that
// register hundreds of syntax lexers at init would slow the shell's start.
package markdown

import (
	"io"
	"strings"
)

// Renderer writes Markdown to a terminal a line at a time; partial lines
// wait until their end arrives (or Close).
type Renderer struct {
	w       io.Writer
	color   bool
	indent  string
	pending strings.Builder
	inCode  bool
}

// New renders to w, with ANSI styles when color is true, each line
// prefixed by indent.
func New(w io.Writer, color bool, indent string) *Renderer {
	return &Renderer{w: w, color: color, indent: indent}
}

// Write takes streamed text.
func (r *Renderer) Write(p []byte) (int, error) {
	r.pending.Write(p)
	s := r.pending.String()
	last := strings.LastIndexByte(s, '\n')
	if last < 0 {
		return len(p), nil
	}
	for _, line := range strings.Split(s[:last], "\n") {
		r.line(line)
	}
	r.pending.Reset()
	r.pending.WriteString(s[last+1:])
	return len(p), nil
}

// Close renders what is left.
func (r *Renderer) Close() error {
	if r.pending.Len() > 0 {
		r.line(r.pending.String())
		r.pending.Reset()
	}
	return nil
}

func (r *Renderer) style(sgr, text string) string {
	if !r.color || text == "" {
		return text
	}
	return "\x1b[" + sgr + "m" + text + "\x1b[0m"
}

func (r *Renderer) out(s string) {
	io.WriteString(r.w, r.indent+s+"\n")
}

func (r *Renderer) line(line string) {
	trimmed := strings.TrimSpace(line)
	if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
		r.inCode = !r.inCode
		if lang := strings.Trim(trimmed, "`~ "); r.inCode && lang != "" {
			r.out(r.style("2", lang))
		}
		return
	}
	if r.inCode {
		r.out("  " + r.style("36", line))
		return
	}
	switch {
	case trimmed == "":
		r.out("")
	case strings.HasPrefix(trimmed, "#"):
		text := strings.TrimSpace(strings.TrimLeft(trimmed, "#"))
		r.out(r.style("1;4", Inline(text, r.color)))
	case trimmed == "---" || trimmed == "***" || trimmed == "___":
		r.out(r.style("2", strings.Repeat("─", 40)))
	case strings.HasPrefix(trimmed, "> "):
		r.out(r.style("2", "│ ") + r.style("3", Inline(trimmed[2:], r.color)))
	default:
		lead := line[:len(line)-len(strings.TrimLeft(line, " \t"))]
		if rest, ok := bullet(trimmed); ok {
			r.out(lead + r.style("33", "•") + " " + Inline(rest, r.color))
			return
		}
		if num, rest, ok := numbered(trimmed); ok {
			r.out(lead + r.style("33", num) + " " + Inline(rest, r.color))
			return
		}
		r.out(Inline(line, r.color))
	}
}

func bullet(s string) (string, bool) {
	for _, m := range []string{"- ", "* ", "+ "} {
		if strings.HasPrefix(s, m) {
			return s[2:], true
		}
	}
	return "", false
}

func numbered(s string) (num, rest string, ok bool) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i+1 >= len(s) || (s[i] != '.' && s[i] != ')') || s[i+1] != ' ' {
		return "", "", false
	}
	return s[:i+1], s[i+2:], true
}

// Inline renders `code`, **bold**, __bold__, *italic* and _italic_ in one
// line. Markers that are not closed are left as they are.
func Inline(s string, color bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		switch {
		case s[i] == '`':
			if j := strings.IndexByte(s[i+1:], '`'); j >= 0 {
				b.WriteString(wrap(color, "36", s[i+1:i+1+j]))
				i += j + 2
				continue
			}
		case strings.HasPrefix(s[i:], "**") || strings.HasPrefix(s[i:], "__"):
			m := s[i : i+2]
			if j := strings.Index(s[i+2:], m); j > 0 {
				b.WriteString(wrap(color, "1", s[i+2:i+2+j]))
				i += j + 4
				continue
			}
		case (s[i] == '*' || s[i] == '_') && i+1 < len(s) && s[i+1] != ' ' && (i == 0 || !isWordByte(s[i-1])):
			if j := strings.IndexByte(s[i+1:], s[i]); j > 0 && s[i+j] != ' ' {
				b.WriteString(wrap(color, "3", s[i+1:i+1+j]))
				i += j + 2
				continue
			}
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func wrap(color bool, sgr, text string) string {
	if !color {
		return text
	}
	return "\x1b[" + sgr + "m" + text + "\x1b[0m"
}
