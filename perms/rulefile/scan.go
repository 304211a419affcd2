package rulefile

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A line-oriented scanner for the top-level arrays of a rule file. It
// serves two purposes: recovering deny rules from a file TOML cannot
// parse (fail closed: a damaged file still denies), and locating the
// arrays so that an update keeps the rest of the file as the user wrote
// it.

type span struct{ start, end int }

// scanDeny recovers the strings of the top-level deny array, best
// effort.
func scanDeny(src []byte) []string {
	sp, ok := findKey(src, "deny")
	if !ok {
		return nil
	}
	vals, _ := scanArray(src, sp.start)
	return vals
}

// findArray locates the value of a top-level key holding an array: from
// its '[' to just after its ']'.
func findArray(src []byte, key string) (span, bool) {
	sp, ok := findKey(src, key)
	if !ok {
		return span{}, false
	}
	_, end := scanArray(src, sp.start)
	if end < 0 {
		return span{}, false
	}
	return span{sp.start, end}, true
}

// findKey finds "key = [" before the first table header and returns the
// offset of the '['.
func findKey(src []byte, key string) (span, bool) {
	found := -1
	topLevel(src, func(k string, at int) bool {
		if k == key {
			found = at
			return false
		}
		return true
	})
	return span{start: found}, found >= 0
}

// topLevel calls f with the key and the offset of the '[' of each
// top-level array until f returns false, skipping over multi-line
// arrays; it returns the offset of the first table header, or -1.
func topLevel(src []byte, f func(key string, at int) bool) int {
	off := 0
	for off < len(src) {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		line := src[off:end]
		trim := bytes.TrimSpace(line)
		if bytes.HasPrefix(trim, []byte("[")) {
			return off
		}
		if eq := bytes.IndexByte(line, '='); eq >= 0 {
			rest := bytes.TrimSpace(line[eq+1:])
			if bytes.HasPrefix(rest, []byte("[")) {
				key := strings.Trim(string(bytes.TrimSpace(line[:eq])), `"'`)
				at := off + eq + 1 + bytes.IndexByte(line[eq+1:], '[')
				if !f(key, at) {
					return -1
				}
				if _, e := scanArray(src, at); e > end {
					off = e
					continue
				}
			}
		}
		off = end + 1
	}
	return -1
}

// scanArray reads the array starting at src[at] == '[' and returns its
// string values and the offset after its ']' (-1 if it never closes).
func scanArray(src []byte, at int) ([]string, int) {
	var vals []string
	depth := 0
	for i := at; i < len(src); i++ {
		if src[i] == '\n' && depth > 0 && keyLineStart(src[i+1:]) {
			return vals, -1 // an unclosed array: the next key starts here
		}
		switch c := src[i]; c {
		case '[':
			depth++
		case ']':
			depth--
			if depth == 0 {
				return vals, i + 1
			}
		case '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case '"', '\'':
			v, next, ok := scanString(src, i)
			if ok {
				vals = append(vals, v)
			}
			i = next - 1
		}
	}
	return vals, -1
}

// keyLineStart reports whether a line starts with "name =" or "[table]",
// which cannot occur inside an array.
func keyLineStart(line []byte) bool {
	line = bytes.TrimLeft(line, " \t")
	if end := bytes.IndexByte(line, '\n'); end >= 0 {
		line = line[:end]
	}
	if bytes.HasPrefix(line, []byte("[")) {
		return !bytes.HasPrefix(line, []byte("[\"")) && bytes.HasSuffix(bytes.TrimSpace(line), []byte("]")) &&
			!bytes.Contains(line, []byte(","))
	}
	i := 0
	for i < len(line) && (line[i] == '_' || line[i] == '-' || line[i] == '.' ||
		line[i] >= 'a' && line[i] <= 'z' || line[i] >= 'A' && line[i] <= 'Z' || line[i] >= '0' && line[i] <= '9') {
		i++
	}
	return i > 0 && bytes.HasPrefix(bytes.TrimLeft(line[i:], " \t"), []byte("="))
}

// scanString reads a TOML string starting at src[i] and returns its
// value, the offset after it, and whether it was well formed.
func scanString(src []byte, i int) (string, int, bool) {
	q := src[i]
	multi := bytes.HasPrefix(src[i:], []byte{q, q, q})
	if multi {
		end := bytes.Index(src[i+3:], []byte{q, q, q})
		if end < 0 {
			return "", len(src), false
		}
		raw := string(src[i+3 : i+3+end])
		raw = strings.TrimPrefix(raw, "\n")
		if q == '"' {
			raw = unescape(raw)
		}
		return raw, i + 3 + end + 3, true
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if q == '"' {
				j++
			}
		case '\n':
			return "", j, false
		case q:
			raw := string(src[i+1 : j])
			if q == '"' {
				raw = unescape(raw)
			}
			return raw, j + 1, true
		}
	}
	return "", len(src), false
}

// unescape decodes the escapes of a TOML basic string.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch s[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'b':
			b.WriteByte('\b')
		case 'f':
			b.WriteByte('\f')
		case 'e':
			b.WriteByte(0x1b)
		case 'u', 'U':
			n := 4
			if s[i] == 'U' {
				n = 8
			}
			if i+n < len(s) {
				if r, err := strconv.ParseUint(s[i+1:i+1+n], 16, 32); err == nil && utf8.ValidRune(rune(r)) {
					b.WriteRune(rune(r))
					i += n
					continue
				}
			}
			b.WriteByte(s[i])
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// firstTable returns the offset of the first table header, or -1.
func firstTable(src []byte) int {
	return topLevel(src, func(string, int) bool { return true })
}

// keyLine returns the line where a dotted key first appears, or 0.
func keyLine(src []byte, key string) int {
	last := key
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		last = key[i+1:]
	}
	for n, line := range strings.Split(string(src), "\n") {
		trim := strings.TrimSpace(line)
		if strings.HasPrefix(trim, last) || strings.HasPrefix(trim, "["+key) {
			return n + 1
		}
	}
	return 0
}
