package markdown

import "strings"

// style is a set of inline styles.
type style uint8

const (
	styleBold style = 1 << iota
	styleItalic
	styleCode
	styleStrike
	styleLink
	styleDim
)

// sgr is the SGR parameter list for st on top of base ("" for none).
func (st style) sgr(base string) string {
	var parts []string
	if base != "" {
		parts = append(parts, base)
	}
	if st&styleBold != 0 {
		parts = append(parts, "1")
	}
	if st&styleDim != 0 {
		parts = append(parts, "2")
	}
	if st&styleItalic != 0 {
		parts = append(parts, "3")
	}
	if st&styleLink != 0 {
		parts = append(parts, "4", "34")
	}
	if st&styleStrike != 0 {
		parts = append(parts, "9")
	}
	if st&styleCode != 0 {
		parts = append(parts, "36")
	}
	return strings.Join(parts, ";")
}

// span is a run of text in one style. A link's url is set on every span
// of its text, so each piece of a wrapped link stays a hyperlink.
type span struct {
	text string
	st   style
	url  string
}

// inline parses the inline Markdown of one line of text: code spans,
// emphasis, strike-through, links and autolinks, backslash escapes.
// Delimiters that are not closed stay as written. Without hyperlinks a
// link's URL follows its text in parentheses; without colour a code
// span keeps its backticks, the only way left to tell code from prose.
func (r *Renderer) inline(s string, base style) []span {
	p := inlineParser{hyperlinks: r.opt.Hyperlinks, color: r.opt.Color}
	p.parse(s, base, "")
	return p.out
}

type inlineParser struct {
	hyperlinks, color bool
	out               []span
}

func (p *inlineParser) emit(text string, st style, url string) {
	if text == "" {
		return
	}
	if n := len(p.out); n > 0 && p.out[n-1].st == st && p.out[n-1].url == url {
		p.out[n-1].text += text
		return
	}
	p.out = append(p.out, span{text, st, url})
}

func (p *inlineParser) parse(s string, st style, url string) {
	lit := 0 // start of the literal text not yet emitted
	flush := func(end int) {
		if end > lit {
			p.emit(s[lit:end], st, url)
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && isPunct(s[i+1]):
			flush(i)
			p.emit(s[i+1:i+2], st, url)
			i += 2
			lit = i
			continue
		case c == '`':
			n := runLen(s, i, '`')
			if end := closingBackticks(s, i+n, n); end >= 0 {
				flush(i)
				code := s[i+n : end]
				if len(code) > 2 && code[0] == ' ' && code[len(code)-1] == ' ' {
					code = code[1 : len(code)-1]
				}
				if !p.color {
					code = strings.Repeat("`", n) + code + strings.Repeat("`", n)
				}
				p.emit(code, st|styleCode, url)
				i = end + n
				lit = i
				continue
			}
			i += n
			continue
		case c == '<':
			end := strings.IndexByte(s[i:], '>')
			if end > 0 && url == "" && isAutolink(s[i+1:i+end]) {
				flush(i)
				target := s[i+1 : i+end]
				p.link(target, target, st)
				i += end + 1
				lit = i
				continue
			}
			if end > 0 && isBreakTag(s[i:i+end+1]) {
				flush(i)
				p.emit("\n", st, url)
				i += end + 1
				lit = i
				continue
			}
		case (c == '[' || c == '!' && i+1 < len(s) && s[i+1] == '[') && url == "":
			open := i
			if c == '!' {
				open++
			}
			if textEnd, target, end, ok := linkAt(s, open); ok {
				flush(i)
				p.link(s[open+1:textEnd], target, st)
				i = end
				lit = i
				continue
			}
		case c == '*' || c == '_' || c == '~':
			n := runLen(s, i, c)
			if c == '~' && n != 2 {
				i += n
				continue
			}
			if end, dl, ok := emphasisAt(s, i, n); ok {
				flush(i)
				add := styleItalic
				switch {
				case c == '~':
					add = styleStrike
				case dl >= 2:
					add = styleBold
				}
				inner := s[i+dl : end]
				if c != '~' && dl == 3 {
					add = styleBold | styleItalic
				}
				p.parse(inner, st|add, url)
				i = end + dl
				lit = i
				continue
			}
			i += n
			continue
		}
		i++
	}
	flush(len(s))
}

