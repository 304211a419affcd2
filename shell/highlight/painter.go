package highlight

import (
	"errors"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/config/dialect"
)

// painter assigns a class to every byte of one line.
type painter struct {
	h   *Highlighter
	src string
	cls []Class

	cmds    []cmdWord // command names, painted after the walk
	errs    [][2]int  // error marks, painted last
	dangers [][2]int  // dangerous statements
}

// cmdWord is a command-name word; name is its unquoted text when the
// word is static (no expansions), for the Resolver.
type cmdWord struct {
	start, end int
	name       string
	static     bool
}

// maxDepth bounds how often the painter splits the line around parse
// errors and parses the pieces again.
const maxDepth = 4

func (p *painter) paint(from, to int, c Class) {
	from, to = max(from, 0), min(to, len(p.cls))
	for i := from; i < to; i++ {
		p.cls[i] = c
	}
}

// source parses src[from:to] as a program of its own and paints it. On a
// parse error it tries closing an incomplete construct; failing that it
// paints the part before the error, marks the token where the error is,
// and carries on after it.
func (p *painter) source(from, to, depth int) {
	text := p.src[from:to]
	f, err := p.parse(text)
	if err == nil {
		p.file(f, from, to)
		return
	}
	pos, incomplete, ok := errorPos(err)
	if !ok {
		if f != nil {
			p.file(f, from, to)
		}
		return
	}
	at := from + clampOffset(pos, len(text))
	for _, closer := range closers(err, text, incomplete) {
		if f2, err2 := p.parse(text + closer); err2 == nil {
			p.file(f2, from, to)
			p.markToken(at, to)
			return
		}
	}
	if depth >= maxDepth {
		if f != nil {
			p.file(f, from, to)
		}
		p.markToken(at, to)
		return
	}
	if at > from {
		p.source(from, at, depth+1)
	}
	if next := p.markToken(at, to); next < to {
		p.source(next, to, depth+1)
	}
}

func (p *painter) parse(text string) (*syntax.File, error) {
	// A parser is reused (one at a time): making one was two fifths of
	// the bytes a key's colouring allocated.
	pp, _ := p.h.parsers.Get().(*pooledParser)
	if pp == nil || pp.dialect != p.h.Dialect {
		pp = &pooledParser{p.h.Dialect, p.h.Dialect.NewParser(syntax.RecoverErrors(5), syntax.KeepComments(true))}
	}
	defer p.h.parsers.Put(pp)
	return pp.parser.Parse(strings.NewReader(text), "")
}

// pooledParser is a parser kept for the next line, and the dialect it
// parses.
type pooledParser struct {
	dialect dialect.Dialect
	parser  *syntax.Parser
}

// errorPos returns where a parse error is, relative to the parsed text.
func errorPos(err error) (pos syntax.Pos, incomplete, ok bool) {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return pe.Pos, pe.Incomplete, true
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return le.Pos, false, true
	}
	return syntax.Pos{}, false, false
}

func clampOffset(pos syntax.Pos, n int) int {
	if !pos.IsValid() || pos.IsRecovered() {
		return n
	}
	return min(int(pos.Offset()), n)
}

// closers are texts which, appended to an incomplete program, may let it
// parse, so that the part already typed can be coloured normally.
func closers(err error, text string, incomplete bool) []string {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		if delim, ok := strings.CutPrefix(pe.Text, "unclosed here-document `"); ok {
			delim = strings.TrimSuffix(delim, "`")
			if strings.HasSuffix(text, "\n") {
				return []string{delim + "\n"}
			}
			return []string{"\n" + delim + "\n"}
		}
	}
	if !incomplete {
		return nil
	}
	return []string{" ]]", "))", "0))", "0)))", " ]]))"}
}

// markToken records an error mark on the token starting at at, and
// returns where the token ends.
func (p *painter) markToken(at, to int) int {
	if at >= to {
		return to
	}
	j := at
	if isPunct(p.src[j]) {
		for j < to && isPunct(p.src[j]) {
			j++
		}
	} else {
		for j < to && !isPunct(p.src[j]) && !isBlank(p.src[j]) {
			j++
		}
	}
	if j == at {
		j = at + 1
	}
	p.errs = append(p.errs, [2]int{at, j})
	return j
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func isPunct(b byte) bool { return strings.IndexByte(";&|()<>{}[]$!`\"'*?#", b) >= 0 }

// finish paints what must win over the walk: command names, dangerous
// statements, then error marks.
func (p *painter) finish() {
	for _, w := range p.cmds {
		if !w.static {
			continue
		}
		kind := KindUnknown
		if p.h.Resolver != nil {
			kind = p.h.Resolver.Kind(w.name)
		}
		p.paint(w.start, w.end, kind.class())
	}
	for _, d := range p.dangers {
		p.paint(d[0], d[1], Danger)
	}
	for _, e := range p.errs {
		p.paint(e[0], e[1], Error)
	}
}
