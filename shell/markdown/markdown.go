// Package markdown renders the Markdown a model answers with for a
// terminal, as it streams in: headings, paragraphs wrapped at word
// boundaries to the terminal's width (wide characters counted), bullet,
// numbered and task lists with hanging indents, block quotes, fenced code
// kept verbatim, tables aligned in columns (or as a list when too wide),
// inline code, emphasis and links.
//
// A block is written as soon as it is complete — a heading at its line's
// end, a list item when the next one starts, a paragraph at the blank
// line after it, a code block line by line — and never redrawn, so a
// long answer starts at once and what is on the screen stays true.
//
// Line breaks inside a paragraph are kept, as chat front-ends do: models
// write one line per thought and mean their newlines.
//
// It is nosh's own renderer, a few hundred lines with no work at package
// initialisation: a Markdown library with syntax lexers (glamour) made
// `nosh -c true` 7× slower to start, and a bare parser (goldmark) 25 %.
package markdown

import (
	"bytes"
	"io"
	"strings"
)

// Options says how to render.
type Options struct {
	// Width is the terminal's width in columns; 0 means 80.
	Width int
	// Color enables ANSI styles. Without it the output is plain text.
	Color bool
	// Hyperlinks makes links OSC 8 hyperlinks instead of text followed
	// by the URL. It needs Color.
	Hyperlinks bool
	// Highlight, when set, colours one line of a fenced code block in
	// language lang ("" when the fence names none); ok false leaves the
	// line to the default code colour. Used only with Color.
	Highlight func(lang, line string) (colored string, ok bool)
}

// blockKind is the kind of block being gathered.
type blockKind uint8

const (
	blockNone blockKind = iota
	blockPara
	blockItem
	blockQuote
	blockTable
)

// level is an open list level.
type level struct {
	src    int // the marker's column in the source
	indent int // the marker's rendered column
	text   int // the rendered column of the item's text
}

// fence is an open fenced code block.
type fence struct {
	char   byte
	n      int    // length of the opening fence
	src    int    // the fence's column in the source
	lang   string // the info string's first word
	indent int    // rendered column of the code
}

// Renderer renders streamed Markdown to a writer. It is not safe for
// concurrent use.
type Renderer struct {
	w   io.Writer
	opt Options
	err error

	partial strings.Builder // a line not yet ended

	kind   blockKind
	lines  []string // the open block's lines
	indent int      // rendered column of the open paragraph or item text
	marker string   // the open item's rendered marker
	mcol   int      // the open item's marker column
	tbl    *table
	code   *fence
	lists  []level

	blank   bool // the last line was blank
	gap     bool // a blank line separates the next block from the last
	started bool // something was written
}

// New renders to w.
func New(w io.Writer, opt Options) *Renderer {
	if opt.Width <= 0 {
		opt.Width = 80
	}
	opt.Width = max(opt.Width, 20)
	if !opt.Color {
		opt.Hyperlinks = false
	}
	return &Renderer{w: w, opt: opt}
}

// Render renders a whole document.
func Render(src string, opt Options) string {
	var b strings.Builder
	r := New(&b, opt)
	io.WriteString(r, src)
	r.Close()
	return b.String()
}

// Write takes the next piece of the stream. Complete blocks are written
// at once; the rest waits for more text, Flush or Close. The error is
// the underlying writer's.
func (r *Renderer) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		if i < 0 {
			r.partial.Write(p)
			break
		}
		r.partial.Write(p[:i])
		l := r.partial.String()
		r.partial.Reset()
		r.line(l)
		p = p[i+1:]
	}
	if r.kind != blockNone && r.kind != blockTable && r.partial.Len() > 0 && startsBlock(r.partial.String(), r.kind) {
		// The next line has begun, and begins a new block: the open one
		// is complete, and shown now rather than when that line ends.
		r.endBlock()
	}
	return n, r.err
}

// startsBlock reports whether the start of a line already shows that it
// begins a new block after one of kind: a list item with its text, a
// heading with its text, a quote after something else. (A code fence is
// not known until its line ends: ```x` is text.)
func startsBlock(partial string, kind blockKind) bool {
	_, rest := indentOf(partial)
	if rest == "" {
		return false
	}
	if marker, text, ok := listMarker(rest); ok && text != "" && len(rest) > len(marker)+1 {
		return true
	}
	if n, text, ok := heading(rest); ok && text != "" && n < len(rest) {
		return true
	}
	return kind != blockQuote && strings.HasPrefix(rest, ">")
}

// Flush ends the text so far as if the document ended: an unfinished
// line and the open block are written, an open code block is closed,
// and the next text starts a new document. The agent calls it when the
// model's reply ends, so that the text before a tool call is shown
// before the command and never runs into the next reply.
func (r *Renderer) Flush() error {
	if r.partial.Len() > 0 {
		l := r.partial.String()
		r.partial.Reset()
		r.line(l)
	}
	r.endBlock()
	r.code = nil
	r.lists = nil
	r.blank, r.gap, r.started = false, false, false
	return r.err
}

// Close is Flush.
func (r *Renderer) Close() error { return r.Flush() }

