package highlight

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Styles maps each [Class] to the parameters of an ANSI SGR sequence
// ("1;32" for bold green); an empty entry leaves the class uncoloured.
// The zero value colours nothing.
type Styles struct {
	sgr [numClasses]string
}

// defaultSGR uses only the 16 basic colours and attributes, so that it
// follows the terminal's palette; reverse video (7) makes danger visible
// on dark and light backgrounds alike.
func defaultSGR() map[Class]string {
	defaultSGROnce.Do(func() { defaultSGRValue = makeDefaultSGR() })
	return defaultSGRValue
}

var (
	defaultSGROnce  sync.Once
	defaultSGRValue map[Class]string
)

func makeDefaultSGR() map[Class]string {
	return map[Class]string{
		Command:    "32",
		Builtin:    "1;32",
		Function:   "36",
		Alias:      "1;36",
		Keyword:    "35",
		Unknown:    "1;31",
		Option:     "34",
		String:     "33",
		Variable:   "1;35",
		Operator:   "1",
		Redirect:   "1;34",
		Comment:    "90",
		Error:      "4;31",
		Danger:     "1;7;31",
		Suggestion: "90",
	}
}

// DefaultStyles returns nosh's built-in colours.
func DefaultStyles() Styles {
	var s Styles
	for c, v := range defaultSGR() {
		s.sgr[c] = v
	}
	return s
}

// NoColor reports whether the NO_COLOR convention asks for no colours:
// getenv("NO_COLOR") is non-empty. Pass os.Getenv or the shell's lookup.
func NoColor(getenv func(string) string) bool {
	return getenv("NO_COLOR") != ""
}

// NewStyles builds the styles for the `[editor] colors` table: the
// defaults, overridden by colors (class name → "1;32", "green",
// "bold red", "bright-black", "bg-blue", "#ff8800", "none"). With noColor
// every class is left uncoloured. Unknown class names and unparsable
// values are reported in the error; the returned Styles is usable anyway,
// with the defaults in place of the bad entries.
func NewStyles(colors map[string]string, noColor bool) (Styles, error) {
	if noColor {
		return Styles{}, nil
	}
	s := DefaultStyles()
	var errs []error
	keys := make([]string, 0, len(colors))
	for k := range colors {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, name := range keys {
		c, ok := ClassByName(strings.ToLower(strings.TrimSpace(name)))
		if !ok || c == Plain {
			errs = append(errs, fmt.Errorf("editor.colors: unknown class %q", name))
			continue
		}
		sgr, err := ParseColor(colors[name])
		if err != nil {
			errs = append(errs, fmt.Errorf("editor.colors.%s: %w", name, err))
			continue
		}
		s.sgr[c] = sgr
	}
	return s, errors.Join(errs...)
}

// SGR returns the SGR parameters for c ("" when uncoloured).
func (s Styles) SGR(c Class) string {
	if c < numClasses {
		return s.sgr[c]
	}
	return ""
}

// Set returns a copy of s where c uses the SGR parameters sgr.
func (s Styles) Set(c Class, sgr string) Styles {
	if c < numClasses {
		s.sgr[c] = sgr
	}
	return s
}

// Enabled reports whether any class has a colour.
func (s Styles) Enabled() bool {
	for _, v := range s.sgr {
		if v != "" {
			return true
		}
	}
	return false
}

// Paint wraps text in the escape sequences of class c, closing them
// before every newline so that colours never leak into prompts drawn
// between the lines of a multi-line buffer.
func (s Styles) Paint(c Class, text string) string {
	var b strings.Builder
	s.write(&b, c, text)
	return b.String()
}

func (s Styles) write(b *strings.Builder, c Class, text string) {
	sgr := s.SGR(c)
	if sgr == "" {
		b.WriteString(text)
		return
	}
	for text != "" {
		line, rest, nl := strings.Cut(text, "\n")
		if line != "" {
			b.WriteString("\x1b[")
			b.WriteString(sgr)
			b.WriteByte('m')
			b.WriteString(line)
			b.WriteString("\x1b[0m")
		}
		if nl {
			b.WriteByte('\n')
		}
		text = rest
	}
}

func sgrAttrs() map[string]string {
	sgrAttrsOnce.Do(func() { sgrAttrsValue = makeSgrAttrs() })
	return sgrAttrsValue
}

var (
	sgrAttrsOnce  sync.Once
	sgrAttrsValue map[string]string
)

func makeSgrAttrs() map[string]string {
	return map[string]string{
		"bold": "1", "dim": "2", "faint": "2", "italic": "3", "underline": "4",
		"blink": "5", "reverse": "7", "inverse": "7", "strike": "9",
	}
}

func sgrColors() map[string]int {
	sgrColorsOnce.Do(func() { sgrColorsValue = makeSgrColors() })
	return sgrColorsValue
}

var (
	sgrColorsOnce  sync.Once
	sgrColorsValue map[string]int
)

func makeSgrColors() map[string]int {
	return map[string]int{
		"black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4,
		"magenta": 5, "purple": 5, "cyan": 6, "white": 7,
	}
}

// ParseColor turns a colour specification into SGR parameters. It
// accepts SGR parameters as they are ("1;32"), or words separated by
// blanks or commas: attributes (bold, dim, italic, underline, blink,
// reverse, strike), colours (black, red, green, yellow, blue, magenta,
// cyan, white, gray), their bright- forms (bright-black …), 24-bit
// "#rrggbb", a background with a "bg-" or "on-" prefix, and "none" or
// "default" for no style.
func ParseColor(spec string) (string, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return "", nil
	}
	if isSGR(spec) {
		return spec, nil
	}
	var params []string
	for _, w := range strings.FieldsFunc(strings.ToLower(spec), func(r rune) bool {
		return r == ' ' || r == '\t' || r == ',' || r == '+'
	}) {
		p, err := colorWord(w)
		if err != nil {
			return "", err
		}
		if p != "" {
			params = append(params, p)
		}
	}
	return strings.Join(params, ";"), nil
}

func isSGR(s string) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] < '0' || s[i] > '9') && s[i] != ';' {
			return false
		}
	}
	return true
}

func colorWord(w string) (string, error) {
	if w == "none" || w == "default" || w == "plain" {
		return "", nil
	}
	if a, ok := sgrAttrs()[w]; ok {
		return a, nil
	}
	base := 30
	for _, p := range []string{"bg-", "on-", "bg_", "on_"} {
		if rest, ok := strings.CutPrefix(w, p); ok {
			base, w = 40, rest
			break
		}
	}
	if strings.HasPrefix(w, "#") {
		return hexColor(w, base)
	}
	bright := false
	for _, p := range []string{"bright-", "bright_", "bright", "light-", "light_", "light"} {
		if rest, ok := strings.CutPrefix(w, p); ok && rest != "" {
			bright, w = true, rest
			break
		}
	}
	if w == "gray" || w == "grey" {
		bright, w = !bright, "black"
	}
	n, ok := sgrColors()[w]
	if !ok {
		return "", fmt.Errorf("unknown colour %q", w)
	}
	if bright {
		base += 60
	}
	return strconv.Itoa(base + n), nil
}

func hexColor(w string, base int) (string, error) {
	h := strings.TrimPrefix(w, "#")
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if len(h) != 6 || err != nil {
		return "", fmt.Errorf("bad colour %q: want #rrggbb", w)
	}
	return fmt.Sprintf("%d;2;%d;%d;%d", base+8, v>>16, v>>8&0xff, v&0xff), nil
}
