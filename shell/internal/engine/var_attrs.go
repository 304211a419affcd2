package engine

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/arith"
	"nosh/shell/internal/fields"
	"nosh/shell/internal/interpunsafe"
)

// The integer (-i), lowercase (-l), uppercase (-u) and capitalize (-c)
// attributes of declare, typeset and local. interp keeps no such
// attributes, so nosh keeps them beside the variable: in a private
// variable of the same scope (attrVarName), which a local declaration
// makes local, a subshell copies and a function's return drops, as the
// variable itself. Names no script can spell are hidden from listings.
//
// An attribute acts when a value is assigned. The rewrite puts a hook
// (typedValue) in place of the value of every assignment to a name that
// some declaration read so far gave an attribute (as readonly_guard.go
// does for read-only names): n=v, n+=v, a=(…), a[i]=v, declare n=v
// (not the assignments before a command, which bash makes plain
// too). At run time the hook reads the
// attributes: -i evaluates the value as arithmetic (n+=v adds), -l/-u/-c
// change its case. Code read before any such declaration pays nothing.
// read, printf -v and getopts apply them through AttrValue. Not covered:
// a for loop's variable takes its words as they are, and a[i]+=v on an
// integer array appends as a string.

// attrVarName is the private variable holding name's attributes.
func attrVarName(name string) string { return "\x01attrs:" + name }

// attrLetters are the attributes kept, in the order declare -p prints
// them after the ones interp knows (-a -A come first, see declAttrFlags).
const attrLetters = "iclu"

// VarAttrs returns the attributes nosh keeps for name in r ("" for
// none): letters of attrLetters.
func VarAttrs(r *interp.Runner, name string) string {
	vr := interpunsafe.LookupVar(r, attrVarName(name))
	if !vr.IsSet() {
		return ""
	}
	return vr.Str
}

// VarAttrs implements fields.Shell (${x@a}).
func (s *Engine) VarAttrs(r *interp.Runner, name string) string { return VarAttrs(r, name) }

// DropVarAttrs forgets name's attributes in r's current scope (unset).
func DropVarAttrs(r *interp.Runner, name string) {
	if vr := interpunsafe.LookupVar(r, attrVarName(name)); vr.IsSet() {
		interpunsafe.DelVar(r, attrVarName(name))
	}
}

// DeclAttrFlags inserts name's attributes into the flags of a declare -p
// line ("declare -x n=…"), where bash prints them: i after a and A, c l u
// at the end.
func DeclAttrFlags(line, attrs string) string {
	if attrs == "" {
		return line
	}
	rest, ok := strings.CutPrefix(line, "declare -")
	if !ok {
		return line
	}
	flags, tail, _ := strings.Cut(rest, " ")
	flags = strings.TrimPrefix(flags, "-")
	var b strings.Builder
	for _, f := range "aA" {
		if strings.ContainsRune(flags, f) {
			b.WriteRune(f)
		}
	}
	if strings.IndexByte(attrs, 'i') >= 0 {
		b.WriteByte('i')
	}
	for _, f := range "nrtx" {
		if strings.ContainsRune(flags, f) {
			b.WriteRune(f)
		}
	}
	for _, f := range "clu" {
		if strings.ContainsRune(attrs, f) {
			b.WriteRune(f)
		}
	}
	return "declare -" + b.String() + " " + tail
}

// applyAttrs is cur with the attributes add set and del cleared. Each
// case attribute clears the other two, and -l with -u sets neither, as
// in bash.
func applyAttrs(cur, add, del string) string {
	has := map[byte]bool{}
	for i := range len(cur) {
		has[cur[i]] = true
	}
	cases := 0
	for _, c := range "clu" {
		if strings.ContainsRune(add, c) {
			cases++
		}
	}
	if cases > 0 {
		has['c'], has['l'], has['u'] = false, false, false
	}
	for i := range len(add) {
		if c := add[i]; c == 'i' || cases == 1 {
			has[c] = true
		}
	}
	for i := range len(del) {
		has[del[i]] = false
	}
	var b strings.Builder
	for i := range len(attrLetters) {
		if has[attrLetters[i]] {
			b.WriteByte(attrLetters[i])
		}
	}
	return b.String()
}

