package complete

import (
	"bufio"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// completeMake completes the targets of the makefile make would read
// (honouring -C DIR and -f FILE already typed).
func completeMake(_ context.Context, a *Args) ([]Candidate, bool) {
	cur := a.Current
	prev := a.Words[len(a.Words)-1]
	if strings.HasPrefix(cur, "-") || strings.Contains(cur, "=") ||
		prev == "-f" || prev == "-C" || prev == "-I" || prev == "-o" || prev == "-W" || prev == "--file" || prev == "--directory" {
		return nil, false
	}
	dir, file := a.c.resolve(""), ""
	for i := 1; i < len(a.Words); i++ {
		w, next := a.Words[i], ""
		if i+1 < len(a.Words) {
			next = a.Words[i+1]
		}
		switch {
		case w == "-C" || w == "--directory":
			dir = filepath.Join(dir, next)
			i++
		case strings.HasPrefix(w, "--directory="):
			dir = filepath.Join(dir, strings.TrimPrefix(w, "--directory="))
		case strings.HasPrefix(w, "-C"):
			dir = filepath.Join(dir, w[2:])
		case w == "-f" || w == "--file" || w == "--makefile":
			file = next
			i++
		case strings.HasPrefix(w, "--file="):
			file = strings.TrimPrefix(w, "--file=")
		}
	}
	if file == "" {
		for _, name := range []string{"GNUmakefile", "makefile", "Makefile"} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				file = name
				break
			}
		}
	}
	if file == "" {
		return nil, false
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	return makeTargets(f), true
}

// makeTargets reads the explicit targets of a makefile: "name: deps"
// lines outside recipes, without patterns, variables or special targets
// (.PHONY). A "## text" comment on the line is the description.
func makeTargets(r io.Reader) []Candidate {
	var out []Candidate
	seen := make(map[string]bool)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "\t") || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		desc := ""
		if i := strings.Index(line, "##"); i >= 0 {
			line, desc = line[:i], strings.TrimSpace(line[i+2:])
		} else if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		colon := strings.IndexByte(line, ':')
		if colon <= 0 || strings.ContainsAny(line[:colon], "=$%") || strings.HasPrefix(line[colon:], ":=") || strings.HasPrefix(line[colon:], "::=") {
			continue
		}
		for _, name := range strings.Fields(line[:colon]) {
			if strings.HasPrefix(name, ".") || seen[name] {
				continue
			}
			seen[name] = true
			out = append(out, Candidate{Value: name, Description: desc, Tag: "targets"})
		}
	}
	return out
}
