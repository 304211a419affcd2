package engine

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// set -x traces the headers of compound commands as bash does, as they
// were written: `for NAME in WORDS` before each iteration, `case WORD
// in` before the case is matched. No handler sees them, so the rewrite, for
// code read after set -x was first turned on, adds \x00xtrace TEXT at the
// start of the loop's body, and a hook that expands to nothing and
// prints TEXT at the start of the case's word.

const builtinXtraceName = "\x00xtrace"

// traceText is a header to trace.
type traceText string

func (t traceText) hookValue(s *Engine, r *interp.Runner) (string, error) {
	s.printTrace(context.Background(), r, string(t))
	return "", nil
}

// printTrace prints text after PS4, if set -x is on.
func (s *Engine) printTrace(ctx context.Context, r *interp.Runner, text string) {
	if !s.xtraceOn() || s.tracingPS4.Load() > 0 {
		return
	}
	fmt.Fprint(interpunsafe.GetStreams(r).Stderr, s.tracePrefix(ctx, r)+text+"\n")
}

// builtinXtrace prints its argument as a traced header.
func builtinXtrace(ctx context.Context, c *call) error {
	c.sh().printTrace(ctx, c.R, FirstArg(c.Args))
	// The status stays that of what ran before it.
	interpunsafe.SetExit(c.R, *interpunsafe.LastExit(c.R))
	return errKeepStatus
}

// traceCompound adds the tracing of n's header, when set -x has been on.
func (s *Engine) traceCompound(n syntax.Node) {
	if !s.xtraceEver.Load() {
		return
	}
	switch n := n.(type) {
	case *syntax.ForClause:
		wi, ok := n.Loop.(*syntax.WordIter)
		if !ok || n.Select || len(n.Do) > 0 && isXtraceStmt(n.Do[0]) {
			// (bash traces select before its menu.)
			return
		}
		head := "for " + wi.Name.Value
		if wi.InPos.IsValid() {
			head += " in"
			for _, w := range wi.Items {
				head += " " + printNode(w)
			}
		} else {
			head += ` in "$@"`
		}
		pos := n.DoPos
		call := &syntax.CallExpr{Args: []*syntax.Word{LitWord(pos, sentinel+builtinXtraceName), QuotedWord(pos, head)}}
		n.Do = append([]*syntax.Stmt{{Position: pos, Cmd: call}}, n.Do...)
	case *syntax.CaseClause:
		if n.Word == nil || len(n.Word.Parts) == 0 || IsHookPart(n.Word.Parts[0]) {
			return
		}
		if lit, ok := n.Word.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
			// A part before it would keep the tilde from expanding.
			return
		}
		head := traceText("case " + printNode(n.Word) + " in")
		n.Word.Parts = append([]syntax.WordPart{s.hookSubst(n.Word.Pos(), head)}, n.Word.Parts...)
	}
}

func isXtraceStmt(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) > 0 && c.Args[0].Lit() == sentinel+builtinXtraceName
}

// printNode prints a node as written.
func printNode(n syntax.Node) string {
	var b bytes.Buffer
	syntax.NewPrinter().Print(&b, n)
	return strings.TrimRight(b.String(), "\n")
}

// mentionsXtrace reports whether line may turn set -x on.
func mentionsXtrace(line string) bool {
	return strings.Contains(line, "xtrace") || mentionsSetX(line)
}

// mentionsSetX reports whether line holds set -x (or -ex, -xv …): the
// word set, blanks, then a run of option letters that has an x, as the
// regular expression \bset\s+-[A-Za-z]*x would find, without keeping
// a compiled expression in a package variable.
func mentionsSetX(line string) bool {
	for i := 0; ; {
		j := strings.Index(line[i:], "set")
		if j < 0 {
			return false
		}
		i += j
		start := i
		i += len("set")
		if start > 0 && isWordByte(line[start-1]) {
			continue
		}
		k := i
		for k < len(line) && strings.IndexByte(" \t\n\f\r", line[k]) >= 0 {
			k++
		}
		if k == i || k >= len(line) || line[k] != '-' {
			continue
		}
		for k++; k < len(line) && ('a' <= line[k] && line[k] <= 'z' || 'A' <= line[k] && line[k] <= 'Z'); k++ {
			if line[k] == 'x' {
				return true
			}
		}
	}
}

// isWordByte reports whether b is a word character of a regular
// expression's \b: an ASCII letter, digit or underscore.
func isWordByte(b byte) bool {
	return b == '_' || '0' <= b && b <= '9' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z'
}
