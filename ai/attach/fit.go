package attach

import (
	"fmt"
	"strings"
)

// Map returns f with fn applied to its text (Head and Tail), e.g. a
// redactor. On a file not yet cut the line count is taken again, since
// fn may join lines (a redacted PEM block becomes one).
func (f File) Map(fn func(string) string) File {
	f.Head = fn(f.Head)
	if f.Tail != "" {
		f.Tail = fn(f.Tail)
	}
	if f.Omitted == 0 {
		f.Lines = countLines(f.Head + f.Tail)
	}
	return f
}

// Tokens estimates the tokens f's block takes.
func (f File) Tokens() int { return Tokens(f.Block()) }

// Fit cuts files whose blocks together take more than budget tokens (as
// [Tokens] counts them) so that they fit: each file keeps the same share
// of itself, at line boundaries, two thirds from its start and one third
// from its end, with a marker saying how many lines were left out.
func Fit(files []File, budget int) []File {
	out := append([]File(nil), files...)
	total, frames, content := 0, 0, 0
	sizes := make([]int, len(files))
	for i, f := range files {
		block := f.Tokens()
		sizes[i] = Tokens(f.Head) + Tokens(f.Tail)
		total += block
		content += sizes[i]
		// The path lines, and the marker a cut adds.
		frames += block - sizes[i] + markerTokens
	}
	if total <= budget || content == 0 {
		return out
	}
	room := max(budget-frames, 0)
	for i, f := range out {
		out[i] = f.cut(int(int64(room) * int64(sizes[i]) / int64(content)))
	}
	return out
}

// markerTokens is about what a marker line costs.
const markerTokens = 8

// cut keeps at most share tokens of f's lines: two thirds from the start
// and the rest from the end, or all from the start when f was already cut
// at its end (a long directory listing).
func (f File) cut(share int) File {
	// A whole file has no Tail: its own last lines become the tail.
	head, tail := splitLines(f.Head), splitLines(f.Tail)
	headShare := share * 2 / 3
	if f.Omitted > 0 && len(tail) == 0 {
		headShare = share
	}
	k1 := prefixWithin(head, headShare)
	left := share - tokensOf(head[:k1])
	var keptTail []string
	dropped := 0
	if f.Omitted == 0 {
		rest := head[k1:]
		k2 := suffixWithin(rest, left)
		keptTail = rest[len(rest)-k2:]
		dropped = len(rest) - k2
	} else {
		k2 := suffixWithin(tail, left)
		keptTail = tail[len(tail)-k2:]
		dropped = len(head) - k1 + len(tail) - k2
	}
	if dropped == 0 {
		return f
	}
	f.Head = strings.Join(head[:k1], "")
	f.Tail = strings.Join(keptTail, "")
	f.Omitted += dropped
	return f
}

// splitLines splits s after each newline.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.SplitAfter(strings.TrimSuffix(s, "\n"), "\n")
}

func tokensOf(lines []string) int {
	var c counter
	for _, l := range lines {
		c.add(l)
	}
	return c.tokens()
}

// prefixWithin is how many lines from the start fit in budget tokens.
func prefixWithin(lines []string, budget int) int {
	var c counter
	for i, l := range lines {
		c.add(l)
		if c.tokens() > budget {
			return i
		}
	}
	return len(lines)
}

// suffixWithin is how many lines from the end fit in budget tokens.
func suffixWithin(lines []string, budget int) int {
	var c counter
	for i := len(lines) - 1; i >= 0; i-- {
		c.add(lines[i])
		if c.tokens() > budget {
			return len(lines) - 1 - i
		}
	}
	return len(lines)
}

// unit names what f's lines are.
func (f File) unit() string {
	if f.Dir {
		return "entries"
	}
	return "lines"
}

// Marker is the line that stands for the omitted lines.
func (f File) Marker() string {
	return fmt.Sprintf("[... %d %s left out ...]", f.Omitted, f.unit())
}

// Text is what is shown of f: Head, the marker when lines were left out,
// then Tail; it ends with a newline unless empty.
func (f File) Text() string {
	var b strings.Builder
	b.WriteString(f.Head)
	if b.Len() > 0 && !strings.HasSuffix(f.Head, "\n") {
		b.WriteString("\n")
	}
	if f.Omitted > 0 {
		b.WriteString(f.Marker() + "\n")
	}
	b.WriteString(f.Tail)
	if f.Tail != "" && !strings.HasSuffix(f.Tail, "\n") {
		b.WriteString("\n")
	}
	return b.String()
}

// Block is f as sent: its text between an opening line naming its path
// and a closing line.
func (f File) Block() string {
	kind := "file"
	if f.Dir {
		kind = "directory"
	}
	text := f.Text()
	if text == "" {
		text = "(empty)\n"
	}
	return fmt.Sprintf("<%s path=%q>\n%s</%s>\n", kind, f.Path, text, kind)
}

// Label names f for the list of attachments: its path, "(directory
// listing)", and how much was left out.
func (f File) Label() string {
	l := f.Path
	if f.Dir {
		l += " (directory listing"
		if f.Omitted > 0 {
			l += fmt.Sprintf(", %d of %d entries left out", f.Omitted, f.Lines)
		}
		return l + ")"
	}
	if f.Omitted > 0 {
		l += fmt.Sprintf(" (%d of %d lines left out)", f.Omitted, f.Lines)
	}
	return l
}
