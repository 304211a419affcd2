package complete

import (
	"strings"
)

// quoteState is the quoting context at the end of the typed word, which
// decides how completed text must be quoted to mean itself.
type quoteState uint8

const (
	bare         quoteState = iota // unquoted: backslash-escape specials
	single                         // inside '…'
	double                         // inside "…"
	dollarSingle                   // inside $'…'
	verbatim                       // appended as is (variable and user names)
)

// word is the word under the cursor, as typed up to the cursor.
type word struct {
	raw   string     // as typed
	value string     // unquoted, with ~ and $VAR expanded, for matching
	state quoteState // quoting at the end of raw
	// escaped: raw ends with a backslash that escapes the next character.
	escaped bool
	// dynamic: raw has an expansion that cannot be evaluated here
	// ($(…), `…`, $((…)), ${x:-…}, $1 …), so value is not the real value.
	dynamic bool

	// isVar: the word ends in $NAME or ${NAME: completing a variable name
	// (varName typed so far).
	isVar     bool
	varName   string
	varBraces bool
	// isUser: the word is ~NAME without a slash: completing a user name.
	isUser bool
}

// lexer reads a raw word; getenv and home expand $VAR and ~user.
type lexer struct {
	raw    string // the word being read
	getenv func(string) string
	home   func(user string) (string, bool)
}

func (lx lexer) lex(raw string) word {
	lx.raw = raw
	w := word{raw: raw}
	var b strings.Builder
	i := 0
	if strings.HasPrefix(raw, "~") {
		slash := strings.IndexByte(raw, '/')
		if slash < 0 {
			w.isUser, w.varName = true, raw[1:]
			return w
		}
		if home, ok := lx.home(raw[1:slash]); ok {
			b.WriteString(home)
			i = slash
		}
	}
	st := bare
	for i < len(raw) {
		c := raw[i]
		switch st {
		case bare, double:
			switch {
			case c == '\\':
				if i+1 == len(raw) {
					w.escaped = true
					i++
					continue
				}
				next := raw[i+1]
				if st == double && !strings.ContainsRune("$`\"\\\n", rune(next)) {
					b.WriteByte(c)
					i++
					continue
				}
				if next != '\n' {
					b.WriteByte(next)
				}
				i += 2
			case c == '\'' && st == bare:
				st = single
				i++
			case c == '"' && st == bare:
				st = double
				i++
			case c == '"':
				st = bare
				i++
			case c == '`':
				w.dynamic = true
				end := strings.IndexByte(raw[i+1:], '`')
				if end < 0 {
					i = len(raw)
				} else {
					i += end + 2
				}
			case c == '$':
				i, st = lx.dollar(&w, &b, i, st)
			default:
				b.WriteByte(c)
				i++
			}
		case single:
			if c == '\'' {
				st = bare
			} else {
				b.WriteByte(c)
			}
			i++
		case dollarSingle:
			switch {
			case c == '\'':
				st = bare
				i++
			case c == '\\' && i+1 == len(raw):
				w.escaped = true
				i++
			case c == '\\':
				b.WriteString(unescapeANSIC(raw[i+1]))
				i += 2
			default:
				b.WriteByte(c)
				i++
			}
		}
	}
	w.value, w.state = b.String(), st
	return w
}

