package prompt

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// State is everything the built-in prompt shows.
type State struct {
	Data
	LastStatus   int
	LastDuration time.Duration
	// Threshold: show LastDuration when at least this long (0: never).
	Threshold    time.Duration
	Git          *GitInfo // nil outside a repository or when disabled
	ShowUserHost bool
	// Markers are short tags shown before the prompt character, such as
	// "yolo" when the agent runs without asking.
	Markers []string
	// Color enables ANSI colours (off under NO_COLOR).
	Color bool
}

// Builtin renders the default prompt, for example
//
//	alice@box ~/src/nosh main* [1] 3.2s ✦1 $
func Builtin(st State) string {
	var b strings.Builder
	paint := func(sgr, text string) {
		if st.Color {
			b.WriteString("\x1b[" + sgr + "m" + text + "\x1b[0m")
		} else {
			b.WriteString(text)
		}
	}
	if st.ShowUserHost {
		host, _, _ := strings.Cut(st.Host, ".")
		paint("32", st.User+"@"+host)
		b.WriteByte(' ')
	}
	paint("1;36", TildeDir(st.Dir, st.Home))
	if g := st.Git; g != nil && g.Branch != "" {
		b.WriteByte(' ')
		paint("35", g.Branch)
		if g.Dirty {
			paint("33", "*")
		}
	}
	if st.LastStatus != 0 {
		b.WriteByte(' ')
		paint("31", "["+strconv.Itoa(st.LastStatus)+"]")
	}
	if st.Threshold > 0 && st.LastDuration >= st.Threshold {
		b.WriteByte(' ')
		paint("33", FormatDuration(st.LastDuration))
	}
	if st.Jobs > 0 {
		b.WriteByte(' ')
		paint("34", "✦"+strconv.Itoa(st.Jobs))
	}
	for _, m := range st.Markers {
		b.WriteByte(' ')
		paint("1;31", m)
	}
	b.WriteByte(' ')
	char := "$"
	if st.UID == 0 {
		char = "#"
	}
	if st.LastStatus != 0 {
		paint("31", char)
	} else {
		paint("32", char)
	}
	b.WriteByte(' ')
	return b.String()
}

// FormatDuration prints a command's duration briefly: 850ms, 3.2s, 1m05s,
// 2h03m.
func FormatDuration(d time.Duration) string {
	switch {
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	case d < time.Minute:
		return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}
