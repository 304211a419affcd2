package markdown

import (
	"bytes"
	"fmt"
	"io"
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
// control pictures (␛ for ESC, ␍ for CR) for C0 and DEL, the code point
// in hexadecimal for the others (<U+202E> for a right-to-left override),
// and the byte in hexadecimal for one that is not UTF-8 (<0xFF>).
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

// maxEscape bounds an escape sequence ControlFilter waits to see whole:
// a longer one is shown as it is.
const maxEscape = 256

// ControlFilter passes a program's output on to W as a terminal should
// show it from a source that is not trusted (the programs an agent runs):
// colours and text styles (SGR sequences) stay, every other escape
// sequence (moving the cursor, erasing lines, OSC 52 setting the
// clipboard, titles, hyperlinks), lone carriage returns, other controls
// and bidirectional characters are shown as ShowControls shows them.
// A CR before LF is dropped. Sequences and characters split across
// writes are put together; Flush writes what is left.
type ControlFilter struct {
	W       io.Writer
	pending []byte
}

// Write filters p; it reports len(p) written unless W fails.
func (f *ControlFilter) Write(p []byte) (int, error) {
	data := append(f.pending, p...)
	f.pending = nil
	var b bytes.Buffer
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c == 0x1b:
			n, complete := escapeLen(data[i:])
			if !complete && len(data)-i <= maxEscape {
				f.pending = append([]byte(nil), data[i:]...)
				i = len(data)
				continue
			}
			if !complete {
				n = len(data) - i
			}
			if seq := data[i : i+n]; isSGR(seq) {
				b.Write(seq)
			} else {
				b.WriteString(show(string(seq), false))
			}
			i += n
		case c == '\r':
			switch {
			case i+1 == len(data):
				f.pending = []byte{'\r'}
			case data[i+1] != '\n':
				b.WriteString("␍")
			}
			i++
		case c >= 0x80 && !utf8.FullRune(data[i:]):
			f.pending = append([]byte(nil), data[i:]...)
			i = len(data)
		case c >= 0x80:
			_, n := utf8.DecodeRune(data[i:])
			b.WriteString(show(string(data[i:i+n]), false))
			i += n
		case c >= 0x20 && c < 0x7f || c == '\n' || c == '\t':
			b.WriteByte(c)
			i++
		default:
			b.WriteString(show(string(c), false))
			i++
		}
	}
	if _, err := f.W.Write(b.Bytes()); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush writes what a last Write left waiting, shown as it is.
func (f *ControlFilter) Flush() error {
	if len(f.pending) == 0 {
		return nil
	}
	s := show(string(f.pending), false)
	f.pending = nil
	_, err := io.WriteString(f.W, s)
	return err
}

// escapeLen returns the length of the escape sequence that s starts
// with (s[0] is ESC), and whether it is complete in s. A CSI sequence
// broken by a byte it may not hold ends before that byte.
func escapeLen(s []byte) (int, bool) {
	if len(s) < 2 {
		return len(s), false
	}
	switch s[1] {
	case '[':
		j := 2
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x3f {
			j++
		}
		switch {
		case j == len(s):
			return j, false
		case s[j] >= 0x40 && s[j] <= 0x7e:
			return j + 1, true
		}
		return j, true
	case ']', 'P', '_', '^', 'X':
		// A string: OSC, DCS, APC, PM, SOS, up to BEL or ST (ESC \).
		for j := 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1, true
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2, true
			}
		}
		return len(s), false
	}
	return 2, true
}

// isSGR reports whether an escape sequence only sets colours or styles.
func isSGR(seq []byte) bool {
	if len(seq) < 3 || seq[1] != '[' || seq[len(seq)-1] != 'm' {
		return false
	}
	for _, c := range seq[2 : len(seq)-1] {
		if (c < '0' || c > '9') && c != ';' && c != ':' {
			return false
		}
	}
	return true
}
