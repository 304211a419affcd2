package varlist

import (
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/quote"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Vars returns the variables visible in r, by name: those declared, with
// names a script can spell.
func Vars(r *interp.Runner) map[string]expand.Variable {
	vars := map[string]expand.Variable{}
	interpunsafe.ExpandConfig(r).Env.Each(func(name string, vr expand.Variable) bool {
		vars[name] = vr
		return true
	})
	for name, vr := range vars {
		// The environment lists each scope; what the runner sees wins.
		vr = interpunsafe.LookupVar(r, name)
		if !vr.Declared() || strings.ContainsRune(name, 0) || !syntax.ValidName(name) {
			delete(vars, name)
			continue
		}
		vars[name] = vr
	}
	return vars
}

// sortedNames returns the keys of m in order.
func sortedNames[V any](m map[string]V) []string {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// Set is every variable of r as `set` alone prints them: NAME=value,
// quoted so that the shell can read it back.
func Set(r *interp.Runner) string {
	vars := Vars(r)
	var b strings.Builder
	for _, name := range sortedNames(vars) {
		vr := vars[name]
		switch vr.Kind {
		case expand.Indexed, expand.Associative:
			b.WriteString(name + "=" + ArrayLiteral(vr) + "\n")
		default:
			if !vr.IsSet() {
				continue
			}
			b.WriteString(name + "=" + quote.ForSet(vr.String()) + "\n")
		}
	}
	return b.String()
}

// ArrayLiteral prints an array as ([0]="a" [1]="b").
func ArrayLiteral(vr expand.Variable) string {
	var b strings.Builder
	b.WriteByte('(')
	if vr.Kind == expand.Associative {
		for _, k := range sortedNames(vr.Map) {
			fmt.Fprintf(&b, "[%s]=%s ", k, quote.ForDecl(vr.Map[k]))
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
			fmt.Fprintf(&b, "[%d]=%s", idx, quote.ForDecl(v))
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

// DeclLine prints one variable as declare -p does.
func DeclLine(name string, vr expand.Variable) string {
	line := "declare " + declFlags(vr) + " " + name
	switch {
	case vr.Kind == expand.Indexed || vr.Kind == expand.Associative:
		line += "=" + ArrayLiteral(vr)
	case vr.Kind == expand.NameRef:
		// The name it refers to (String gives nothing for a reference).
		line += "=" + quote.ForDecl(vr.Str)
	case vr.IsSet():
		line += "=" + quote.ForDecl(vr.String())
	}
	return line + "\n"
}
