package completion

import (
	"regexp"
	"strings"

	"github.com/reeflective/readline/internal/color"
)

// highlightMatches returns s with every non-empty match of re in its
// visible text (its escape sequences left out) between on and off.
//
// The matches are found in the text without its escape sequences, so that
// a search for "m" does not match the final letter of a colour sequence
// (which cut it, and showed an "m" on the screen), and the text of each
// match is kept as it was (replacing every match with the first one's text
// turned "RANDOM" into "RANDOm" for a case-insensitive "m"). A sequence
// inside a match is kept, and on written again after it, in case it reset
// the background.
func highlightMatches(s string, re *regexp.Regexp, on, off string) string {
	if re == nil || on == "" || off == "" {
		return s
	}

	escapes := color.Escapes(s)

	visible := s
	if len(escapes) > 0 {
		var b strings.Builder

		last := 0
		for _, esc := range escapes {
			b.WriteString(s[last:esc[0]])
			last = esc[1]
		}

		b.WriteString(s[last:])
		visible = b.String()
	}

	matches := re.FindAllStringIndex(visible, -1)

	kept := matches[:0]
	for _, m := range matches {
		if m[1] > m[0] {
			kept = append(kept, m)
		}
	}

	if len(kept) == 0 {
		return s
	}

	var b strings.Builder

	b.Grow(len(s) + len(kept)*(len(on)+len(off)))

	inside := false
	next, pos := 0, 0 // the next match; the position in the visible text

	for i := 0; i < len(s); {
		if inside && pos == kept[next][1] {
			b.WriteString(off)

			inside = false
			next++
		}

		if len(escapes) > 0 && escapes[0][0] == i {
			b.WriteString(s[i:escapes[0][1]])

			if inside {
				b.WriteString(on)
			}

			i = escapes[0][1]
			escapes = escapes[1:]

			continue
		}

		if !inside && next < len(kept) && pos == kept[next][0] {
			b.WriteString(on)

			inside = true
		}

		b.WriteByte(s[i])
		i++
		pos++
	}

	if inside {
		b.WriteString(off)
	}

	return b.String()
}