// dollar reads the expansion starting at raw[i] == '$'.
func (lx lexer) dollar(w *word, b *strings.Builder, i int, st quoteState) (int, quoteState) {
	raw := lx.raw
	rest := raw[i+1:]
	switch {
	case rest == "":
		w.isVar = true
		return len(raw), st
	case rest[0] == '\'' && st == bare:
		return i + 2, dollarSingle
	case rest[0] == '"' && st == bare:
		return i + 2, double
	case rest[0] == '{':
		n := nameLen(rest[1:])
		if 1+n == len(rest) {
			w.isVar, w.varBraces, w.varName = true, true, rest[1:]
			return len(raw), st
		}
		if n > 0 && rest[1+n] == '}' {
			b.WriteString(lx.getenv(rest[1 : 1+n]))
			return i + 2 + n + 1, st
		}
		w.dynamic = true
		if end := strings.IndexByte(rest, '}'); end >= 0 {
			return i + 1 + end + 1, st
		}
		return len(raw), st
	case rest[0] == '(':
		w.dynamic = true
		return len(raw), st
	}
	n := nameLen(rest)
	switch {
	case n == len(rest):
		w.isVar, w.varName = true, rest
		return len(raw), st
	case n > 0:
		b.WriteString(lx.getenv(rest[:n]))
		return i + 1 + n, st
	case strings.IndexByte("0123456789?$!#@*-", rest[0]) >= 0:
		w.dynamic = true
		return i + 2, st
	}
	b.WriteByte('$')
	return i + 1, st
}

// nameLen is the length of the variable name at the start of s.
func nameLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9' {
			continue
		}
		return i
	}
	return len(s)
}

func unescapeANSIC(c byte) string {
	switch c {
	case 'n':
		return "\n"
	case 't':
		return "\t"
	case 'r':
		return "\r"
	case 'a':
		return "\a"
	case 'b':
		return "\b"
	case 'e', 'E':
		return "\x1b"
	case 'f':
		return "\f"
	case 'v':
		return "\v"
	}
	return string(c)
}

// bareSpecial are the characters that must be backslash-escaped in an
// unquoted word to stand for themselves.
const bareSpecial = " \t\"'\\$`&|;<>()*?[]{}!"

// quote returns s quoted to be appended to w.raw and mean s.
func (w *word) quote(s string) string {
	if w.plain(s) {
		return s
	}
	var b strings.Builder
	for i, r := range s {
		if i == 0 && w.escaped {
			// The user's trailing backslash already escapes it.
			b.WriteRune(r)
			continue
		}
		switch w.state {
		case bare:
			switch {
			case r < 0x20 || r == 0x7f:
				b.WriteString(ansiC(r))
			case strings.ContainsRune(bareSpecial, r) || w.raw == "" && i == 0 && (r == '~' || r == '#'):
				b.WriteByte('\\')
				b.WriteRune(r)
			default:
				b.WriteRune(r)
			}
		case double:
			if strings.ContainsRune("\"\\$`", r) {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		case single:
			if r == '\'' {
				b.WriteString(`'\''`)
			} else {
				b.WriteRune(r)
			}
		case dollarSingle:
			switch {
			case r == '\\' || r == '\'':
				b.WriteByte('\\')
				b.WriteRune(r)
			case r < 0x20 || r == 0x7f:
				b.WriteString(strings.TrimSuffix(strings.TrimPrefix(ansiC(r), "$'"), "'"))
			default:
				b.WriteRune(r)
			}
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ansiC quotes a control character as $'\…'.
func ansiC(r rune) string {
	switch r {
	case '\n':
		return `$'\n'`
	case '\t':
		return `$'\t'`
	case '\r':
		return `$'\r'`
	}
	const hex = "0123456789abcdef"
	return `$'\x` + string(hex[r>>4]) + string(hex[r&15]) + `'`
}

// plain reports whether s needs no quoting in w's context.
func (w *word) plain(s string) bool {
	if s == "" || w.state == verbatim {
		return true
	}
	if w.escaped || w.raw == "" && (s[0] == '~' || s[0] == '#') {
		return false
	}
	special := bareSpecial
	switch w.state {
	case double:
		special = "\"\\$`"
	case single:
		special = "'"
	case dollarSingle:
		special = "\\'"
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] == 0x7f || strings.IndexByte(special, s[i]) >= 0 {
			return false
		}
	}
	return true
}

// closer is what ends the word's open quote.
func (w *word) closer() string {
	switch w.state {
	case single, dollarSingle:
		return "'"
	case double:
		return `"`
	}
	return ""
}

// Quote returns s quoted as a single shell word: unchanged when it has no
// special characters, backslash-escaped otherwise.
func Quote(s string) string {
	w := word{}
	return w.quote(s)
}