// noteTyped records names that a declaration gives attributes.
func (s *Engine) noteTyped(names []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.typedNames == nil {
		s.typedNames = map[string]bool{}
	}
	for _, n := range names {
		s.typedNames[n] = true
	}
}

// everTyped reports whether a declaration read so far gave name an
// attribute.
func (s *Engine) everTyped(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.typedNames[name]
}

const builtinDeclAttrName = "\x00declattr"

// declAttrStash is a declaration that sets or clears attributes.
type declAttrStash struct {
	variant  string
	add, del string
	global   bool
	names    []string
	decl     syntax.Command // the declaration without those options
}

// rewriteDeclAttrs turns a declaration with -i -l -u -c (or +i …) into
// \x00declattr, which records the attributes and then runs the
// declaration without them. It reports whether it did.
func (s *Engine) rewriteDeclAttrs(st *syntax.Stmt, dc *syntax.DeclClause) bool {
	var add, del, rest string
	args := make([]*syntax.Assign, 0, len(dc.Args))
	for _, as := range dc.Args {
		if as.Name == nil && as.Naked && as.Value != nil && isFlagWord(as.Value.Lit()) {
			w := as.Value.Lit()
			kept := w[:1]
			for i := 1; i < len(w); i++ {
				switch c := w[i]; {
				case strings.IndexByte(attrLetters, c) < 0:
					kept += string(c)
				case w[0] == '-':
					add += string(c)
				default:
					del += string(c)
				}
			}
			if len(kept) > 1 {
				rest += kept[1:]
				args = append(args, &syntax.Assign{Naked: true, Value: LitWord(as.Value.Pos(), kept)})
			}
			continue
		}
		args = append(args, as)
	}
	if add == "" && del == "" {
		return false
	}
	as := &declAttrStash{variant: dc.Variant.Value, add: add, del: del, global: strings.IndexByte(rest, 'g') >= 0}
	for _, a := range args {
		if a.Name != nil {
			as.names = append(as.names, a.Name.Value)
		}
	}
	s.noteTyped(as.names)
	if len(as.names) > 0 {
		inner := &syntax.Stmt{Position: st.Position, Cmd: &syntax.DeclClause{Variant: dc.Variant, Args: args}}
		s.rewrite(inner)
		as.decl = inner.Cmd
	}
	call := SentinelCall(st.Position, builtinDeclAttrName, "")
	s.StashArg(call, as)
	st.Cmd = call
	return true
}

// builtinDeclAttr sets the attributes of a declaration's names, in the
// scope the declaration gives them, then runs the declaration. Without
// names it lists the variables that have the attributes, as declare -i
// does.
func builtinDeclAttr(ctx context.Context, c *call) error {
	ds, ok := c.sh().stash.get(FirstArg(c.Args)).(*declAttrStash)
	if !ok {
		return fmt.Errorf("nosh: lost declaration %q", c.Args)
	}
	r := c.R
	inFunc := *interpunsafe.InFunc(r)
	if ds.decl == nil {
		return c.listTyped(ds.add)
	}
	if ds.variant == "local" && !inFunc {
		// interp's declaration says it.
		interpunsafe.SetExit(r, interpunsafe.Status{})
		interpunsafe.Cmd(r, ctx, ds.decl)
		return errKeepStatus
	}
	local := ds.variant == "local" || inFunc && !ds.global && (ds.variant == "declare" || ds.variant == "typeset")
	for _, name := range ds.names {
		attrs := applyAttrs(VarAttrs(r, name), ds.add, ds.del)
		vr := expand.Variable{Set: true, Kind: expand.String, Str: attrs, Local: local}
		interpunsafe.SetVar(r, attrVarName(name), vr)
	}
	interpunsafe.SetExit(r, interpunsafe.Status{})
	interpunsafe.Cmd(r, ctx, ds.decl)
	return errKeepStatus
}

// listTyped prints, as declare -p does, the variables that have every
// attribute of want.
func (c *call) listTyped(want string) error {
	vars := c.sh().host.ShellVars(c.R)
	var out strings.Builder
	for _, name := range slices.Sorted(maps.Keys(vars)) {
		attrs := VarAttrs(c.R, name)
		if attrs == "" || strings.Trim(want, attrs) != "" {
			continue
		}
		out.WriteString(DeclAttrFlags(c.sh().host.DeclLine(name, vars[name]), attrs))
	}
	return c.writeOut(out.String())
}

