package analysis

import (
	"maps"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The values the analysis tracks (variables, arrays, the directory) must
// be what the shell will have, or unknown: a guessed value can turn a
// catastrophe into an allowed command (d=/tmp; d+=/..; rm -rf $d was
// read as rm -rf /tmp/..). So every construct that changes a variable in
// a way the analysis does not compute makes it unknown, not absent
// (absent would fall back to the environment's value); code that runs
// in a subshell ( … ), $( … ), a pipeline stage, or the background
// leaves the values as they were; a loop body is analysed with whatever
// it changes already unknown, since a second pass would see the first's
// changes; and after if or case, a value the branches leave differently
// is unknown.

// varUnknown is the tracked value of a variable changed in a way the
// analysis does not follow.
const varUnknown = "\x00unknown value"

// varUnset is the tracked value of a variable unset by the command.
const varUnset = "\x00unset"

// forget makes a variable's value unknown for the rest of the analysis.
func (a *Analyzer) forget(name string) {
	a.setVar(name, varUnknown)
	if _, ok := a.arrays[name]; ok {
		a.setArray(name, nil)
	}
}

// The maps of values are copied on write: a saved state shares them
// until one side changes, so that the many subshells that assign nothing
// (pipeline stages, substitutions) cost nothing.

// setVar records a variable's value (or varUnknown, varUnset).
func (a *Analyzer) setVar(name, v string) {
	if a.vars == nil {
		a.vars = make(map[string]string)
	} else if a.varsShared {
		a.vars = maps.Clone(a.vars)
	}
	a.varsShared = false
	a.vars[name] = v
}

// unsetVar drops what the analysis knew of a variable.
func (a *Analyzer) unsetVar(name string) {
	if _, ok := a.vars[name]; !ok {
		return
	}
	if a.varsShared {
		a.vars = maps.Clone(a.vars)
		a.varsShared = false
	}
	delete(a.vars, name)
}

// setArray records an array's elements, nil when they are not known.
func (a *Analyzer) setArray(name string, elems []string) {
	if a.arrays == nil {
		a.arrays = make(map[string][]string)
	} else if a.arraysShared {
		a.arrays = maps.Clone(a.arrays)
	}
	a.arraysShared = false
	a.arrays[name] = elems
}

// valueState is what the analysis knows about values at one point.
type valueState struct {
	vars      map[string]string
	arrays    map[string][]string
	cwd       string
	untrusted bool
}

func (a *Analyzer) saveValues() valueState {
	a.varsShared, a.arraysShared = true, true
	return valueState{vars: a.vars, arrays: a.arrays, cwd: a.Cwd, untrusted: a.untrusted}
}

func (a *Analyzer) restoreValues(s valueState) {
	a.vars, a.arrays, a.Cwd, a.untrusted = s.vars, s.arrays, s.cwd, s.untrusted
	a.varsShared, a.arraysShared = true, true
}

// joinValues makes the state what is known whichever of the current
// state and other the shell is in: a value they disagree on is unknown.
func (a *Analyzer) joinValues(other valueState) {
	var differ []string
	for name, v := range a.vars {
		if o, ok := other.vars[name]; !ok || o != v {
			differ = append(differ, name)
		}
	}
	for name, v := range other.vars {
		if _, ok := a.vars[name]; !ok && v != varUnknown {
			differ = append(differ, name)
		}
	}
	for _, name := range differ {
		a.setVar(name, varUnknown)
	}
	differ = differ[:0]
	for name, v := range a.arrays {
		if o, ok := other.arrays[name]; !ok || !sameStrings(o, v) {
			differ = append(differ, name)
		}
	}
	for name := range other.arrays {
		if _, ok := a.arrays[name]; !ok {
			differ = append(differ, name)
		}
	}
	for _, name := range differ {
		a.setArray(name, nil)
	}
	if a.Cwd != other.cwd {
		a.Cwd = cwdUnknown
	}
	a.untrusted = a.untrusted || other.untrusted
}

func sameStrings(x, y []string) bool {
	if len(x) != len(y) || x == nil != (y == nil) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// inSubshell analyses f as code run in a subshell: what it changes stays
// there.
func (a *Analyzer) inSubshell(f func()) {
	a.subshells++
	defer func() { a.subshells-- }()
	saved := a.saveValues()
	f()
	a.restoreValues(saved)
}

// forgetChangedIn makes unknown, before a loop body is analysed, every
// variable it may assign and the directory if it may change it: the
// body's second pass starts where its first ended.
func (a *Analyzer) forgetChangedIn(body []*syntax.Stmt) {
	for _, st := range body {
		syntax.Walk(st, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.Assign:
				if n.Name != nil {
					a.forget(n.Name.Value)
				}
			case *syntax.CallExpr:
				if len(n.Args) == 0 {
					break
				}
				switch name, _ := StaticWord(n.Args[0]); name {
				case "cd", "pushd", "popd":
					a.Cwd = cwdUnknown
				case "read", "mapfile", "readarray", "printf", "getopts", "unset", "declare", "typeset",
					"local", "export", "readonly", "let", "shift", "set":
					// Their operands that are names may be assigned.
					for _, w := range n.Args[1:] {
						if v, ok := StaticWord(w); ok && IsName(v) {
							a.forget(v)
						}
					}
					a.forgetPositional(name)
				}
			case *syntax.BinaryArithm:
				if isArithAssign(n.Op) {
					if w, ok := n.X.(*syntax.Word); ok {
						a.forget(w.Lit())
					}
				}
			case *syntax.UnaryArithm:
				if w, ok := n.X.(*syntax.Word); ok && (n.Op == syntax.Inc || n.Op == syntax.Dec) {
					a.forget(w.Lit())
				}
			case *syntax.ParamExp:
				if n.Exp != nil && n.Param != nil && (n.Exp.Op == syntax.AssignUnset || n.Exp.Op == syntax.AssignUnsetOrNull) {
					a.forget(n.Param.Value)
				}
			case *syntax.DeclClause:
				if n.Variant.Value == "nameref" {
					a.untrusted = true
				}
			case *syntax.FuncDecl:
				return false // a definition changes nothing until called
			}
			return true
		})
	}
}

