package rewrite

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"
)

// HdocQuotedDelim reports whether a here-document's delimiter is quoted,
// which makes its body literal.
func HdocQuotedDelim(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.Contains(p.Value, `\`) {
				return true
			}
		case *syntax.SglQuoted, *syntax.DblQuoted:
			return true
		}
	}
	return false
}

// IsBareExec reports whether args are `exec` alone (or `command exec`,
// `builtin exec`), whose redirections stay for the rest of the shell.
func IsBareExec(args []*syntax.Word) bool {
	switch len(args) {
	case 1:
		return args[0].Lit() == "exec"
	case 2:
		first := args[0].Lit()
		return (first == "command" || first == "builtin") && args[1].Lit() == "exec"
	}
	return false
}

// RunsExec reports whether cmd is exec with a command (exec cat <<EOF):
// nosh makes its here-documents, whole before the process is replaced,
// where interp writes them from a goroutine that exec would cut short.
func RunsExec(cmd syntax.Command) bool {
	call, ok := cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	first := call.Args[0].Lit()
	return first == "exec" || (first == "command" || first == "builtin") && call.Args[1].Lit() == "exec"
}

// OnlyStdinHeredocs reports whether every redirection is a here-document
// on standard input, which interp performs as a shell does.
func OnlyStdinHeredocs(redirs []*syntax.Redirect) bool {
	for _, rd := range redirs {
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
		default:
			return false
		}
		if rd.N != nil && rd.N.Value != "0" {
			return false
		}
		if HdocQuotedDelim(rd.Word) && rd.Hdoc != nil && rd.Hdoc.Lit() == "" && len(rd.Hdoc.Parts) > 0 {
			// A partly quoted delimiter (<<'E'OF) leaves the parser
			// expanding the body, which interp then does.
			return false
		}
	}
	return true
}

// IsCatShortcut reports whether st is a lone `<file`, which interp reads
// directly in $(<file).
func IsCatShortcut(st *syntax.Stmt) bool {
	return st.Cmd == nil && len(st.Redirs) == 1 && st.Redirs[0].Op == syntax.RdrIn && st.Redirs[0].N == nil
}

// IsDigits reports whether s is a non-empty run of decimal digits.
func IsDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// QuotePattern escapes the pattern characters of quoted text, the i-th
// part of a pattern word, and a ~ that would start the word (a quoted ~
// is not a tilde expansion).
func QuotePattern(text string, i int) string {
	q := pattern.QuoteMeta(text, 0)
	if i == 0 && strings.HasPrefix(q, "~") {
		q = `\` + q
	}
	return q
}

// DquoteLiteral returns the text of a double-quoted part without
// expansions, with its backslash escapes removed.
func DquoteLiteral(dq *syntax.DblQuoted) (string, bool) {
	var b strings.Builder
	for _, p := range dq.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			return "", false
		}
		s := lit.Value
		for i := 0; i < len(s); i++ {
			if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\\$`\"\n", s[i+1]) >= 0 {
				i++
				if s[i] == '\n' {
					continue
				}
			}
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// QuotedBraces fixes the word of a ${x:-word} inside double
// quotes: single quotes are characters, not quotes. (Its escapes, \}
// among them, are LiteralWords' (escapes.go).)
func QuotedBraces(dq *syntax.DblQuoted) {
	for _, p := range dq.Parts {
		pe, ok := p.(*syntax.ParamExp)
		if !ok || pe.Exp == nil || pe.Exp.Word == nil {
			continue
		}
		for i, wp := range pe.Exp.Word.Parts {
			// Single quotes do not quote inside double quotes, but in a
			// pattern they still do.
			if sq, ok := wp.(*syntax.SglQuoted); ok && !sq.Dollar && WholeListOp(pe) {
				pe.Exp.Word.Parts[i] = &syntax.Lit{ValuePos: sq.Left, ValueEnd: sq.Right, Value: "'" + sq.Value + "'"}
			}
		}
	}
}

// AssignTilde expands ~ after a : in an assignment (PATH=~/a:~/b),
// which interp does not do, and a leading ~ ended by a : (t=~:x), which
// interp takes for ~user: each such ~ becomes $HOME. Escapes are quoted
// parts by now (LiteralWords, escapes.go), so an escaped : or ~ is not in a
// Lit.
func AssignTilde(as *syntax.Assign) {
	if as.Value == nil || len(as.Value.Parts) == 0 {
		return
	}
	var parts []syntax.WordPart
	changed := false
	for n, p := range as.Value.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			parts = append(parts, p)
			continue
		}
		split := tildesAfterColons(lit.Value, n == 0, n == len(as.Value.Parts)-1)
		if split == nil {
			parts = append(parts, p)
			continue
		}
		parts = append(parts, split...)
		changed = true
	}
	if changed {
		as.Value.Parts = parts
	}
}

// tildesAfterColons splits the literal s of an assignment value at each ~
// to expand, or returns nil if there is none. A ~ is expanded when it
// starts a segment (after a :, or at the start of the value) and is
// followed by /, : or the end of the value.
func tildesAfterColons(s string, first, last bool) []syntax.WordPart {
	home := func() syntax.WordPart { return &syntax.ParamExp{Param: &syntax.Lit{Value: "HOME"}} }
	var parts []syntax.WordPart
	expanded := false
	if first && strings.HasPrefix(s, "~:") {
		// interp expands a leading ~ only when a / or the end follows.
		parts = append(parts, home())
		s = s[1:]
		expanded = true
	}
	for {
		i := strings.Index(s, ":~")
		if i < 0 {
			break
		}
		after := s[i+2:]
		if after != "" && after[0] != '/' && after[0] != ':' || after == "" && !last {
			parts = append(parts, &syntax.Lit{Value: s[:i+2]})
			s = after
			continue
		}
		parts = append(parts, &syntax.Lit{Value: s[:i+1]}, home())
		s = after
		expanded = true
	}
	if !expanded {
		return nil
	}
	return append(parts, &syntax.Lit{Value: s})
}

// ArithmLineno makes a bare LINENO in arithmetic the line it is
// on, as $LINENO is elsewhere.
func ArithmLineno(x syntax.ArithmExpr) {
	if x == nil {
		return
	}
	syntax.Walk(x, func(n syntax.Node) bool {
		if w, ok := n.(*syntax.Word); ok && len(w.Parts) == 1 {
			if lit, ok := w.Parts[0].(*syntax.Lit); ok && lit.Value == "LINENO" {
				lit.Value = strconv.Itoa(int(lit.ValuePos.Line()))
			}
		}
		return true
	})
}

// WholeListOp reports whether pe applies an operator to the list as a
// whole (${@:-word}), which makes it a single value.
func WholeListOp(pe *syntax.ParamExp) bool {
	if pe.Exp == nil {
		return false
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull,
		syntax.AssignUnset, syntax.AssignUnsetOrNull, syntax.ErrorUnset, syntax.ErrorUnsetOrNull:
		return true
	}
	return false
}
