package quote

import "strings"

// Single quotes s in single quotes, as alias listings and trap -p do.
func Single(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