// forgetPositional makes $1… unknown after shift or set.
func (a *Analyzer) forgetPositional(builtin string) {
	if builtin != "shift" && builtin != "set" {
		return
	}
	for _, p := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "@", "*", "#"} {
		if _, ok := a.vars[p]; ok {
			a.forget(p)
		}
	}
}

// funcEffects is what calling a function defined in the command may
// change: the analysis of its definition runs nothing, a call runs it.
type funcEffects struct {
	vars      []string
	cwd       bool
	untrusted bool
}

// effectsSince returns what changed since the state before.
func (a *Analyzer) effectsSince(before valueState) funcEffects {
	var e funcEffects
	for name, v := range a.vars {
		if o, ok := before.vars[name]; !ok || o != v {
			e.vars = append(e.vars, name)
		}
	}
	for name, v := range a.arrays {
		if o, ok := before.arrays[name]; !ok || !sameStrings(o, v) {
			e.vars = append(e.vars, name)
		}
	}
	e.cwd = a.Cwd != before.cwd
	e.untrusted = a.untrusted && !before.untrusted
	return e
}

// applyEffects makes what a call of a function may change unknown.
func (a *Analyzer) applyEffects(e funcEffects) {
	for _, name := range e.vars {
		a.forget(name)
	}
	if e.cwd {
		a.Cwd = cwdUnknown
	}
	a.untrusted = a.untrusted || e.untrusted
}

// joinAll makes the state what is known whichever of the states the
// shell ends up in.
func (a *Analyzer) joinAll(ends []valueState) {
	if len(ends) == 0 {
		return
	}
	a.restoreValues(ends[0])
	for _, e := range ends[1:] {
		a.joinValues(e)
	}
}

// arithName is the variable an arithmetic assignment assigns: a[i]=1
// assigns a.
func arithName(w *syntax.Word) string {
	name := w.Lit()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return name
}

// envValue returns what the program being classified finds in its
// environment for name: assigned before it, earlier in the command, or
// inherited. known is false for a value the analysis does not follow.
func (a *Analyzer) envValue(name string) (v string, known, set bool) {
	if x, ok := a.cmdEnv[name]; ok {
		return x, x != varUnknown, true
	}
	if x, ok := a.vars[name]; ok && !a.untrusted {
		return x, x != varUnknown, true
	}
	if a.untrusted {
		return "", false, true
	}
	v, set = a.lookup(name)
	return v, true, set
}

// EnvRisk reports whether the variable name may hold something in the
// program's environment: set and not empty, or not known.
func (a *Analyzer) EnvRisk(name string) bool {
	v, known, set := a.envValue(name)
	return set && (!known || v != "")
}

// trackAssignDefault follows ${x:=word} and ${x=word}: x takes word's
// value when it is unset (or null, for :=).
func (a *Analyzer) trackAssignDefault(pe *syntax.ParamExp) {
	name := pe.Param.Value
	v, set, known := a.paramState(name)
	switch {
	case !known || pe.Index != nil:
		a.forget(name)
	case set && (v != "" || pe.Exp.Op == syntax.AssignUnset):
		// keeps its value
	default:
		w := ""
		if pe.Exp.Word != nil {
			var ok bool
			if w, ok = a.Resolve(Word{Kind: Field, Node: pe.Exp.Word}); !ok {
				a.forget(name)
				return
			}
		}
		a.setVar(name, w)
	}
}
