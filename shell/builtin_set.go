package shell

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Listing variables and functions: `set` alone, `export -p`,
// `readonly -p`, `declare -p`, `declare -f`, `declare -F`, and unset,
// which interp either does not do or prints in its own format.

// shellVars returns the variables visible in r, by name.
func shellVars(r *interp.Runner) map[string]expand.Variable {
	vars := map[string]expand.Variable{}
	expandConfig(r).Env.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr
		return true
	})
	for name, vr := range vars {
		// The environment lists each scope; what the runner sees wins.
		vr = runnerLookupVar(r, name)
		if !vr.Declared() || strings.ContainsRune(name, 0) || !syntax.ValidName(name) {
			delete(vars, name)
			continue
		}
		vars[name] = vr
	}
	return vars
}

func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// listVars prints every variable as `set` does: NAME=value, quoted so
// that the shell can read it back.
func (c *call) listVars() {
	vars := shellVars(c.r)
	var b strings.Builder
	for _, name := range sortedNames(vars) {
		vr := vars[name]
		switch vr.Kind {
		case expand.Indexed, expand.Associative:
			b.WriteString(name + "=" + arrayLiteral(vr) + "\n")
		default:
			if !vr.IsSet() {
				continue
			}
			b.WriteString(name + "=" + setQuote(vr.String()) + "\n")
		}
	}
	c.writeOut(b.String())
}

// setQuote quotes a value as bash's set listing does: as is when safe,
// in single quotes otherwise, $'…' with control characters.
func setQuote(s string) string {
	if s == "" {
		return "''"
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return bashQuote(s)
		}
	}
	if strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`~#=%,") {
		return shellSingleQuote(s)
	}
	return s
}

// declQuote quotes a value as declare -p does: in double quotes.
func declQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		if r == '"' || r == '\\' || r == '$' || r == '`' {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

// arrayLiteral prints an array as ([0]="a" [1]="b").
func arrayLiteral(vr expand.Variable) string {
	var b strings.Builder
	b.WriteByte('(')
	if vr.Kind == expand.Associative {
		for _, k := range sortedNames(vr.Map) {
			fmt.Fprintf(&b, "[%s]=%s ", k, declQuote(vr.Map[k]))
		}
	} else {
		for i, v := range vr.List {
			idx := i
			if vr.Indexes != nil {
				idx = vr.Indexes[i]
			}
			if i > 0 {
				b.WriteByte(' ')
			}
			fmt.Fprintf(&b, "[%d]=%s", idx, declQuote(v))
		}
	}
	b.WriteByte(')')
	return b.String()
}

// declFlags is the -x/-r/… attribute string of a variable for declare -p.
func declFlags(vr expand.Variable) string {
	f := ""
	switch vr.Kind {
	case expand.Indexed:
		f += "a"
	case expand.Associative:
		f += "A"
	case expand.NameRef:
		f += "n"
	}
	if vr.ReadOnly {
		f += "r"
	}
	if vr.Exported {
		f += "x"
	}
	if f == "" {
		return "--"
	}
	return "-" + f
}

// declLine prints one variable as declare -p does.
func declLine(name string, vr expand.Variable) string {
	line := "declare " + declFlags(vr) + " " + name
	switch {
	case vr.Kind == expand.Indexed || vr.Kind == expand.Associative:
		line += "=" + arrayLiteral(vr)
	case vr.IsSet():
		line += "=" + declQuote(vr.String())
	}
	return line + "\n"
}

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
func (s *Shell) rewriteDecl(st *syntax.Stmt, dc *syntax.DeclClause) {
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
		call := sentinelCall(st.Position, builtinDeclName, "")
		call.Args[1].Parts[0].(*syntax.Lit).Value = stashPut(call, &declStash{variant: variant, flags: flags, names: names})
		st.Cmd = call
		return
	}
	if variant == "local" && len(names) > 0 && !strings.ContainsAny(flags, "aAn") {
		call := sentinelCall(st.Position, builtinLocalName, "")
		call.Args[1].Parts[0].(*syntax.Lit).Value = stashPut(call, &localStash{decl: dc, names: names})
		st.Cmd = call
	}
}

// localStash is a `local` with names declared without a value.
type localStash struct {
	decl  *syntax.DeclClause
	names []string
}

const builtinLocalName = "\x00local"

// builtinLocal runs a local declaration and leaves the names it declared
// without a value unset in the function, as bash does (interp keeps the
// value they had outside).
func builtinLocal(ctx context.Context, c *call) error {
	ls, ok := stashGet(firstArg(c.args)).(*localStash)
	if !ok {
		return fmt.Errorf("nosh: lost local %q", c.args)
	}
	setExitStatus(c.r, exitStatus{})
	runnerCmd(c.r, ctx, ls.decl)
	if runnerExit(c.r).code == 0 {
		for _, name := range ls.names {
			if vr := runnerLookupVar(c.r, name); vr.Local && !vr.ReadOnly {
				runnerDelVar(c.r, name)
			}
		}
	}
	return errKeepStatus
}

func isFlagWord(s string) bool {
	return len(s) > 1 && (s[0] == '-' || s[0] == '+')
}

func litWord(pos syntax.Pos, s string) *syntax.Word {
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: s}}}
}

const builtinDeclName = "\x00decl"