// link emits a link's text and, where the terminal cannot make it a
// hyperlink, its target.
func (p *inlineParser) link(text, target string, st style) {
	if p.hyperlinks {
		p.parse(text, st|styleLink, target)
		return
	}
	p.parse(text, st|styleLink, "")
	if text != target && strings.TrimPrefix(target, "mailto:") != text {
		p.emit(" ("+target+")", st&^styleLink|styleDim, "")
	}
}

func isPunct(c byte) bool {
	return c >= '!' && c <= '/' || c >= ':' && c <= '@' || c >= '[' && c <= '`' || c >= '{' && c <= '~'
}

func runLen(s string, i int, c byte) int {
	n := 0
	for i+n < len(s) && s[i+n] == c {
		n++
	}
	return n
}

// closingBackticks finds a run of exactly n backticks at or after i.
func closingBackticks(s string, i, n int) int {
	for i < len(s) {
		j := strings.IndexByte(s[i:], '`')
		if j < 0 {
			return -1
		}
		j += i
		m := runLen(s, j, '`')
		if m == n {
			return j
		}
		i = j + m
	}
	return -1
}

func isAutolink(s string) bool {
	if strings.ContainsAny(s, " <>") {
		return false
	}
	for _, scheme := range []string{"http://", "https://", "ftp://", "mailto:", "file://"} {
		if strings.HasPrefix(strings.ToLower(s), scheme) {
			return true
		}
	}
	return false
}

// linkAt parses [text](target) with s[i] == '['. It returns where the
// text ends, the target, and where the link ends.
func linkAt(s string, i int) (textEnd int, target string, end int, ok bool) {
	depth := 0
	j := i
	for ; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
			continue
		case '`':
			n := runLen(s, j, '`')
			if e := closingBackticks(s, j+n, n); e >= 0 {
				j = e + n - 1
				continue
			}
			j += n - 1
			continue
		case '[':
			depth++
		case ']':
			depth--
		}
		if depth == 0 {
			break
		}
	}
	if j >= len(s) || j+1 >= len(s) || s[j+1] != '(' {
		return 0, "", 0, false
	}
	textEnd = j
	k := j + 2
	paren := 1
	for ; k < len(s); k++ {
		switch s[k] {
		case '\\':
			k++
		case '(':
			paren++
		case ')':
			paren--
		}
		if paren == 0 {
			break
		}
	}
	if k >= len(s) {
		return 0, "", 0, false
	}
	dest := strings.TrimSpace(s[j+2 : k])
	// A title after the destination is not shown.
	if sp := strings.IndexAny(dest, " \t"); sp >= 0 {
		dest = dest[:sp]
	}
	dest = strings.TrimSuffix(strings.TrimPrefix(dest, "<"), ">")
	if dest == "" {
		return 0, "", 0, false
	}
	return textEnd, dest, k + 1, true
}

// emphasisAt looks for the closing delimiter of an emphasis opened by
// the run of n delimiter characters at s[i]. An opener must be followed
// by a non-space and not follow a letter or digit (so snake_case_name and
// 2*3*4 stay as written); a closer must follow a non-space and not be
// followed by a letter or digit. It returns where the closer starts and
// the delimiter length used (1 italic, 2 bold, 3 both).
func emphasisAt(s string, i, n int) (end, dl int, ok bool) {
	c := s[i]
	after := i + n
	if after >= len(s) || s[after] == ' ' || s[after] == '\t' {
		return 0, 0, false
	}
	if i > 0 && isAlnum(s[i-1]) {
		return 0, 0, false
	}
	dl = min(n, 3)
	if c == '~' {
		dl = 2
	}
	for j := after; j < len(s); {
		switch s[j] {
		case '\\':
			j += 2
			continue
		case '`':
			m := runLen(s, j, '`')
			if e := closingBackticks(s, j+m, m); e >= 0 {
				j = e + m
				continue
			}
			j += m
			continue
		case c:
			m := runLen(s, j, c)
			closes := s[j-1] != ' ' && s[j-1] != '\t' && (j+m >= len(s) || !isAlnum(s[j+m]))
			// A run of three closes a shorter opener too: its first
			// characters close an inner emphasis (*a **b***).
			if closes && (m == dl || m == 3 && dl < 3) {
				return j + m - dl, dl, true
			}
			j += m
			continue
		}
		j++
	}
	return 0, 0, false
}

func isAlnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// isBreakTag reports whether tag is <br>, <br/> or <br /> (models put
// them in table cells).
func isBreakTag(tag string) bool {
	t := strings.ToLower(strings.ReplaceAll(tag, " ", ""))
	return t == "<br>" || t == "<br/>"
}
