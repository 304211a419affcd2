package markdown

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Text from a model (its own, or a file's it read and repeats) may carry
// what a terminal acts on instead of showing: escape sequences that move
// the cursor and rewrite lines, set the clipboard (OSC 52) or the title,
// and Unicode controls that reorder or hide characters. nosh shows such
// text, so it shows those characters as visible stand-ins; only nosh's
// own styling reaches the terminal as codes.

// ShowControls returns s with its control characters (but newline and
// tab), C1 controls, bytes that are not UTF-8, and the bidirectional
// embeddings, overrides and isolates replaced by visible stand-ins: the
// control pictures (␛ for ESC, ␍ for CR) for C0 and DEL, <U+XXXX> for the
// others, <0xNN> for a byte that is not UTF-8.
func ShowControls(s string) string { return show(s, false) }

// ShowInvisible is ShowControls that also shows every format character
// (zero-width spaces and joiners, soft hyphens, byte-order marks…): for
// a command, where the user must see exactly what will run.
func ShowInvisible(s string) string { return show(s, true) }

func show(s string, strict bool) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f || c == '\n' || c == '\t' {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if c >= 0x80 && !(r == utf8.RuneError && n <= 1) && !hidden(r, strict) {
			i += n
			continue
		}
		break
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\n' || c == '\t' || c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
			i++
		case c < 0x20:
			b.WriteRune(rune(0x2400 + int(c)))
			i++
		case c == 0x7f:
			b.WriteRune('␡')
			i++
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n <= 1:
				fmt.Fprintf(&b, "<0x%02X>", c)
			case hidden(r, strict):
				fmt.Fprintf(&b, "<U+%04X>", r)
			default:
				b.WriteString(s[i : i+n])
			}
			i += n
		}
	}
	return b.String()
}

// hidden reports whether r is a C1 control, a bidirectional control or,
// when strict, any other format character.
func hidden(r rune, strict bool) bool {
	switch {
	case r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x061c, r == 0x200e, r == 0x200f:
		return true
	}
	return strict && unicode.Is(unicode.Cf, r)
}
