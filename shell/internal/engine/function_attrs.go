package engine

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Function attributes, which interp does not keep: export -f (declare
// -fx) and readonly -f (declare -fr).
//
// An exported function is the environment variable bash passes it in,
// BASH_FUNC_NAME%%, whose value is "() BODY": nosh's children get it as
// any exported variable (a bash child defines the function), and nosh
// defines the functions it finds so in its own environment at start-up
// (importFunctions). The value is the function as written when it was
// exported (bash exports the definition current at each command).
//
// A read-only function is marked by a private variable of the runner,
// so that subshells inherit the mark; while any is, the definitions the
// rewrite reads go through \x00funcdef (guardFuncDef), which refuses to
// redefine one, and unset -f refuses to remove one.

const rofuncPrefix = "\x00rofunc:"

// exportedFuncVar is the environment variable that carries function name.
func exportedFuncVar(name string) string { return "BASH_FUNC_" + name + "%%" }

// FuncReadonly reports whether function name is read-only in r.
func (s *Engine) FuncReadonly(r *interp.Runner, name string) bool {
	return s.gateOpen(rofuncGate) && interpunsafe.LookupVar(r, rofuncPrefix+name).IsSet()
}

// funcExported reports whether function name is exported in r.
func funcExported(r *interp.Runner, name string) bool {
	return interpunsafe.LookupVar(r, exportedFuncVar(name)).Exported
}

// funcAttrs returns declare's letters for the attributes of function
// name: "f", "fr", "fx" or "frx".
func (s *Engine) funcAttrs(r *interp.Runner, name string) string {
	a := "f"
	if s.FuncReadonly(r, name) {
		a += "r"
	}
	if funcExported(r, name) {
		a += "x"
	}
	return a
}

// setFuncAttrs gives functions names the attributes of flags (r, x; with
// unexport, x is taken away), as export -f, readonly -f and declare -f
// with -r or -x do. With no names it lists the functions that have them.
func (c *call) setFuncAttrs(names []string, readonly, export, unexport bool) error {
	if len(names) == 0 {
		var out strings.Builder
		for _, name := range slices.Sorted(maps.Keys(c.R.Funcs)) {
			if readonly && !c.sh().FuncReadonly(c.R, name) || export && !funcExported(c.R, name) {
				continue
			}
			out.WriteString(c.sh().FormatFunction(name, c.R.Funcs[name]))
			out.WriteString("declare -" + c.sh().funcAttrs(c.R, name) + " " + name + "\n")
		}
		return c.writeOut(out.String())
	}
	status := 0
	for _, name := range names {
		body := c.R.Funcs[name]
		if body == nil {
			fmt.Fprintf(c.Stderr, "%s: %s: %s: not a function\n", c.sh().name(), c.Name, name)
			status = 1
			continue
		}
		if readonly {
			c.sh().openGate(rofuncGate)
			interpunsafe.SetVar(c.R, rofuncPrefix+name, expand.Variable{Set: true, Kind: expand.String, Str: "1"})
		}
		switch {
		case unexport:
			if vr := interpunsafe.LookupVar(c.R, exportedFuncVar(name)); vr.IsSet() {
				interpunsafe.DelVar(c.R, exportedFuncVar(name))
			}
		case export:
			text := c.sh().FormatFunction(name, body)
			text = strings.TrimSuffix(strings.TrimPrefix(text, name+" () \n"), "\n")
			interpunsafe.SetVar(c.R, exportedFuncVar(name), expand.Variable{
				Set: true, Exported: true, Kind: expand.String, Str: "() " + text,
			})
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// FuncDefGuarded reports whether the definition of a function named name
// must go through \x00funcdef for read-only functions.
func (s *Engine) FuncDefGuarded(name string) bool { return s.gateOpen(rofuncGate) && name != "" }

// ForgetFunc drops what nosh keeps about function name once unset -f
// removed it: its export.
func ForgetFunc(r *interp.Runner, name string) {
	if funcExported(r, name) {
		interpunsafe.DelVar(r, exportedFuncVar(name))
	}
}

// declNames returns the names a declaration's arguments give.
func declNames(dc *syntax.DeclClause) []string {
	var names []string
	for _, as := range dc.Args {
		if as.Name != nil {
			names = append(names, as.Name.Value)
		}
	}
	return names
}
