package completion

import (
	"strings"

	"github.com/rivo/uniseg"

	"github.com/reeflective/readline/internal/color"
	"github.com/reeflective/readline/internal/strutil"
)

// text is what the menu measures: the strings of its candidates, and the
// bytes of the rows it draws.
type text interface{ ~string | ~[]byte }

// columns is the width of s on the terminal: its escape sequences take
// none, a wide character (日, 👍) two, a combining mark none. The menu
// measured its cells in bytes, so that a row of accented or wide names
// was wider than the terminal and wrapped. It is strutil.RealLength
// (without its tabs, which the menu's text no longer has) made fit for
// each row of each frame: ASCII is counted byte by byte, a colour sequence
// skipped without a regular expression, and only the runs of other
// characters are segmented.
func columns[T text](s T) int {
	width := 0
	afterASCII := false // the byte before was a character counted

	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c == 0x1b:
			i += escapeLen(s[i:])
			afterASCII = false
		case c < 0x80:
			afterASCII = c >= 0x20 && c != 0x7f
			if afterASCII {
				width++
			}
			i++
		default:
			end := i + 1
			for end < len(s) && s[end] >= 0x80 {
				end++
			}
			// A combining mark joins the character before it, which
			// was counted already: the run is measured with it.
			if afterASCII {
				width += strutil.RealLength(string(s[i-1:end])) - 1
			} else {
				width += strutil.RealLength(string(s[i:end]))
			}
			i = end
			afterASCII = false
		}
	}

	return width
}

// escapeLen is the length of the escape sequence at the start of s: a
// control sequence (ESC [ parameters, final byte) read directly, another
// one by the library's pattern, a lone ESC as one byte.
func escapeLen[T text](s T) int {
	if len(s) > 1 && s[1] == '[' {
		for i := 2; i < len(s); i++ {
			switch c := s[i]; {
			case c >= 0x40 && c <= 0x7e:
				return i + 1
			case c < 0x20:
				return 1
			}
		}
	}

	if loc := color.Escapes(string(s[:min(len(s), 256)])); len(loc) > 0 && loc[0][0] == 0 {
		return loc[0][1]
	}

	return 1
}

// trimColumns returns the length in bytes of the start of s that takes at
// most n columns, with the escape sequences in it, cut between
// characters: color.Trim counts bytes, and cut a UTF-8 character in two
// (a stray byte shown as �) or kept too many wide characters.
func trimColumns[T text](s T, n int) int {
	if n <= 0 {
		return 0
	}

	width := 0
	i := 0

	for i < len(s) {
		c := s[i]

		if c == 0x1b {
			i += escapeLen(s[i:])
			continue
		}

		if c < 0x80 {
			if c >= 0x20 && c != 0x7f {
				if width+1 > n {
					break
				}
				width++
			}
			i++

			continue
		}

		size, clusterWidth := firstCluster(s[i:])
		if width+clusterWidth > n {
			break
		}

		width += clusterWidth
		i += size
	}

	return i
}

// firstCluster is the length and width of the grapheme cluster s starts
// with.
func firstCluster[T text](s T) (size, width int) {
	switch s := any(s).(type) {
	case string:
		cluster, _, width, _ := uniseg.FirstGraphemeClusterInString(s, -1)
		return len(cluster), width
	case []byte:
		cluster, _, width, _ := uniseg.FirstGraphemeCluster(s, -1)
		return len(cluster), width
	}

	return 1, 1
}

// sanitize makes the text of a candidate, a description or a tag safe to
// print as a row of the menu: colours (SGR sequences, ESC [ … m) are kept,
// and every other control character is shown in caret notation, as GNU
// readline shows them in file names (^[ for an escape, ^J for a line
// break, ^? for DEL, M-^[ for the 8-bit CSI). The menu printed them as
// they were, except line breaks and tabs, which it dropped: a file named
// with a control sequence (ESC [ 2 J, ESC ] 0 ; … BEL, backspaces) cleared
// the screen, moved the cursor or set the window's title when Tab listed
// it, and any of them made the row's width differ from the one measured.
// Candidates are coloured only with SGR sequences; nothing else is needed.
func sanitize(s string) string {
	if !needsSanitizing(s) {
		return s
	}

	var out strings.Builder

	for i := 0; i < len(s); {
		c := s[i]

		switch {
		case c == 0x1b:
			if n := sgrLen(s[i:]); n > 0 {
				out.WriteString(s[i : i+n])
				i += n

				continue
			}

			out.WriteString("^[")
		case c < 0x20:
			out.WriteByte('^')
			out.WriteByte(c + 0x40)
		case c == 0x7f:
			out.WriteString("^?")
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			// A C1 control (U+0080–U+009F), which a terminal may
			// read as ESC and a letter (U+009B is CSI).
			out.WriteString("M-^")
			out.WriteByte(s[i+1] - 0x80 + 0x40)
			i += 2

			continue
		default:
			out.WriteByte(c)
		}

		i++
	}

	return out.String()
}

// needsSanitizing reports whether s has a control character other than
// the escape of a colour.
func needsSanitizing(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1b:
			n := sgrLen(s[i:])
			if n == 0 {
				return true
			}
			i += n - 1
		case c < 0x20, c == 0x7f:
			return true
		case c == 0xc2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9f:
			return true
		}
	}

	return false
}

// sgrLen is the length of the colour sequence (ESC [ digits and
// separators m) at the start of s, or 0.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}

	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c >= '0' && c <= '9', c == ';', c == ':':
		default:
			return 0
		}
	}

	return 0
}