func (r *Renderer) write(s string) {
	if r.err == nil {
		_, r.err = io.WriteString(r.w, s)
	}
}

// out writes one line at column indent.
func (r *Renderer) out(indent int, s string) {
	r.write(strings.Repeat(" ", indent) + strings.TrimRight(s, " ") + "\n")
}

// startBlock writes the blank line that separates a block from the one
// before, where the source had one (always before a heading).
func (r *Renderer) startBlock(heading bool) {
	if r.started && (r.gap || heading) {
		r.write("\n")
	}
	r.gap = false
	r.started = true
}

func (r *Renderer) line(l string) {
	l = ShowControls(strings.TrimSuffix(l, "\r"))
	if r.code != nil {
		r.codeLine(l)
		return
	}
	ind, rest := indentOf(l)
	if rest == "" {
		r.endBlock()
		r.blank = true
		return
	}
	// A blank line before this one separates whatever block comes next
	// from the one before; it also ends paragraphs and list items.
	afterBlank := r.blank
	r.blank = false
	if afterBlank && r.started {
		r.gap = true
	}
	if ch, n, lang, ok := fenceOpen(rest); ok {
		r.endBlock()
		r.startBlock(false)
		r.code = &fence{char: ch, n: n, src: ind, lang: lang, indent: r.contextIndent(ind) + 2}
		return
	}
	if lvl, text, ok := heading(rest); ok {
		r.endBlock()
		r.lists = nil
		r.heading(lvl, text)
		return
	}
	if r.kind == blockPara && !afterBlank && ind < 4 {
		if lvl := setextLevel(rest); lvl > 0 {
			text := strings.Join(r.lines, " ")
			r.kind, r.lines = blockNone, nil
			r.heading(lvl, text)
			return
		}
	}
	if isRule(rest) {
		r.endBlock()
		r.lists = nil
		r.startBlock(false)
		r.out(0, r.styled(strings.Repeat("─", min(r.opt.Width, 40)), styleDim, "", ""))
		return
	}
	if strings.HasPrefix(rest, ">") {
		if r.kind != blockQuote {
			r.endBlock()
			r.kind, r.indent = blockQuote, r.contextIndent(ind)
		}
		q := strings.TrimPrefix(rest, ">")
		r.lines = append(r.lines, strings.TrimPrefix(q, " "))
		return
	}
	if r.kind == blockQuote {
		r.endBlock()
	}
	if marker, text, ok := listMarker(rest); ok {
		r.endBlock()
		r.openItem(ind, marker, text)
		return
	}
	if r.kind == blockTable {
		if strings.Contains(rest, "|") {
			r.tbl.rows = append(r.tbl.rows, splitRow(rest))
			return
		}
		r.endBlock()
	}
	if r.kind == blockPara && !afterBlank {
		if t, ok := tableStart(r.lines[len(r.lines)-1], rest); ok {
			head := r.lines[:len(r.lines)-1]
			r.lines = head
			if len(head) == 0 {
				r.kind = blockNone
			}
			r.endBlock()
			r.kind, r.tbl = blockTable, t
			return
		}
	}
	if (r.kind == blockPara || r.kind == blockItem) && !afterBlank {
		r.lines = append(r.lines, rest)
		return
	}
	r.endBlock()
	r.kind, r.indent, r.lines = blockPara, r.contextIndent(ind), []string{rest}
}

// contextIndent is the rendered column for a block at source column ind:
// inside the deepest open list item it is indented under (closing the
// deeper ones), else 0, closing every list.
func (r *Renderer) contextIndent(ind int) int {
	for len(r.lists) > 0 {
		top := r.lists[len(r.lists)-1]
		if ind > top.src {
			return top.text
		}
		r.lists = r.lists[:len(r.lists)-1]
	}
	return 0
}

// openItem starts a list item whose marker is at source column ind.
func (r *Renderer) openItem(ind int, marker, text string) {
	for len(r.lists) > 0 && ind <= r.lists[len(r.lists)-1].src {
		r.lists = r.lists[:len(r.lists)-1]
	}
	col := 0
	if n := len(r.lists); n > 0 {
		col = r.lists[n-1].text
	}
	shown := marker
	switch marker {
	case "-", "*", "+":
		shown = [...]string{"•", "◦", "▪"}[min(len(r.lists), 2)]
	}
	if box, rest, ok := taskBox(text); ok {
		shown, text = box, rest
	}
	textCol := col + Width(shown) + 1
	r.lists = append(r.lists, level{src: ind, indent: col, text: textCol})
	r.kind, r.lines = blockItem, []string{text}
	r.marker, r.mcol, r.indent = shown, col, textCol
}

