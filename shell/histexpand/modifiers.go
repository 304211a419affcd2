package histexpand

import (
	"strings"
)

// modifiers applies the :h :t :r :e :p :q :x :s :& :g :a :G modifiers
// at s[j] to text. start is where the reference began, for messages.
func (e *Expander) modifiers(s string, j, start int, text string) (string, int, bool, error) {
	printOnly := false
	quote := byte(0)
	for j < len(s) && s[j] == ':' && j+1 < len(s) {
		k := j + 1
		global, byWords := false, false
		switch s[k] {
		case 'g', 'a':
			global = true
			k++
		case 'G':
			byWords = true
			k++
		}
		if k >= len(s) {
			return "", 0, false, &Error{Text: s[j:], Msg: "unrecognized history modifier"}
		}
		switch m := s[k]; m {
		case 'q', 'x':
			quote = m
			j = k + 1
		case 'p':
			printOnly = true
			j = k + 1
		case 't':
			if i := strings.LastIndexByte(text, '/'); i >= 0 {
				text = text[i+1:]
			}
			j = k + 1
		case 'h':
			if i := strings.LastIndexByte(text, '/'); i >= 0 {
				text = text[:i]
			}
			j = k + 1
		case 'r':
			if i := strings.LastIndexByte(text, '.'); i >= 0 {
				text = text[:i]
			}
			j = k + 1
		case 'e':
			if i := strings.LastIndexByte(text, '.'); i >= 0 {
				text = text[i:]
			}
			j = k + 1
		case 's', '&':
			mod := j
			if m == 's' {
				if k+1 >= len(s) {
					return text, len(s), printOnly, nil // no delimiter: nothing to do
				}
				delim := s[k+1]
				old, next := substPattern(s, k+2, delim)
				repl, next := substPattern(s, next, delim)
				switch {
				case old != "":
					e.substOld = old
				case !e.hasSubst && e.searchString != "":
					e.substOld = e.searchString
				}
				if e.substOld != "" {
					repl = expandAmpersand(repl, e.substOld)
				}
				e.substNew, e.hasSubst = repl, true
				j = next
			} else {
				j = k + 1
			}
			if e.substOld == "" {
				return "", 0, false, &Error{Text: s[mod:j], Msg: "no previous substitution"}
			}
			var ok bool
			if text, ok = substitute(text, e.substOld, e.substNew, global, byWords); !ok {
				return "", 0, false, &Error{Text: s[mod:j], Msg: "substitution failed"}
			}
		default:
			return "", 0, false, &Error{Text: s[j : k+1], Msg: "unrecognized history modifier"}
		}
	}
	switch quote {
	case 'q':
		text = singleQuote(text)
	case 'x':
		fields := strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '\t' || r == '\n' })
		for i, f := range fields {
			fields[i] = singleQuote(f)
		}
		text = strings.Join(fields, " ")
	}
	return text, j, printOnly, nil
}

// substPattern reads the :s pattern or replacement starting at s[i], up
// to the delimiter (or the end of the line); a backslash before the
// delimiter makes it literal. It returns the text and the index past the
// delimiter.
func substPattern(s string, i int, delim byte) (string, int) {
	var b strings.Builder
	for ; i < len(s) && s[i] != delim; i++ {
		if s[i] == '\\' && i+1 < len(s) && s[i+1] == delim {
			i++
		}
		b.WriteByte(s[i])
	}
	if i < len(s) {
		i++
	}
	return b.String(), i
}

// expandAmpersand replaces an unescaped & in repl with old; \& is a
// literal &.
func expandAmpersand(repl, old string) string {
	if !strings.Contains(repl, "&") {
		return repl
	}
	var b strings.Builder
	for i := 0; i < len(repl); i++ {
		switch {
		case repl[i] == '\\' && i+1 < len(repl) && repl[i+1] == '&':
			b.WriteByte('&')
			i++
		case repl[i] == '&':
			b.WriteString(old)
		default:
			b.WriteByte(repl[i])
		}
	}
	return b.String()
}

// substitute replaces old with repl in text: the first occurrence, each
// (global), or the first in each word (byWords). ok is false when old
// does not occur.
func substitute(text, old, repl string, global, byWords bool) (string, bool) {
	switch {
	case global:
		if !strings.Contains(text, old) {
			return text, false
		}
		return strings.ReplaceAll(text, old, repl), true
	case byWords:
		var b strings.Builder
		found := false
		for i := 0; i < len(text); {
			if c := text[i]; c == ' ' || c == '\t' || c == '\n' {
				b.WriteByte(c)
				i++
				continue
			}
			end := max(wordEnd(text, i), i+1)
			w := text[i:end]
			if strings.Contains(w, old) {
				w = strings.Replace(w, old, repl, 1)
				found = true
			}
			b.WriteString(w)
			i = end
		}
		return b.String(), found
	}
	if !strings.Contains(text, old) {
		return text, false
	}
	return strings.Replace(text, old, repl, 1), true
}

// singleQuote quotes s for the shell as bash's :q does.
func singleQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
