package translate

import (
	"regexp"
	"strings"
	"sync"
)

// Reply is what a model's answer to a translation request turned out to be.
type Reply struct {
	// Command is the command to show and maybe run; empty when the reply
	// is not a command.
	Command string
	// Text is the reply in words when it is not a command.
	Text string
}

// Cleaner turns raw model replies into a [Reply].
type Cleaner struct {
	// Parse checks that a string is shell code and reports how many
	// statements it has (comments alone are zero). Required.
	Parse func(src string) (stmts int, err error)
	// Known, when set, reports whether a command name exists (builtin,
	// function, alias or program); a reply whose first word is unknown
	// and that reads like prose is taken as text.
	Known func(name string) bool
}

// The reply's patterns, compiled on first use: a sync.OnceValue would be
// made at package initialisation, in every process.
var (
	cleanOnce        sync.Once
	thinkRx, fenceRx *regexp.Regexp
)

func compileClean() {
	thinkRx = regexp.MustCompile(`(?s)<(think|thinking|reasoning)>.*?</(think|thinking|reasoning)>`)
	fenceRx = regexp.MustCompile("(?s)```[a-zA-Z0-9_+-]*[ \t]*\n?(.*?)```")
}

func thinkRE() *regexp.Regexp { cleanOnce.Do(compileClean); return thinkRx }

func fenceRE() *regexp.Regexp { cleanOnce.Do(compileClean); return fenceRx }

// Clean extracts the command from a reply: reasoning blocks, code fences,
// a leading "$ " and trailing explanations are removed; what remains must
// parse as shell. Anything else is returned as text.
func (c Cleaner) Clean(reply string) Reply {
	text := thinkRE().ReplaceAllString(reply, "")
	// An unterminated <think> (cut off) hides everything after it.
	if i := strings.Index(text, "<think>"); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimSpace(text)
	if text == "" {
		return Reply{Text: "(the model gave an empty reply)"}
	}
	candidate := text
	if m := fenceRE().FindStringSubmatch(text); m != nil {
		candidate = m[1]
	} else {
		// Without a fence, the command is the first paragraph; what
		// follows a blank line is explanation.
		candidate, _, _ = strings.Cut(candidate, "\n\n")
	}
	candidate = stripPrompts(candidate)
	candidate = strings.TrimSpace(strings.Trim(strings.TrimSpace(candidate), "`"))
	if candidate == "" {
		return Reply{Text: text}
	}
	n, err := c.Parse(candidate)
	if err != nil || n == 0 || c.prose(candidate) {
		return Reply{Text: commentText(text)}
	}
	return Reply{Command: candidate}
}

// stripPrompts removes a "$ " or "> " prompt sign at the start of lines.
func stripPrompts(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "$ ") {
			lines[i] = t[2:]
		}
	}
	return strings.Join(lines, "\n")
}

// commentText turns a reply made of "# " lines into plain text.
func commentText(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		t := strings.TrimLeft(l, " \t")
		if strings.HasPrefix(t, "#") {
			lines[i] = strings.TrimSpace(strings.TrimPrefix(t, "#"))
		}
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// prose reports whether s reads like a sentence rather than a command: its
// first word names no known command and it has the shape of prose.
func (c Cleaner) prose(s string) bool {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return false
	}
	first := fields[0]
	if c.Known != nil && c.Known(first) {
		return false
	}
	if strings.ContainsAny(first, "/=$") {
		return false
	}
	if c.Known != nil {
		// An unknown first word: prose if it looks like a sentence.
		return len(fields) >= 4 && (strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?") ||
			strings.HasSuffix(s, "!") || strings.HasSuffix(s, ":") || isCapitalized(first))
	}
	return len(fields) >= 5 && isCapitalized(first) && (strings.HasSuffix(s, ".") || strings.HasSuffix(s, "?"))
}

func isCapitalized(w string) bool {
	return w != "" && w[0] >= 'A' && w[0] <= 'Z' && strings.ToLower(w[1:]) == w[1:]
}
