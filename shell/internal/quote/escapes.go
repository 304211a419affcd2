package quote

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Mode selects which backslash escapes a string gets, for the
// three places bash interprets them.
type Mode int

const (
	// Format is a printf format: \NNN octal, \c printed as is.
	Format Mode = iota
	// Echo is echo -e: \0NNN octal, \c ends all output.
	Echo
	// PercentB is printf %b: \0NNN and \NNN octal, \c ends all output.
	PercentB
)

// ExpandEscapes interprets the backslash escapes in s. stop reports a \c
// that ends all output (echo -e, %b).
func ExpandEscapes(s string, mode Mode) (out string, stop bool) {
	if !strings.Contains(s, `\`) {
		return s, false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := s[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\':
			b.WriteByte('\\')
		case '"', '\'', '?':
			if mode == Format {
				b.WriteByte(e)
			} else {
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		case 'c':
			if mode == Format {
				b.WriteString(`\c`)
				continue
			}
			return b.String(), true
		case 'x':
			n, used := ParseDigits(s[i+1:], 16, 2)
			if used == 0 {
				b.WriteString(`\x`)
				continue
			}
			b.WriteByte(byte(n))
			i += used
		case 'u', 'U':
			max := 4
			if e == 'U' {
				max = 8
			}
			n, used := ParseDigits(s[i+1:], 16, max)
			if used == 0 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			b.WriteRune(rune(n))
			i += used
		case '0':
			if mode == Format {
				n, used := ParseDigits(s[i:], 8, 3)
				b.WriteByte(byte(n))
				i += used - 1
				continue
			}
			n, used := ParseDigits(s[i+1:], 8, 3)
			b.WriteByte(byte(n))
			i += used
		case '1', '2', '3', '4', '5', '6', '7':
			if mode == Echo {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, used := ParseDigits(s[i:], 8, 3)
			b.WriteByte(byte(n))
			i += used - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
	return b.String(), false
}

// ParseDigits reads up to max digits of base from the start of s.
func ParseDigits(s string, base, max int) (n int, used int) {
	for used < len(s) && used < max {
		d, err := strconv.ParseInt(s[used:used+1], base, 8)
		if err != nil {
			break
		}
		n = n*base + int(d)
		used++
	}
	return n, used
}

// Bash quotes s as printf %q does: backslashes before special
// characters, or $'…' when s has unprintable characters.
func Bash(s string) string {
	if s == "" {
		return "''"
	}
	needsANSI := false
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			needsANSI = true
			break
		}
	}
	if needsANSI {
		var b strings.Builder
		b.WriteString("$'")
		for i := 0; i < len(s); {
			r, size := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == '\n':
				b.WriteString(`\n`)
			case r == '\t':
				b.WriteString(`\t`)
			case r == '\r':
				b.WriteString(`\r`)
			case r == '\a':
				b.WriteString(`\a`)
			case r == '\b':
				b.WriteString(`\b`)
			case r == 0x1b:
				b.WriteString(`\E`)
			case r == '\f':
				b.WriteString(`\f`)
			case r == '\v':
				b.WriteString(`\v`)
			case r == '\\':
				b.WriteString(`\\`)
			case r == '\'':
				b.WriteString(`\'`)
			case r < 0x20 || r == 0x7f || (r == utf8.RuneError && size == 1):
				fmt.Fprintf(&b, `\%03o`, s[i])
				size = 1
			default:
				b.WriteString(s[i : i+size])
			}
			i += size
		}
		b.WriteByte('\'')
		return b.String()
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case ' ', '\'', '"', '\\', '|', '&', ';', '(', ')', '<', '>', '!', '{', '}', '*', '[', '?', ']', '^', '$', '`', ',':
			b.WriteByte('\\')
		case '~':
			if i == 0 || s[i-1] == '=' || s[i-1] == ':' {
				b.WriteByte('\\')
			}
		case '#':
			if i == 0 {
				b.WriteByte('\\')
			}
		}
		b.WriteByte(c)
	}
	return b.String()
}
