package config

import (
	"strconv"
	"strings"
)

// Warning is a problem found in a configuration file or in the
// environment. It never stops nosh: the offending key is ignored (or
// keeps its default) and the warning is shown to the user.
type Warning struct {
	// File is the file at fault; empty for environment variables.
	File string
	// Line is the 1-based line of the key or syntax error; 0 if unknown.
	Line int
	// Key is the dotted TOML key ("ai.context_size") or the environment
	// variable at fault; empty for a problem with the whole file.
	Key string
	// Msg says what is wrong and what nosh does instead.
	Msg string
}

// Error formats w on one line as FILE:LINE: KEY: MSG, leaving out the
// parts that are unknown.
func (w Warning) Error() string {
	var b strings.Builder
	loc := w.File
	if w.Line > 0 {
		if loc != "" {
			loc += ":"
		}
		loc += strconv.Itoa(w.Line)
	}
	for _, part := range []string{loc, w.Key, w.Msg} {
		if part == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteString(": ")
		}
		b.WriteString(part)
	}
	return b.String()
}
