package markdown

import "strings"

// table is a GitHub-style table being gathered.
type table struct {
	header []string
	align  []byte // 'l', 'r' or 'c' per column
	rows   [][]string
}

// tableStart recognises a table from its header row and the delimiter
// row under it (| --- | :--: |), which must have as many cells.
func tableStart(header, delim string) (*table, bool) {
	if !strings.Contains(header, "|") || !strings.Contains(delim, "-") {
		return nil, false
	}
	cells := splitRow(delim)
	align := make([]byte, len(cells))
	for i, c := range cells {
		core := strings.Trim(c, ":")
		if core == "" || strings.Trim(core, "-") != "" {
			return nil, false
		}
		switch left, right := c[0] == ':', c[len(c)-1] == ':'; {
		case left && right:
			align[i] = 'c'
		case right:
			align[i] = 'r'
		default:
			align[i] = 'l'
		}
	}
	h := splitRow(header)
	if len(h) != len(cells) {
		return nil, false
	}
	return &table{header: h, align: align}, true
}

// splitRow splits a table row into its cells. A pipe escaped with a
// backslash or inside a code span does not split.
func splitRow(s string) []string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	var cells []string
	var b strings.Builder
	code := 0 // length of the open code span's backtick run
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == '|':
			b.WriteByte('|')
			i++
		case c == '`':
			n := runLen(s, i, '`')
			switch {
			case code == 0 && closingBackticks(s, i+n, n) >= 0:
				code = n
			case code == n:
				code = 0
			}
			b.WriteString(s[i : i+n])
			i += n - 1
		case c == '|' && code == 0:
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}

// cell is a table cell's rendered text and its width.
type cell struct {
	spans []span
	width int
}

func (r *Renderer) cell(text string, st style) cell {
	sp := r.inline(text, st)
	w := 0
	for i := range sp {
		sp[i].text = strings.ReplaceAll(sp[i].text, "\n", " ")
		w += Width(sp[i].text)
	}
	return cell{sp, w}
}

// table writes t at column indent: aligned in columns when it fits the
// width, else each row as a list item of "header: value" lines.
func (r *Renderer) table(t *table, indent int) {
	n := len(t.header)
	for _, row := range t.rows {
		n = max(n, len(row))
	}
	get := func(row []string, i int) string {
		if i < len(row) {
			return row[i]
		}
		return ""
	}
	head := make([]cell, n)
	widths := make([]int, n)
	for i := range n {
		head[i] = r.cell(get(t.header, i), styleBold)
		widths[i] = head[i].width
	}
	body := make([][]cell, len(t.rows))
	for j, row := range t.rows {
		body[j] = make([]cell, n)
		for i := range n {
			body[j][i] = r.cell(get(row, i), 0)
			widths[i] = max(widths[i], body[j][i].width)
		}
	}
	total := indent + 2*(n-1)
	for _, w := range widths {
		total += w
	}
	if total > r.opt.Width {
		r.tableList(head, body, indent)
		return
	}
	align := func(i int) byte {
		if i < len(t.align) {
			return t.align[i]
		}
		return 'l'
	}
	row := func(cells []cell) {
		var b strings.Builder
		for i, c := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := widths[i] - c.width
			left := 0
			switch align(i) {
			case 'r':
				left = pad
			case 'c':
				left = pad / 2
			}
			b.WriteString(strings.Repeat(" ", left))
			b.WriteString(r.paintSpans(c.spans, ""))
			b.WriteString(strings.Repeat(" ", pad-left))
		}
		r.out(indent, b.String())
	}
	row(head)
	rules := make([]string, n)
	for i, w := range widths {
		rules[i] = strings.Repeat("─", max(w, 1))
	}
	r.out(indent, r.styled(strings.Join(rules, "  "), styleDim, "", ""))
	for _, cells := range body {
		row(cells)
	}
}

// tableList writes a table too wide for the terminal as a list: one item
// per row, one "header: value" line per non-empty cell.
func (r *Renderer) tableList(head []cell, body [][]cell, indent int) {
	for _, cells := range body {
		lead := strings.Repeat(" ", indent) + r.styled("•", 0, "33", "") + " "
		for i, c := range cells {
			if c.width == 0 {
				continue
			}
			var sp []span
			if head[i].width > 0 {
				sp = append(append(sp, head[i].spans...), span{text: ": "})
			}
			sp = append(sp, c.spans...)
			r.wrapped(sp, indent+2, lead, "")
			lead = ""
		}
		if lead != "" {
			r.out(indent, r.styled("•", 0, "33", ""))
		}
	}
}

// paintSpans renders spans on one line.
func (r *Renderer) paintSpans(spans []span, base string) string {
	var b strings.Builder
	for _, s := range spans {
		b.WriteString(r.styled(s.text, s.st, base, s.url))
	}
	return b.String()
}
