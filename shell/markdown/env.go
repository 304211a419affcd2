package markdown

import (
	"strconv"
	"strings"
)

// ForTerminal returns the options for output to a terminal of width
// columns: colour unless NO_COLOR is set or TERM is dumb or unset, and
// hyperlinks where the terminal is known to show OSC 8 links. tty false
// (output to a file or pipe) gives plain text.
func ForTerminal(getenv func(string) string, width int, tty bool) Options {
	term := getenv("TERM")
	color := tty && getenv("NO_COLOR") == "" && term != "" && term != "dumb"
	return Options{Width: width, Color: color, Hyperlinks: color && Hyperlinks(getenv)}
}

// Hyperlinks reports whether the terminal the environment describes
// shows OSC 8 hyperlinks. Terminals that do not would print the link's
// text without its address, so only those known to are trusted; tmux and
// screen are not, since they pass the sequence on only when configured
// to.
func Hyperlinks(getenv func(string) string) bool {
	term := getenv("TERM")
	if getenv("TMUX") != "" || getenv("STY") != "" || strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux") {
		return false
	}
	switch getenv("TERM_PROGRAM") {
	case "iTerm.app", "WezTerm", "vscode", "ghostty", "Hyper", "Tabby", "rio", "WarpTerminal":
		return true
	}
	switch term {
	case "xterm-kitty", "xterm-ghostty", "foot", "foot-extra", "alacritty", "wezterm":
		return true
	}
	if getenv("KITTY_WINDOW_ID") != "" || getenv("WT_SESSION") != "" {
		return true
	}
	if v, err := strconv.Atoi(getenv("VTE_VERSION")); err == nil && v >= 5000 {
		return true
	}
	if v, err := strconv.Atoi(getenv("KONSOLE_VERSION")); err == nil && v >= 201200 {
		return true
	}
	return false
}
