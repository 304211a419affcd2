package fields

import (
	"fmt"
	"nosh/shell/internal/rewrite"
	"os/user"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/pattern"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/patterns"
)

// Field expansion as POSIX defines it. interp splits every IFS character
// like white space (so IFS=: loses empty fields), does not split
// arithmetic results, loses the quoting inside ${u:-"a b"}, and joins
// "x$@y" into one field. nosh expands the arguments of such commands
// itself: the values of parameters, commands and arithmetic still come
// from interp's expand package, one word part at a time; nosh does the
// splitting, the quote tracking and the choice of what to glob.

// fieldPart is a piece of a field being built.
type fieldPart struct {
	val    string
	quoted bool // not subject to pathname expansion
}

// fieldBuilder accumulates the fields of one word.
type fieldBuilder struct {
	ifs     string
	fields  [][]fieldPart
	cur     []fieldPart
	started bool // cur is a field even if empty (it has a quoted part)
}

func (b *fieldBuilder) isIFS(c byte) bool { return strings.IndexByte(b.ifs, c) >= 0 }

func isIFSSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' }

// literal adds text that is part of the word itself.
func (b *fieldBuilder) literal(s string, quoted bool) {
	b.cur = append(b.cur, fieldPart{val: s, quoted: quoted})
	if quoted || s != "" {
		b.started = true
	}
}

// flush ends the current field.
func (b *fieldBuilder) flush() {
	b.fields = append(b.fields, b.cur)
	b.cur = nil
	b.started = false
}

// split adds the result of an unquoted expansion, splitting it on IFS:
// white space delimits (ignored at the edges), each other IFS character
// with the white space around it delimits one field, so two in a row
// delimit an empty field.
func (b *fieldBuilder) split(val string) {
	if b.ifs == "" {
		b.literal(val, false)
		return
	}
	start := 0
	for i := 0; i < len(val); {
		if !b.isIFS(val[i]) {
			i++
			continue
		}
		if i > start {
			b.literal(val[start:i], false)
		}
		j := i
		for j < len(val) && b.isIFS(val[j]) && isIFSSpace(val[j]) {
			j++
		}
		hard := false
		if j < len(val) && b.isIFS(val[j]) && !isIFSSpace(val[j]) {
			hard = true
			j++
			for j < len(val) && b.isIFS(val[j]) && isIFSSpace(val[j]) {
				j++
			}
		}
		if hard || b.started {
			b.flush()
		}
		i, start = j, j
	}
	if start < len(val) {
		b.literal(val[start:], false)
	}
}

// fieldExpander expands words in one runner.
type fieldExpander struct {
	sh  Shell
	r   *interp.Runner
	cfg *expand.Config
}

// Expand expands words as the arguments of a simple command in r: brace
// expansion (when braces is set), tilde expansion, parameter, command and
// arithmetic expansion, field splitting, pathname expansion and quote
// removal.
func Expand(sh Shell, r *interp.Runner, words []*syntax.Word, braces bool) ([]string, error) {
	// Most words make one field each: one allocation of the result.
	out := make([]string, 0, len(words))
	var e *fieldExpander // only for the words that take the long way
	ifs, ifsRead := "", false
	for _, w := range words {
		// The common words of a loop ([ $i -lt 10 ]) take the short way:
		// a plain literal, or a plain variable whose value neither splits
		// nor globs, is its own single field.
		if v, ok := plainLiteral(w); ok {
			out = append(out, v)
			continue
		}
		if name, ok := plainVar(w); ok {
			if vr := interpunsafe.LookupVar(r, name); vr.IsSet() && vr.Kind == expand.String {
				if !ifsRead {
					ifs, ifsRead = ifsOf(r), true
				}
				if !strings.ContainsAny(vr.Str, ifs) && !strings.ContainsAny(vr.Str, "*?[(\\") {
					if vr.Str != "" {
						out = append(out, vr.Str)
					}
					continue
				}
			}
		}
		if e == nil {
			e = &fieldExpander{sh: sh, r: r, cfg: interpunsafe.ExpandConfig(r)}
		}
		expanded := []*syntax.Word{w}
		if braces {
			wc := *w
			if syntax.SplitBraces(&wc) {
				expanded = nil
				for bw, err := range expand.BracesSeq(e.cfg, &wc) {
					if err != nil {
						return nil, err
					}
					expanded = append(expanded, joinLits(bw))
				}
			}
		}
		for _, bw := range expanded {
			fields, err := e.word(bw)
			if err != nil {
				return nil, err
			}
			for _, f := range fields {
				globbed, err := e.glob(f)
				if err != nil {
					return nil, err
				}
				out = append(out, globbed...)
			}
		}
	}
	return out, nil
}

// joinLits merges the adjacent literal parts brace expansion leaves, so
// that a ~ before the braces (~{,/x}) starts a tilde prefix.
func joinLits(w *syntax.Word) *syntax.Word {
	var parts []syntax.WordPart
	for _, p := range w.Parts {
		if lit, ok := p.(*syntax.Lit); ok && len(parts) > 0 {
			if prev, ok := parts[len(parts)-1].(*syntax.Lit); ok {
				parts[len(parts)-1] = &syntax.Lit{ValuePos: prev.ValuePos, ValueEnd: lit.ValueEnd, Value: prev.Value + lit.Value}
				continue
			}
		}
		parts = append(parts, p)
	}
	return &syntax.Word{Parts: parts}
}

// plainLiteral returns the value of a word that is one literal with
// nothing to expand, unquote or glob.
func plainLiteral(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok || lit.Value == "" || lit.Value[0] == '~' {
		return "", false
	}
	v := lit.Value
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\', '*', '?', '{', '(':
			return "", false
		case '[':
			// A [ with no ] after it is no bracket expression: bash
			// keeps it as it is even with nullglob or failglob, and [
			// is the name of a command run in every loop.
			if strings.IndexByte(v[i:], ']') >= 0 {
				return "", false
			}
		case '=':
			if AssignmentTilde(v) {
				return "", false
			}
		}
	}
	return v, true
}

// plainVar returns the name in a word that is only $name or ${name}.
func plainVar(w *syntax.Word) (string, bool) {
	if len(w.Parts) != 1 {
		return "", false
	}
	pe, ok := w.Parts[0].(*syntax.ParamExp)
	if !ok || pe.Param == nil || !IsPlainParam(pe) || !syntax.ValidName(pe.Param.Value) {
		return "", false
	}
	return pe.Param.Value, true
}

func (e *fieldExpander) ifs() string { return ifsOf(e.r) }

// ifsOf is $IFS in r, its default when unset.
func ifsOf(r *interp.Runner) string {
	if v := interpunsafe.LookupVar(r, "IFS"); v.IsSet() {
		return v.String()
	}
	return " \t\n"
}

// word splits one (brace-expanded) word into fields.
func (e *fieldExpander) word(w *syntax.Word) ([][]fieldPart, error) {
	b := &fieldBuilder{ifs: e.ifs()}
	parts := w.Parts
	if len(parts) > 0 {
		if lit, ok := parts[0].(*syntax.Lit); ok {
			if AssignmentTilde(lit.Value) {
				e.assignmentLit(b, lit.Value, len(parts) > 1)
				parts = parts[1:]
			} else if prefix, rest, ok := e.tilde(lit.Value, len(parts) > 1); ok {
				b.literal(prefix, true)
				parts = append([]syntax.WordPart{&syntax.Lit{Value: rest}}, parts[1:]...)
			}
		}
	}
	if err := e.parts(b, parts, false); err != nil {
		return nil, err
	}
	if b.started {
		b.flush()
	}
	return b.fields, nil
}

// assignmentLit adds the literal start of an argument that looks like an
// assignment, expanding ~ after its = and after each :, as bash does.
func (e *fieldExpander) assignmentLit(b *fieldBuilder, s string, more bool) {
	eq := strings.IndexByte(s, '=')
	e.lit(b, s[:eq+1], false)
	segs := strings.Split(s[eq+1:], ":")
	for i, seg := range segs {
		if i > 0 {
			e.lit(b, ":", false)
		}
		last := i == len(segs)-1
		if prefix, rest, ok := e.tilde(seg, last && more); ok {
			b.literal(prefix, true)
			seg = rest
		}
		e.lit(b, seg, false)
	}
}

// parts adds word parts to b. inExp is set inside the word of ${x:-word},
// whose literal text is split like an expansion's.
func (e *fieldExpander) parts(b *fieldBuilder, parts []syntax.WordPart, inExp bool) error {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			e.lit(b, p.Value, inExp)
		case *syntax.SglQuoted:
			v, err := e.literal(p)
			if err != nil {
				return err
			}
			b.literal(v, true)
		case *syntax.DblQuoted:
			if err := e.dblQuoted(b, p); err != nil {
				return err
			}
		case *syntax.ParamExp:
			if err := e.paramExp(b, p); err != nil {
				return err
			}
		case *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst:
			v, err := e.literal(p)
			if err != nil {
				return err
			}
			b.split(v)
		case *syntax.ExtGlob:
			b.literal(p.Op.String()+p.Pattern.Value+")", false)
		default:
			v, err := e.literal(p)
			if err != nil {
				return err
			}
			b.split(v)
		}
	}
	return nil
}

// lit adds unquoted literal text: a backslash quotes the next character.
// Inside ${x:-word} the text is split like an expansion's result.
func (e *fieldExpander) lit(b *fieldBuilder, s string, inExp bool) {
	add := func(t string) {
		if inExp {
			b.split(t)
		} else {
			b.literal(t, false)
		}
	}
	for {
		i := strings.IndexByte(s, '\\')
		if i < 0 || i == len(s)-1 {
			break
		}
		add(s[:i])
		b.literal(s[i+1:i+2], true)
		s = s[i+2:]
	}
	add(s)
}

// literal expands one word part without splitting.
func (e *fieldExpander) literal(p syntax.WordPart) (string, error) {
	v, err := expand.Literal(e.cfg, &syntax.Word{Parts: []syntax.WordPart{p}})
	return v, e.badSubscript(p, err)
}

// badSubscript handles interp's error for an element before an indexed
// array's first (${a[-9]} of a shorter array) as bash does: it says
// "a: bad array subscript" and the element expands to nothing, the
// command still running.
func (e *fieldExpander) badSubscript(p syntax.WordPart, err error) error {
	if err == nil || err.Error() != "negative array index" {
		return err
	}
	if dq, ok := p.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		p = dq.Parts[0]
	}
	pe, ok := p.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Index == nil || pe.Excl || pe.Exp != nil || pe.Repl != nil {
		return err
	}
	fmt.Fprintf(interpunsafe.GetStreams(e.r).Stderr, "nosh: %s: bad array subscript\n", pe.Param.Value)
	return nil
}

// ListParam reports whether pe expands to a list of fields when quoted,
// as "$@" and "${a[@]}" do.
func ListParam(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || rewrite.WholeListOp(pe) {
		return false
	}
	if pe.Param.Value == "@" {
		return true
	}
	if lit, ok := pe.Index.(*syntax.Word); ok && lit.Lit() == "@" {
		return true
	}
	return false
}

// starParam reports whether pe is $* or ${a[*]}.
func starParam(pe *syntax.ParamExp) bool {
	if pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.IsSet || rewrite.WholeListOp(pe) {
		return false
	}
	if pe.Param.Value == "*" {
		return true
	}
	if lit, ok := pe.Index.(*syntax.Word); ok && lit.Lit() == "*" {
		return true
	}
	return false
}

// elems returns the elements of a list parameter, with any per-element
// operation applied, as quoted "${x[@]}" gives them.
func (e *fieldExpander) elems(pe *syntax.ParamExp) ([]string, error) {
	w := &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: []syntax.WordPart{pe}}}}
	return expand.Fields(e.cfg, w)
}

// LeadingDotPattern reports whether the literal s has a ? or [ that starts
// a pathname component (at the start of the word when first): interp's
// globbing lets those match a leading dot, which POSIX says only a dot
// may match, so nosh globs such words itself (dropLeadingDots).
func LeadingDotPattern(s string, first bool) bool {
	for i := 0; i < len(s); i++ {
		if (s[i] == '?' || s[i] == '[') && (i == 0 && first || i > 0 && s[i-1] == '/') {
			return true
		}
	}
	return false
}

// dropLeadingDots removes from the matches of the pattern in parts those
// where a component that the pattern starts with an unquoted ? or [
// matched a name starting with a dot. When none is left, the pattern is
// the one field, as for no match (or none with nullglob).
func dropLeadingDots(parts []fieldPart, matches []string, nullglob bool) []string {
	var comps []bool // per component: starts with an unquoted ? or [
	start := true
	for _, p := range parts {
		for i := 0; i < len(p.val); i++ {
			c := p.val[i]
			if start {
				comps = append(comps, !p.quoted && (c == '?' || c == '['))
				start = false
			}
			if c == '/' {
				start = true
			}
		}
	}
	if !slices.Contains(comps, true) {
		return matches
	}
	kept := matches[:0:0]
	for _, m := range matches {
		ok := true
		for i, name := range strings.Split(m, "/") {
			if i < len(comps) && comps[i] && strings.HasPrefix(name, ".") {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, m)
		}
	}
	if len(kept) == 0 && len(matches) > 0 && !nullglob {
		return []string{joinParts(parts)}
	}
	return kept
}

// dblQuoted adds a double-quoted part: no splitting, no globbing, but
// "$@" still makes one field per element.
func (e *fieldExpander) dblQuoted(b *fieldBuilder, dq *syntax.DblQuoted) error {
	if len(dq.Parts) == 0 {
		b.literal("", true)
		return nil
	}
	for _, p := range dq.Parts {
		if pe, ok := p.(*syntax.ParamExp); ok && NoshParam(pe) {
			if err := e.quotedNoshParam(b, pe); err != nil {
				return err
			}
			continue
		}
		if pe, ok := p.(*syntax.ParamExp); ok && ListParam(pe) {
			elems, err := e.elems(pe)
			if err != nil {
				return err
			}
			for i, el := range elems {
				if i > 0 {
					b.flush()
				}
				b.literal(el, true)
			}
			continue
		}
		dq := &syntax.DblQuoted{Parts: []syntax.WordPart{p}}
		v, err := expand.Literal(e.cfg, &syntax.Word{Parts: []syntax.WordPart{dq}})
		if err = e.badSubscript(dq, err); err != nil {
			return err
		}
		b.literal(v, true)
	}
	return nil
}

// quotedNoshParam adds a double-quoted expansion nosh computes: "$@"'s
// values stay separate fields.
func (e *fieldExpander) quotedNoshParam(b *fieldBuilder, pe *syntax.ParamExp) error {
	res, err := Param(e.sh, e.r, e.cfg, pe, true)
	if err != nil {
		return err
	}
	if res.word != nil {
		v, err := expand.Literal(e.cfg, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Parts: res.word.Parts}}})
		if err != nil {
			return err
		}
		b.literal(v, true)
		return nil
	}
	if res.list && !res.star {
		for i, el := range res.elems {
			if i > 0 {
				b.flush()
			}
			b.literal(el, true)
		}
		if len(res.elems) == 0 {
			// "$@" of nothing adds no field by itself.
			return nil
		}
		return nil
	}
	b.literal(res.Joined(e.ifs()), true)
	return nil
}

// paramExp adds an unquoted parameter expansion.
func (e *fieldExpander) paramExp(b *fieldBuilder, pe *syntax.ParamExp) error {
	if NoshParam(pe) {
		res, err := Param(e.sh, e.r, e.cfg, pe, false)
		if err != nil {
			return err
		}
		if res.word != nil {
			return e.wordOf(b, res.word.Parts)
		}
		for i, el := range res.elems {
			if i > 0 && (b.started || len(b.cur) > 0) {
				b.flush()
			}
			b.split(el)
		}
		return nil
	}
	if ListParam(pe) || starParam(pe) {
		// Each element is split on its own: they stay separate fields
		// even when IFS is empty.
		list := *pe
		if pe.Param.Value == "*" {
			list.Param = &syntax.Lit{Value: "@"}
		} else if starParam(pe) {
			list.Index = &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "@"}}}
		}
		elems, err := e.elems(&list)
		if err != nil {
			return err
		}
		for i, el := range elems {
			if i > 0 && (b.started || len(b.cur) > 0) {
				b.flush()
			}
			b.split(el)
		}
		return nil
	}
	if pe.Exp != nil && pe.Param != nil && !pe.Excl && !pe.Length && pe.Slice == nil && pe.Repl == nil && pe.Index == nil {
		switch pe.Exp.Op {
		case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
			// The word replacing the parameter keeps its own quoting.
			set, val, err := e.paramState(pe)
			if err != nil {
				return err
			}
			null := val == ""
			use := false
			switch pe.Exp.Op {
			case syntax.DefaultUnset:
				use = !set
			case syntax.DefaultUnsetOrNull:
				use = !set || null
			case syntax.AlternateUnset:
				use = set
			case syntax.AlternateUnsetOrNull:
				use = set && !null
			}
			isDefault := pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.DefaultUnsetOrNull
			if !use {
				if isDefault {
					b.split(val)
				}
				return nil
			}
			if pe.Exp.Word == nil {
				return nil
			}
			return e.wordOf(b, pe.Exp.Word.Parts)
		}
	}
	v, err := e.literal(pe)
	if err != nil {
		return err
	}
	b.split(v)
	return nil
}

// wordOf adds the word of an unquoted ${x:-word} that is used: it keeps
// its own quoting, and its literal text is split like an expansion's.
func (e *fieldExpander) wordOf(b *fieldBuilder, parts []syntax.WordPart) error {
	if len(parts) == 0 {
		return nil
	}
	if lit, ok := parts[0].(*syntax.Lit); ok {
		// The word starts a tilde prefix of its own: ${u-~}/x.
		if prefix, rest, ok := e.tilde(lit.Value, len(parts) > 1); ok {
			b.literal(prefix, true)
			parts = append([]syntax.WordPart{&syntax.Lit{Value: rest}}, parts[1:]...)
		}
	}
	return e.parts(b, parts, true)
}

// paramState returns whether pe's parameter is set, and its value.
func (e *fieldExpander) paramState(pe *syntax.ParamExp) (set bool, val string, err error) {
	probe := &syntax.ParamExp{Param: pe.Param, Exp: &syntax.Expansion{
		Op:   syntax.AlternateUnset,
		Word: &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{Value: "1"}}},
	}}
	s, err := e.literal(probe)
	if err != nil {
		return false, "", err
	}
	if s != "1" {
		return false, "", nil
	}
	val, err = e.literal(&syntax.ParamExp{Param: pe.Param})
	return true, val, err
}

// tilde expands a leading ~, ~user, ~+ or ~- of an unquoted word. more
// tells whether other word parts follow this literal.
func (e *fieldExpander) tilde(s string, more bool) (prefix, rest string, ok bool) {
	name, found := strings.CutPrefix(s, "~")
	if !found {
		return "", s, false
	}
	i := strings.IndexByte(name, '/')
	if i < 0 {
		if more {
			return "", s, false
		}
		i = len(name)
	}
	rest = name[i:]
	name = name[:i]
	var dir string
	switch name {
	case "":
		v := interpunsafe.LookupVar(e.r, "HOME")
		if !v.IsSet() {
			return "", s, false
		}
		dir = v.String()
	case "+":
		dir = interpunsafe.LookupVar(e.r, "PWD").String()
	case "-":
		v := interpunsafe.LookupVar(e.r, "OLDPWD")
		if !v.IsSet() {
			return "", s, false
		}
		dir = v.String()
	default:
		u, err := user.Lookup(name)
		if err != nil {
			return "", s, false
		}
		dir = u.HomeDir
	}
	return dir, rest, true
}

func joinParts(parts []fieldPart) string {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.val)
	}
	return b.String()
}

// glob performs pathname expansion on a field whose unquoted parts have
// pattern characters; otherwise the field is its text.
func (e *fieldExpander) glob(parts []fieldPart) ([]string, error) {
	extglob := *interpunsafe.Option(e.r, "extglob")
	if e.cfg.ReadDir2 == nil || !hasGlobMeta(parts, extglob) {
		return []string{joinParts(parts)}, nil
	}
	if extglob {
		if pat := globPattern(parts); patterns.HasExtGlob(pat) {
			return e.extGlob(parts, pat)
		}
	}
	// Hand the pattern to interp's globbing as a word whose quoted parts
	// stay quoted. A leading empty quote keeps it from tilde expansion;
	// braces and backslashes are quoted so that they stay literal.
	w := &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{}}}
	for _, p := range parts {
		if p.quoted {
			w.Parts = append(w.Parts, &syntax.SglQuoted{Value: p.val})
			continue
		}
		s := p.val
		for s != "" {
			i := strings.IndexAny(s, `{}\,`)
			if i < 0 {
				w.Parts = append(w.Parts, &syntax.Lit{Value: s})
				break
			}
			if i > 0 {
				w.Parts = append(w.Parts, &syntax.Lit{Value: s[:i]})
			}
			w.Parts = append(w.Parts, &syntax.SglQuoted{Value: s[i : i+1]})
			s = s[i+1:]
		}
	}
	cfg := e.cfg
	failglob := e.sh.ShoptOn("failglob")
	if failglob && !cfg.NullGlob {
		cfg = FreshConfig(cfg)
		cfg.NullGlob = true
	}
	matches, err := expand.Fields(cfg, w)
	if err == nil && !cfg.DotGlob {
		matches = dropLeadingDots(parts, matches, cfg.NullGlob)
	}
	if err == nil && failglob && len(matches) == 0 {
		// shopt failglob: bash abandons the command line.
		return nil, e.sh.Abort("no match: " + joinParts(parts))
	}
	return matches, err
}

// hasGlobMeta reports whether a field is a pattern: its unquoted parts
// have *, ? or a complete [...] (or, with extglob, an extended pattern).
func hasGlobMeta(parts []fieldPart, extglob bool) bool {
	candidate := false
	for _, p := range parts {
		if !p.quoted && (strings.ContainsAny(p.val, "*?[") || extglob && strings.Contains(p.val, "(")) {
			candidate = true
			break
		}
	}
	if !candidate {
		return false
	}
	var b strings.Builder
	for _, p := range parts {
		if p.quoted {
			b.WriteString(pattern.QuoteMeta(p.val, 0))
		} else {
			b.WriteString(p.val)
		}
	}
	pat := b.String()
	return pattern.HasMeta(pat, 0) || extglob && strings.ContainsAny(pat, "(")
}
