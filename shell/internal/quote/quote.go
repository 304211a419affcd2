package quote

import "strings"

// Single quotes s in single quotes, as alias listings and trap -p do.
func Single(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ForQ quotes a value as bash's ${x@Q} does: in single quotes, or $'…'
// with control characters.
func ForQ(s string) string {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return Bash(s)
		}
	}
	return Single(s)
}

// ForSet quotes a value as bash's set listing does: as is when safe,
// in single quotes otherwise, $'…' with control characters.
func ForSet(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return Bash(s)
		}
	}
	if strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`~#=%,") {
		return Single(s)
	}
	return s
}

// ForDecl quotes a value as declare -p does: in double quotes.
func ForDecl(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' || r == '$' || r == '`' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// ForTrace quotes a word as bash's xtrace does: single quotes around
// words with blanks or special characters, $'…' for control characters.
func ForTrace(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return Bash(s)
		}
	}
	if !strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`") && s[0] != '~' && s[0] != '#' {
		return s
	}
	return Single(s)
}
