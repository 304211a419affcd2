package attach

import "strings"

// Ref is one `@path` mention in a request.
type Ref struct {
	// Path is the path as the user meant it: quotes and backslashes
	// removed, a leading ~ not yet expanded.
	Path string
}

// Parse finds the `@path` mentions of a request and returns the text to
// send, with `\@` at the start of a word turned into a plain `@`, and the
// mentions in order, each path once.
//
// A mention is a word starting with @: the rest of the word is read as a
// shell word, so `@my\ file` and `@'my file'` name "my file". A word that
// starts with a quote is plain text up to its closing quote ('@x' is not
// a mention), but an apostrophe inside a word (don't) opens nothing.
func Parse(text string) (string, []Ref) {
	var b strings.Builder
	var refs []Ref
	seen := map[string]bool{}
	for i := 0; i < len(text); {
		if i > 0 && !isBlank(text[i-1]) {
			b.WriteByte(text[i])
			i++
			continue
		}
		switch c := text[i]; {
		case c == '\\' && i+1 < len(text) && text[i+1] == '@':
			b.WriteByte('@')
			i += 2
		case c == '@':
			end := WordEnd(text, i+1)
			if p := unquote(text[i+1 : end]); p != "" && !seen[p] {
				seen[p] = true
				refs = append(refs, Ref{Path: p})
			}
			b.WriteString(text[i:end])
			i = end
		case c == '\'' || c == '"':
			end := i + 1 + strings.IndexByte(text[i+1:], c)
			if end <= i {
				end = i + 1
			} else {
				end++
			}
			b.WriteString(text[i:end])
			i = end
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), refs
}

// WordEnd returns where the shell word starting at s[i] ends: at the
// first blank outside quotes and not escaped (or at the end of s). The
// line editor's completion uses it to find the @-word being typed.
func WordEnd(s string, i int) int {
	var quote byte
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case quote == '\'':
			if c == quote {
				quote = 0
			}
		case c == '\\':
			i++
		case quote == '"':
			if c == '"' {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case isBlank(c):
			return i
		}
	}
	return min(i, len(s))
}

// unquote removes shell quoting from a word: backslashes escape the next
// character (inside double quotes only \ " $ and `), single quotes keep
// everything, double quotes keep all but those escapes.
func unquote(w string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(w); i++ {
		c := w[i]
		switch {
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\\' && i+1 < len(w) && (quote == 0 || strings.IndexByte("\\\"$`", w[i+1]) >= 0):
			i++
			b.WriteByte(w[i])
		case quote == '"':
			if c == '"' {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote = c
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }
