package engine

import (
	"context"
	"fmt"
	"maps"
	"nosh/shell/internal/interpunsafe"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The declaration builtins: declare, typeset, local, export, readonly.
// interp parses them as declarations and runs them itself; nosh takes
// over what it lacks: their listing forms, `local name` without a value,
// and the builtins run as commands.

// Private builtins of the declaration rewrite.
const (
	builtinDeclName  = "\x00decl"
	builtinLocalName = "\x00local"
)

// declStash is a declare, export, readonly, local or typeset that only
// queries.
type declStash struct {
	variant string
	flags   string
	names   []string
}

// rewriteDecl hands the query forms of the declaration builtins (no
// assignments; -p, -f, -F or nothing) to \x00decl, and makes a bare
// `local name` leave name unset, as in bash.
func (s *Engine) rewriteDecl(st *syntax.Stmt, dc *syntax.DeclClause) {
	splitDeclFlags(dc)
	if s.refuseVariantFlags(st, dc) || s.rewriteDeclAttrs(st, dc) || s.guardDeclFlags(st, dc) {
		return
	}
	if dc.Variant.Value == "export" && declHasFlag(dc, 'n') {
		call := SentinelCall(st.Position, builtinUnexportName, "")
		s.StashArg(call, dc)
		st.Cmd = call
		return
	}
	var flags string
	var names []string
	for _, as := range dc.Args {
		switch {
		case as.Name == nil && as.Naked && as.Value != nil && isFlagWord(as.Value.Lit()):
			flags += as.Value.Lit()[1:]
		case as.Name != nil && as.Naked && as.Index == nil:
			names = append(names, as.Name.Value)
		default:
			return
		}
	}
	variant := dc.Variant.Value
	if strings.ContainsAny(flags, "pfF") || (len(names) == 0 && variant != "local") {
		call := SentinelCall(st.Position, builtinDeclName, "")
		s.StashArg(call, &declStash{variant: variant, flags: flags, names: names})
		st.Cmd = call
		return
	}
	if variant == "local" && len(names) > 0 && !strings.ContainsAny(flags, "aAn") {
		call := SentinelCall(st.Position, builtinLocalName, "")
		s.StashArg(call, &localStash{decl: dc, names: names})
		st.Cmd = call
	}
}

// localStash is a `local` with names declared without a value.
type localStash struct {
	decl  *syntax.DeclClause
	names []string
}

// builtinLocal runs a local declaration and leaves the names it declared
// without a value unset in the function, as bash does (interp keeps the
// value they had outside).
func builtinLocal(ctx context.Context, c *call) error {
	ls, ok := c.sh().stash.get(FirstArg(c.Args)).(*localStash)
	if !ok {
		return fmt.Errorf("nosh: lost local %q", c.Args)
	}
	interpunsafe.SetExit(c.R, interpunsafe.Status{})
	interpunsafe.Cmd(c.R, ctx, ls.decl)
	// shopt localvar_inherit keeps the value, as interp does.
	if interpunsafe.Exit(c.R).Code == 0 && !c.sh().host.ShoptOn("localvar_inherit") {
		for _, name := range ls.names {
			if vr := interpunsafe.LookupVar(c.R, name); vr.Local && !vr.ReadOnly {
				interpunsafe.DelVar(c.R, name)
			}
		}
	}
	return errKeepStatus
}

// declHasFlag reports whether a declaration has option f (-f, -xf).
func declHasFlag(dc *syntax.DeclClause, f byte) bool {
	for _, as := range dc.Args {
		if as.Name == nil && as.Naked && as.Value != nil {
			if w := as.Value.Lit(); len(w) > 1 && w[0] == '-' && strings.IndexByte(w[1:], f) >= 0 {
				return true
			}
		}
	}
	return false
}

const builtinUnexportName = "\x00unexport"

// builtinUnexport is export -n: the names stay, no longer exported (and
// take the value given, if any). interp reads -n as a name reference.
func builtinUnexport(ctx context.Context, c *call) error {
	dc, ok := c.sh().stash.get(FirstArg(c.Args)).(*syntax.DeclClause)
	if !ok {
		return fmt.Errorf("nosh: lost export %q", c.Args)
	}
	c.Name = "export"
	if declHasFlag(dc, 'f') {
		return c.setFuncAttrs(declNames(dc), false, false, true)
	}
	status := 0
	for _, as := range dc.Args {
		if as.Name == nil {
			continue
		}
		name := as.Name.Value
		vr := interpunsafe.LookupVar(c.R, name)
		if as.Value != nil {
			v, err := expand.Literal(interpunsafe.ExpandConfig(c.R), as.Value)
			if err != nil {
				return c.errorf(1, "%v", err)
			}
			if vr.ReadOnly {
				fmt.Fprintf(c.Stderr, "%s: %s: readonly variable\n", c.sh().name(), name)
				status = 1
				continue
			}
			vr.Kind, vr.Str, vr.Set = expand.String, v, true
		} else if !vr.IsSet() && vr.Kind == expand.Unknown {
			continue
		}
		vr.Exported = false
		interpunsafe.SetVar(c.R, name, vr)
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// splitDeclFlags writes each option of a declaration as a word of its
// own (-xr as -x -r): interp reads only the first letter of a word.
func splitDeclFlags(dc *syntax.DeclClause) {
	split := false
	for _, as := range dc.Args {
		if as.Name == nil && as.Naked && as.Value != nil {
			if w := as.Value.Lit(); isFlagWord(w) && len(w) > 2 {
				split = true
				break
			}
		}
	}
	if !split {
		return
	}
	args := make([]*syntax.Assign, 0, len(dc.Args)+2)
	for _, as := range dc.Args {
		w := ""
		if as.Name == nil && as.Naked && as.Value != nil {
			w = as.Value.Lit()
		}
		if !isFlagWord(w) || len(w) <= 2 {
			args = append(args, as)
			continue
		}
		for i := 1; i < len(w); i++ {
			args = append(args, &syntax.Assign{Naked: true, Value: LitWord(as.Value.Pos(), w[:1]+w[i:i+1])})
		}
	}
	dc.Args = args
}

func isFlagWord(s string) bool {
	return len(s) > 1 && (s[0] == '-' || s[0] == '+')
}

func LitWord(pos syntax.Pos, s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
}

// builtinDecl lists variables or functions for a rewritten declaration
// builtin.
func builtinDecl(ctx context.Context, c *call) error {
	ds, ok := c.sh().stash.get(FirstArg(c.Args)).(*declStash)
	if !ok {
		return fmt.Errorf("nosh: lost declaration %q", c.Args)
	}
	c.Name = ds.variant
	r := c.R
	has := func(f byte) bool { return strings.IndexByte(ds.flags, f) >= 0 }
	var out strings.Builder
	status := 0
	if has('f') && (ds.variant == "export" || ds.variant == "readonly" || has('r') || has('x')) {
		return c.setFuncAttrs(ds.names, ds.variant == "readonly" || has('r'), ds.variant == "export" || has('x'), false)
	}
	switch {
	case has('F') || has('f'):
		names := ds.names
		if len(names) == 0 {
			names = slices.Sorted(maps.Keys(r.Funcs))
		}
		for _, name := range names {
			body := r.Funcs[name]
			if body == nil {
				status = 1
				continue
			}
			if has('F') && len(ds.names) > 0 {
				out.WriteString(name + "\n")
			} else if has('F') {
				out.WriteString("declare -" + c.sh().funcAttrs(r, name) + " " + name + "\n")
			} else {
				out.WriteString(c.sh().FormatFunction(name, body))
			}
		}
	default:
		vars := c.sh().host.ShellVars(r)
		want := func(vr expand.Variable) bool {
			switch {
			case ds.variant == "export" || has('x'):
				return vr.Exported
			case ds.variant == "readonly" || has('r'):
				return vr.ReadOnly
			case has('a'):
				return vr.Kind == expand.Indexed
			case has('A'):
				return vr.Kind == expand.Associative
			}
			return true
		}
		if len(ds.names) > 0 {
			for _, name := range ds.names {
				vr, ok := vars[name]
				if !ok {
					fmt.Fprintf(c.Stderr, "%s: %s: %s: not found\n", c.sh().name(), ds.variant, name)
					status = 1
					continue
				}
				out.WriteString(DeclAttrFlags(c.sh().host.DeclLine(name, vr), VarAttrs(r, name)))
			}
			break
		}
		if !has('p') && (ds.variant == "declare" || ds.variant == "typeset") && ds.flags == "" {
			c.listVars()
			return nil
		}
		for _, name := range slices.Sorted(maps.Keys(vars)) {
			if vr := vars[name]; want(vr) {
				out.WriteString(DeclAttrFlags(c.sh().host.DeclLine(name, vr), VarAttrs(r, name)))
			}
		}
	}
	if err := c.writeOut(out.String()); err != nil {
		return err
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// builtinDeclCmd runs export, readonly, declare, typeset and local when
// they are reached as commands rather than parsed as declarations: after
// an assignment (x=1 export y), through `command` or `builtin`, or from an
// expansion. Each argument becomes a declaration argument as written.
func builtinDeclCmd(ctx context.Context, c *call) error {
	dc := &syntax.DeclClause{Variant: &syntax.Lit{Value: c.Name}}
	for _, a := range c.Args {
		name, val, hasValue := strings.Cut(a, "=")
		switch {
		case !hasValue && isFlagWord(a):
			dc.Args = append(dc.Args, &syntax.Assign{Naked: true, Value: LitWord(syntax.Pos{}, a)})
		case !hasValue:
			if !syntax.ValidName(a) {
				return c.errorf(1, "`%s': not a valid identifier", a)
			}
			dc.Args = append(dc.Args, &syntax.Assign{Naked: true, Name: &syntax.Lit{Value: a}})
		default:
			as := &syntax.Assign{Value: &syntax.Word{Parts: []syntax.WordPart{&syntax.SglQuoted{Value: val}}}}
			if n, ok := strings.CutSuffix(name, "+"); ok {
				as.Append = true
				name = n
			}
			if !syntax.ValidName(name) {
				return c.errorf(1, "`%s': not a valid identifier", a)
			}
			as.Name = &syntax.Lit{Value: name}
			dc.Args = append(dc.Args, as)
		}
	}
	st := &syntax.Stmt{Cmd: dc}
	c.sh().rewrite(st)
	interpunsafe.SetExit(c.R, interpunsafe.Status{})
	interpunsafe.Cmd(c.R, ctx, st.Cmd)
	return errKeepStatus
}

// QuotedWord is a word that expands to s as it is.
func QuotedWord(pos syntax.Pos, s string) *syntax.Word {
	w := &syntax.Word{}
	for i, part := range strings.Split(s, "'") {
		if i > 0 {
			w.Parts = append(w.Parts, &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: `\'`})
		}
		w.Parts = append(w.Parts, &syntax.SglQuoted{Left: pos, Right: pos, Value: part})
	}
	return w
}
