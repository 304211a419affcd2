package complete

import (
	"strings"
)

// ParseHelp extracts options from the help output of a program: lines
// such as
//
//	-a, --all              do not ignore entries starting with .
//	    --color[=WHEN]     colorize the output
//	-w, --width=COLS       set output width to COLS
//	--[no-]verify          bypass pre-commit hooks
//
// An option whose value is attached with '=' is offered as "--name="
// without a trailing space. A description on the line below an option is
// used when the option's line has none.
func ParseHelp(text string) []Candidate {
	lines := strings.Split(strings.ReplaceAll(text, "\r", ""), "\n")
	seen := make(map[string]bool)
	var out []Candidate
	for i, line := range lines {
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		if !strings.HasPrefix(trimmed, "-") || indent > 30 {
			continue
		}
		spec, desc := splitColumns(trimmed)
		if desc == "" && i+1 < len(lines) {
			next := strings.TrimLeft(lines[i+1], " \t")
			if len(lines[i+1])-len(next) > indent && !strings.HasPrefix(next, "-") {
				desc = strings.TrimSpace(next)
			}
		}
		desc = shorten(desc, 100)
		for _, opt := range optionNames(spec) {
			if seen[opt] {
				continue
			}
			seen[opt] = true
			out = append(out, Candidate{Value: opt, Description: desc, Tag: "options", NoSpace: strings.HasSuffix(opt, "=")})
		}
	}
	return out
}

// splitColumns splits an option line at the first tab or run of two
// spaces, between the option list and its description.
func splitColumns(s string) (spec, desc string) {
	cut := strings.Index(s, "  ")
	if t := strings.IndexByte(s, '\t'); t >= 0 && (cut < 0 || t < cut) {
		cut = t
	}
	if cut < 0 {
		return s, ""
	}
	return s[:cut], strings.TrimSpace(s[cut:])
}

// optionNames reads the option list of one help line: "-a, --all",
// "-w, --width=COLS", "--[no-]verify", "-I PATTERN".
func optionNames(spec string) []string {
	var out []string
	for _, tok := range strings.FieldsFunc(spec, func(r rune) bool { return r == ',' || r == ' ' || r == '|' || r == '/' }) {
		if !strings.HasPrefix(tok, "-") {
			continue
		}
		dashes := "-"
		if strings.HasPrefix(tok, "--") {
			dashes = "--"
		}
		body := tok[len(dashes):]
		negatable := strings.HasPrefix(body, "[no-]")
		body = strings.TrimPrefix(body, "[no-]")
		n := 0
		for n < len(body) && isOptionChar(body[n]) {
			n++
		}
		name := body[:n]
		if name == "" || strings.HasPrefix(name, "-") {
			continue
		}
		rest := body[n:]
		suffix := ""
		if strings.HasPrefix(rest, "=") || strings.HasPrefix(rest, "[=") {
			suffix = "="
		}
		out = append(out, dashes+name+suffix)
		if negatable {
			out = append(out, dashes+"no-"+name+suffix)
		}
	}
	return out
}

func isOptionChar(c byte) bool {
	return c == '-' || c == '_' || c == '.' || c == '?' || c == '@' || c == '#' || c == '+' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// shorten cuts s to at most n runes, marking the cut.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}