// endBlock writes the block being gathered, if any.
func (r *Renderer) endBlock() {
	kind, lines := r.kind, r.lines
	r.kind, r.lines = blockNone, nil
	switch kind {
	case blockPara:
		r.startBlock(false)
		r.wrapped(r.inline(strings.Join(lines, "\n"), 0), r.indent, "", "")
	case blockItem:
		r.startBlock(false)
		lead := strings.Repeat(" ", r.mcol) + r.styled(r.marker, 0, "33", "") + " "
		r.wrapped(r.inline(strings.Join(lines, "\n"), 0), r.indent, lead, "")
	case blockQuote:
		r.startBlock(false)
		inner := Render(strings.Join(lines, "\n"), Options{
			Width: r.opt.Width - r.indent - 2, Color: r.opt.Color,
			Hyperlinks: r.opt.Hyperlinks, Highlight: r.opt.Highlight,
		})
		bar := r.styled("│", styleDim, "", "")
		for _, l := range strings.Split(strings.TrimSuffix(inner, "\n"), "\n") {
			r.out(r.indent, bar+" "+l)
		}
	case blockTable:
		r.startBlock(false)
		r.table(r.tbl, r.contextIndent(0))
		r.tbl = nil
	}
}

// wrapped writes spans wrapped to the width at column indent; lead,
// when not empty, replaces the first line's indentation (a list marker
// and the space after it, as wide as indent).
func (r *Renderer) wrapped(spans []span, indent int, lead, base string) {
	for i, l := range wrapSpans(spans, r.opt.Width, indent, indent) {
		if i == 0 && lead != "" {
			r.write(strings.TrimRight(lead+r.paint(l, base), " ") + "\n")
			continue
		}
		r.out(indent, r.paint(l, base))
	}
}

// heading writes a heading: bold, the first level also underlined.
func (r *Renderer) heading(lvl int, text string) {
	r.startBlock(true)
	base := "1"
	switch {
	case lvl == 1:
		base = "1;4"
	case lvl >= 3:
		base = "1;3"
	}
	if !r.opt.Color {
		base = ""
	}
	r.wrapped(r.inline(text, 0), 0, "", base)
}

// indentOf splits l into its indentation in columns (a tab to the next
// multiple of four) and the rest.
func indentOf(l string) (int, string) {
	col := 0
	for i := 0; i < len(l); i++ {
		switch l[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return col, strings.TrimRight(l[i:], " \t")
		}
	}
	return col, ""
}

// fenceOpen recognises ``` or ~~~ (three or more) and the language.
func fenceOpen(s string) (ch byte, n int, lang string, ok bool) {
	if s == "" || (s[0] != '`' && s[0] != '~') {
		return 0, 0, "", false
	}
	ch = s[0]
	n = runLen(s, 0, ch)
	if n < 3 {
		return 0, 0, "", false
	}
	info := strings.TrimSpace(s[n:])
	if ch == '`' && strings.ContainsRune(info, '`') {
		return 0, 0, "", false
	}
	if f := strings.Fields(info); len(f) > 0 {
		lang = strings.ToLower(strings.Trim(f[0], "{}."))
	}
	return ch, n, lang, true
}

// heading recognises an ATX heading: 1 to 6 #, a space, the text, and
// an optional closing run of #.
func heading(s string) (int, string, bool) {
	n := runLen(s, 0, '#')
	if n == 0 || n > 6 || (n < len(s) && s[n] != ' ' && s[n] != '\t') {
		return 0, "", false
	}
	text := strings.TrimSpace(s[n:])
	if t := strings.TrimRight(text, "#"); t != text && (t == "" || strings.HasSuffix(t, " ")) {
		text = strings.TrimSpace(t)
	}
	return n, text, true
}

// setextLevel recognises a line of = (level 1) or - (level 2) under a
// paragraph.
func setextLevel(s string) int {
	s = strings.TrimSpace(s)
	switch {
	case s != "" && strings.Trim(s, "=") == "":
		return 1
	case len(s) >= 2 && strings.Trim(s, "-") == "":
		return 2
	}
	return 0
}

// isRule recognises a thematic break: three or more of -, * or _ with
// nothing else but spaces.
func isRule(s string) bool {
	c := s[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// listMarker recognises a bullet (- * +) or number (1. 1)) followed by
// a space, or alone on the line.
func listMarker(s string) (marker, text string, ok bool) {
	if c := s[0]; c == '-' || c == '*' || c == '+' {
		if len(s) == 1 {
			return s, "", true
		}
		if s[1] == ' ' || s[1] == '\t' {
			return s[:1], strings.TrimLeft(s[2:], " \t"), true
		}
		return "", "", false
	}
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 0 || i >= len(s) || (s[i] != '.' && s[i] != ')') {
		return "", "", false
	}
	if i+1 == len(s) {
		return s, "", true
	}
	if s[i+1] != ' ' && s[i+1] != '\t' {
		return "", "", false
	}
	return s[:i+1], strings.TrimLeft(s[i+2:], " \t"), true
}

// taskBox recognises a task list item's [ ] or [x].
func taskBox(text string) (box, rest string, ok bool) {
	if len(text) < 3 || text[0] != '[' || text[2] != ']' || (len(text) > 3 && text[3] != ' ') {
		return "", "", false
	}
	switch text[1] {
	case ' ':
		box = "☐"
	case 'x', 'X':
		box = "☑"
	default:
		return "", "", false
	}
	return box, strings.TrimLeft(text[3:], " "), true
}