// typedValue is the value of an assignment to a name that may have
// attributes.
type typedValue struct {
	name  string
	value *syntax.Word // nil: the empty value
	// appends is n+=v on the whole variable: the hook adds (or joins)
	// the value to the current one, the assignment being made plain.
	appends bool
}

// typeAssign puts a typedValue hook in the values of an assignment to a
// name some declaration gave an attribute.
func (s *Engine) typeAssign(as *syntax.Assign) {
	if as.Name == nil || as.Naked || !s.everTyped(as.Name.Value) {
		return
	}
	name := as.Name.Value
	if as.Array != nil {
		for _, el := range as.Array.Elems {
			if el.Value != nil && !s.isTypedHook(el.Value) {
				s.rewrite(el.Value)
				el.Value = s.hookWord(el.Value.Pos(), &typedValue{name: name, value: el.Value})
			}
		}
		return
	}
	if as.Value != nil && s.isTypedHook(as.Value) {
		return
	}
	tv := &typedValue{name: name, value: as.Value}
	if as.Append && as.Index == nil {
		tv.appends = true
		as.Append = false
	}
	pos := as.Pos()
	if as.Value != nil {
		s.rewrite(as.Value)
		pos = as.Value.Pos()
	}
	as.Value = s.hookWord(pos, tv)
}

// isTypedHook reports whether w is a typedValue hook already.
func (s *Engine) isTypedHook(w *syntax.Word) bool {
	if len(w.Parts) != 1 {
		return false
	}
	cs, ok := w.Parts[0].(*syntax.CmdSubst)
	if !ok {
		return false
	}
	key, ok := HookKey(cs)
	if !ok {
		return false
	}
	_, ok = s.stash.get(key).(*typedValue)
	return ok
}

// hookValue computes the value to assign, with the variable's
// attributes.
func (tv *typedValue) hookValue(s *Engine, r *interp.Runner) (string, error) {
	v := ""
	if tv.value != nil {
		var err error
		v, err = expand.Literal(fields.FreshConfig(interpunsafe.ExpandConfig(r)), tv.value)
		if err != nil {
			return "", err
		}
	}
	attrs := VarAttrs(r, tv.name)
	prev := ""
	if tv.appends {
		prev = interpunsafe.LookupVar(r, tv.name).String()
	}
	if strings.IndexByte(attrs, 'i') >= 0 {
		n, err := evalAttrArith(s, r, v)
		if err != nil {
			return "", err
		}
		if tv.appends {
			p, err := evalAttrArith(s, r, prev)
			if err != nil {
				return "", err
			}
			n += p
		}
		return strconv.FormatInt(n, 10), nil
	}
	return caseAttr(attrs, prev+v), nil
}

// evalAttrArith evaluates the value of an integer variable.
func evalAttrArith(s *Engine, r *interp.Runner, text string) (int64, error) {
	n, err := arith.Eval(arith.RunnerVars{R: r}, text, 0)
	if err != nil {
		if _, ok := err.(*arith.Unbound); ok {
			return 0, &Abort{Msg: s.name() + ": " + err.Error(), Exit: true, Unset: true}
		}
		return 0, s.NewAbort(err.Error())
	}
	return n, nil
}

// caseAttr changes the case of v as the attributes say.
func caseAttr(attrs, v string) string {
	switch {
	case strings.IndexByte(attrs, 'u') >= 0:
		return strings.ToUpper(v)
	case strings.IndexByte(attrs, 'l') >= 0:
		return strings.ToLower(v)
	case strings.IndexByte(attrs, 'c') >= 0 && v != "":
		r, n := utf8.DecodeRuneInString(v)
		return string(unicode.ToUpper(r)) + strings.ToLower(v[n:])
	}
	return v
}

// AttrValue returns value as assigning it to name in r makes it, under
// name's attributes; without attributes (the usual case) it is value.
func (s *Engine) AttrValue(r *interp.Runner, name, value string) (string, error) {
	attrs := VarAttrs(r, name)
	if attrs == "" {
		return value, nil
	}
	if strings.IndexByte(attrs, 'i') >= 0 {
		n, err := evalAttrArith(s, r, value)
		if err != nil {
			return "", err
		}
		return strconv.FormatInt(n, 10), nil
	}
	return caseAttr(attrs, value), nil
}
