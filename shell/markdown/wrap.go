package markdown

import (
	"strings"

	"github.com/rivo/uniseg"
)

// Width is the number of terminal columns s takes: wide characters (CJK,
// most emoji) count two, combining marks none.
func Width(s string) int { return uniseg.StringWidth(s) }

// piece is a styled fragment of a word.
type piece struct {
	text string
	st   style
	url  string
}

// word is a run of pieces with no break opportunity inside, or a hard
// line break (br).
type word struct {
	pieces []piece
	width  int
	br     bool
	wide   bool // it holds a wide character, after which a line may break
}

// words splits spans at spaces. Runs of spaces are one break, except
// inside code, where they are kept as part of the word they precede.
func words(spans []span) []word {
	var out []word
	var cur word
	end := func() {
		if len(cur.pieces) > 0 {
			out = append(out, cur)
		}
		cur = word{}
	}
	add := func(text string, sp span) {
		if text == "" {
			return
		}
		w := Width(text)
		cur.width += w
		if w > uniseg.GraphemeClusterCount(text) {
			cur.wide = true
		}
		if n := len(cur.pieces); n > 0 && cur.pieces[n-1].st == sp.st && cur.pieces[n-1].url == sp.url {
			cur.pieces[n-1].text += text
			return
		}
		cur.pieces = append(cur.pieces, piece{text, sp.st, sp.url})
	}
	for _, sp := range spans {
		text := strings.ReplaceAll(sp.text, "\t", "    ")
		start := 0
		for i := 0; i < len(text); i++ {
			switch text[i] {
			case '\n':
				add(text[start:i], sp)
				end()
				out = append(out, word{br: true})
				start = i + 1
			case ' ':
				add(text[start:i], sp)
				end()
				j := i
				for j < len(text) && text[j] == ' ' {
					j++
				}
				if sp.st&styleCode != 0 && j-i > 1 {
					// Keep the inner spacing of code, less the break.
					add(text[i+1:j], sp)
				}
				i = j - 1
				start = j
			}
		}
		add(text[start:], sp)
	}
	end()
	return out
}

// line is one output line being filled.
type line struct {
	pieces []piece
	width  int
}

// wrapSpans breaks spans into lines of at most width columns: the first
// line starts after first (already written by the caller, firstWidth
// columns), the others after a hanging indent of indent columns. A word
// wider than a line is cut between characters.
func wrapSpans(spans []span, width, firstWidth, indent int) []line {
	if width < indent+10 {
		width = indent + 10
	}
	var lines []line
	cur := line{width: firstWidth}
	room := func() int { return width - cur.width }
	newLine := func() {
		lines = append(lines, cur)
		cur = line{width: indent}
	}
	empty := func() bool { return len(cur.pieces) == 0 }
	for _, w := range words(spans) {
		if w.br {
			newLine()
			continue
		}
		gap := 1
		if empty() {
			gap = 0
		}
		if w.width+gap <= room() {
			if gap > 0 {
				appendGap(&cur, w)
			}
			for _, p := range w.pieces {
				appendText(&cur, p.text, p)
			}
			cur.width += gap + w.width
			continue
		}
		if !empty() && (!w.wide || room() < gap+2) && w.width <= width-indent {
			newLine()
			for _, p := range w.pieces {
				appendText(&cur, p.text, p)
			}
			cur.width += w.width
			continue
		}
		// Too wide for any line, or text in a script written without
		// spaces: fill this line and go on cutting.
		switch {
		case !empty() && !w.wide:
			newLine()
		case !empty():
			appendGap(&cur, w)
			cur.width++
		}
		for _, p := range w.pieces {
			rest := p.text
			state := -1
			for rest != "" {
				var cluster string
				var cw int
				cluster, rest, cw, state = uniseg.FirstGraphemeClusterInString(rest, state)
				if cw > room() && !empty() {
					newLine()
				}
				appendText(&cur, cluster, p)
				cur.width += cw
			}
		}
	}
	lines = append(lines, cur)
	return lines
}

// appendGap adds the space before word w, in the style around it when
// both sides share one, so that an underlined heading or a link has no
// holes and a bold phrase is one escape sequence.
func appendGap(l *line, w word) {
	gap := piece{text: " "}
	if n := len(l.pieces); n > 0 {
		prev, next := l.pieces[n-1], w.pieces[0]
		if prev.st == next.st && prev.url == next.url {
			gap.st, gap.url = prev.st, prev.url
		}
	}
	appendText(l, gap.text, gap)
}

// appendText adds text in p's style to the line.
func appendText(l *line, text string, p piece) {
	if n := len(l.pieces); n > 0 && l.pieces[n-1].st == p.st && l.pieces[n-1].url == p.url {
		l.pieces[n-1].text += text
		return
	}
	l.pieces = append(l.pieces, piece{text, p.st, p.url})
}

// paint renders a line's pieces, with base SGR parameters under every
// styled piece (a heading's colour, say).
func (r *Renderer) paint(l line, base string) string {
	var b strings.Builder
	for _, p := range l.pieces {
		b.WriteString(r.styled(p.text, p.st, base, p.url))
	}
	return b.String()
}

// styled is text in a style, as a hyperlink to url when url is set. Each
// piece resets what it set: a line never leaks its style into the next,
// nor into the prompt if the stream is cut.
func (r *Renderer) styled(text string, st style, base, url string) string {
	if text == "" {
		return ""
	}
	out := text
	if r.opt.Color {
		if codes := st.sgr(base); codes != "" && strings.TrimSpace(text) != "" {
			out = "\x1b[" + codes + "m" + text + "\x1b[0m"
		}
	}
	if url != "" && r.opt.Hyperlinks {
		out = "\x1b]8;;" + url + "\x1b\\" + out + "\x1b]8;;\x1b\\"
	}
	return out
}

// Hanging breaks plain text (no Markdown) into lines of at most width
// columns, as the renderer wraps a paragraph: the first line continues
// after first columns the caller has already written, the others start
// with indent spaces. The result has no trailing newline.
func Hanging(text string, width, first, indent int) string {
	var b strings.Builder
	for i, l := range wrapSpans([]span{{text: text}}, width, first, indent) {
		if i > 0 {
			b.WriteByte('\n')
			b.WriteString(strings.Repeat(" ", indent))
		}
		for _, p := range l.pieces {
			b.WriteString(p.text)
		}
	}
	return b.String()
}