// builtinDecl lists variables or functions for a rewritten declaration
// builtin.
func builtinDecl(ctx context.Context, c *call) error {
	ds, ok := stashGet(firstArg(c.args)).(*declStash)
	if !ok {
		return fmt.Errorf("nosh: lost declaration %q", c.args)
	}
	c.name = ds.variant
	r := c.r
	has := func(f byte) bool { return strings.IndexByte(ds.flags, f) >= 0 }
	var out strings.Builder
	status := 0
	switch {
	case has('F') || has('f'):
		names := ds.names
		if len(names) == 0 {
			names = sortedNames(r.Funcs)
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
				out.WriteString("declare -f " + name + "\n")
			} else {
				out.WriteString(formatFunction(name, body))
			}
		}
	default:
		vars := shellVars(r)
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
					fmt.Fprintf(c.stderr, "%s: %s: %s: not found\n", c.sh.Name, ds.variant, name)
					status = 1
					continue
				}
				out.WriteString(declLine(name, vr))
			}
			break
		}
		if !has('p') && (ds.variant == "declare" || ds.variant == "typeset") && ds.flags == "" {
			c.listVars()
			return nil
		}
		for _, name := range sortedNames(vars) {
			if vr := vars[name]; want(vr) {
				out.WriteString(declLine(name, vr))
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

// builtinUnset is unset: a read-only variable cannot be unset, and that
// is an error.
func builtinUnset(ctx context.Context, c *call) error {
	args := c.args
	var flags []string
	funcs := false
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' {
		if args[0] == "--" {
			args = args[1:]
			break
		}
		for _, f := range args[0][1:] {
			switch f {
			case 'f':
				funcs = true
			case 'v', 'n':
			default:
				return c.errorf(2, "-%c: invalid option\nunset: usage: unset [-f] [-v] [-n] [name ...]", f)
			}
		}
		flags = append(flags, args[0])
		args = args[1:]
	}
	status := 0
	for _, name := range args {
		if !funcs {
			base, _, _ := strings.Cut(name, "[")
			if !syntax.ValidName(base) {
				fmt.Fprintf(c.stderr, "%s: unset: `%s': not a valid identifier\n", c.sh.Name, name)
				status = 1
				continue
			}
			if vr := runnerLookupVar(c.r, base); vr.ReadOnly {
				fmt.Fprintf(c.stderr, "%s: unset: %s: cannot unset: readonly variable\n", c.sh.Name, base)
				status = 1
				continue
			}
		}
		if err := c.builtin(ctx, append(append([]string{"unset"}, flags...), "--", name)...); err != nil {
			status = 1
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// shopt options nosh keeps itself.
var noshShopts = map[string]bool{"xpg_echo": true}

// builtinShopt passes options to interp's shopt, keeping xpg_echo (echo
// interprets escapes) itself.
func builtinShopt(ctx context.Context, c *call) error {
	mode := ""
	quiet := false
	var rest []string
	for i, a := range c.args {
		if len(a) > 1 && a[0] == '-' {
			for _, f := range a[1:] {
				switch f {
				case 's', 'u':
					mode = string(f)
				case 'q':
					quiet = true
				}
			}
			continue
		}
		rest = c.args[i:]
		break
	}
	var pass []string
	status := 0
	for _, name := range rest {
		if !noshShopts[name] {
			pass = append(pass, name)
			continue
		}
		c.sh.mu.Lock()
		on := c.sh.flags.xpgEcho
		switch mode {
		case "s":
			c.sh.flags.xpgEcho = true
		case "u":
			c.sh.flags.xpgEcho = false
		default:
			if !on {
				status = 1
			}
			if !quiet {
				state := "off"
				if on {
					state = "on"
				}
				fmt.Fprintf(c.stdout, "%-15s\t%s\n", name, state)
			}
		}
		c.sh.mu.Unlock()
	}
	if len(rest) > 0 && len(pass) == 0 {
		if status != 0 {
			return interp.ExitStatus(status)
		}
		return nil
	}
	var flags []string
	for _, a := range c.args {
		if len(a) > 1 && a[0] == '-' {
			if strings.Contains(a, "q") {
				// interp has no -q: ask, and print nothing.
				return c.shoptQuery(pass)
			}
			flags = append(flags, a)
		}
	}
	return c.builtin(ctx, append(append([]string{"shopt"}, flags...), pass...)...)
}

// shoptQuery answers shopt -q: status 0 when every option is on.
func (c *call) shoptQuery(names []string) error {
	for _, name := range names {
		p := runnerOpt(c.r, name)
		if p == nil || !*p {
			return interp.ExitStatus(1)
		}
	}
	return nil
}

// xpgEcho reports whether shopt xpg_echo is on: echo interprets
// backslash escapes.
func (s *Shell) xpgEcho() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.flags.xpgEcho
}

// builtinDeclCmd runs export, readonly, declare, typeset and local when
// they are reached as commands rather than parsed as declarations: after
// an assignment (x=1 export y), through `command` or `builtin`, or from an
// expansion. Each argument becomes a declaration argument as written.
func builtinDeclCmd(ctx context.Context, c *call) error {
	dc := &syntax.DeclClause{Variant: &syntax.Lit{Value: c.name}}
	for _, a := range c.args {
		name, val, hasValue := strings.Cut(a, "=")
		switch {
		case !hasValue && isFlagWord(a):
			dc.Args = append(dc.Args, &syntax.Assign{Naked: true, Value: litWord(syntax.Pos{}, a)})
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
	c.sh.rewrite(st)
	setExitStatus(c.r, exitStatus{})
	runnerCmd(c.r, ctx, st.Cmd)
	return errKeepStatus
}
