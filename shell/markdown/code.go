package markdown

import "strings"

// codeLine handles a line inside a fenced code block: the closing fence,
// or a line of code written at once, verbatim and never wrapped.
func (r *Renderer) codeLine(l string) {
	f := r.code
	ind, rest := indentOf(l)
	if ind < f.src+4 && rest != "" && runLen(rest, 0, f.char) >= f.n && strings.Trim(rest, string(f.char)) == "" {
		r.code = nil
		return
	}
	r.out(f.indent, r.codeText(f.lang, expandTabs(dropColumns(l, f.src))))
}

// dropColumns removes up to n columns of indentation, the fence's own.
func dropColumns(l string, n int) string {
	col := 0
	for i := 0; i < len(l); i++ {
		if col >= n {
			return l[i:]
		}
		switch l[i] {
		case ' ':
			col++
		case '\t':
			col += 4 - col%4
		default:
			return l[i:]
		}
	}
	return ""
}

// expandTabs replaces tabs by spaces to the next multiple of eight
// columns, counted from the start of the code, so the code looks as it
// would at the left margin.
func expandTabs(s string) string {
	if !strings.Contains(s, "\t") {
		return s
	}
	var b strings.Builder
	col := 0
	for _, c := range s {
		if c == '\t' {
			n := 8 - col%8
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(c)
		col += Width(string(c))
	}
	return b.String()
}

// codeText colours a line of code in language lang.
func (r *Renderer) codeText(lang, text string) string {
	if !r.opt.Color || strings.TrimSpace(text) == "" {
		return text
	}
	switch lang {
	case "diff", "patch":
		switch {
		case strings.HasPrefix(text, "+++") || strings.HasPrefix(text, "---"):
			return r.styled(text, styleBold, "", "")
		case strings.HasPrefix(text, "+"):
			return r.styled(text, 0, "32", "")
		case strings.HasPrefix(text, "-"):
			return r.styled(text, 0, "31", "")
		case strings.HasPrefix(text, "@@"):
			return r.styled(text, 0, "36", "")
		}
		return text
	case "console", "shell-session", "sh-session", "terminal":
		// A transcript: commands after a prompt sign, output as is.
		for _, p := range []string{"$ ", "# ", "% "} {
			if cmd, ok := strings.CutPrefix(text, p); ok {
				return r.styled(p, styleDim, "", "") + r.highlight("sh", cmd)
			}
		}
		return text
	}
	return r.highlight(lang, text)
}

func (r *Renderer) highlight(lang, text string) string {
	if r.opt.Highlight != nil {
		if c, ok := r.opt.Highlight(lang, text); ok {
			return c
		}
	}
	return r.styled(text, styleCode, "", "")
}
