package perms

import (
	"path/filepath"

	"nosh/perms/analysis"
)

// Approval is what the user allowed for one run by answering a prompt:
// the units of that decision (computed words standing for whatever they
// expand to), its risky constructs, the files its redirections write, the
// variables it assigns and the functions it defines. The run-time gate
// lets a command through if the rules or the approval cover it.
//
// A nil *Approval approves nothing.
type Approval struct {
	units    [][]analysis.Word
	findings map[findingKey]bool
	writes   map[string]bool
	vars     map[string]bool
	funcs    map[string]bool
	dir      string
}

type findingKey struct {
	kind analysis.Kind
	key  string
}

// Approval returns what answering the decision's prompt with Once,
// Session or Always approves for this run; nil for a deny verdict.
// dir is the directory the command was checked in, to compare relative
// write targets; empty means the policy's.
func (d Decision) Approval(dir string) *Approval {
	if d.Verdict == Deny {
		return nil
	}
	a := &Approval{
		findings: make(map[findingKey]bool),
		writes:   make(map[string]bool),
		vars:     make(map[string]bool),
		funcs:    make(map[string]bool),
		dir:      dir,
	}
	for _, u := range d.Units {
		if u.FuncDef {
			name, _ := u.Name()
			a.funcs[name] = true
			continue
		}
		a.units = append(a.units, u.Words)
		if u.Exp != nil && len(u.Words) > 0 && u.Words[0].IsStatic() {
			// Brace expansions of arguments are known exactly. A
			// command name resolved from a variable is not approved:
			// the user saw a computed name.
			a.units = append(a.units, u.Exp)
		}
	}
	for _, f := range d.Findings {
		switch f.Kind {
		case analysis.KindCatastrophic:
			continue
		case analysis.KindRedirect:
			if f.Computed {
				for _, e := range f.Expands {
					a.addWrite(e)
				}
			} else {
				a.addWrite(f.Key)
			}
		case analysis.KindAssign:
			a.vars[f.Key] = true
		case analysis.KindFuncDef:
			a.funcs[f.Key] = true
		}
		a.findings[findingKey{f.Kind, f.Key}] = true
	}
	return a
}

func (a *Approval) addWrite(p string) {
	a.writes[p] = true
	if a.dir != "" && !filepath.IsAbs(p) {
		a.writes[filepath.Join(a.dir, p)] = true
	}
}

// Covers reports whether a run-time decision (from Policy.CheckArgv) is
// covered by the approval: every unit that asked matches an approved
// unit, and every risky construct was approved. A deny is never
// covered. mayBeFunction says the command may be a call to a function
// the approved command defined; the gate passes false once it knows the
// command is an external program.
func (a *Approval) Covers(d Decision, mayBeFunction bool) bool {
	if d.Verdict == Deny {
		return false
	}
	if d.Verdict == Allow {
		return true
	}
	if a == nil {
		return false
	}
	for _, u := range d.Units {
		if u.Verdict != Ask {
			continue
		}
		if mayBeFunction {
			if name, ok := u.Name(); ok && a.funcs[name] {
				continue
			}
		}
		if !a.coversUnit(u.Words) {
			return false
		}
	}
	for _, f := range d.Findings {
		if !a.findings[findingKey{f.Kind, f.Key}] {
			return false
		}
	}
	return true
}

// IsFunction reports whether the approved command defined a function
// with this name.
func (a *Approval) IsFunction(name string) bool {
	return a != nil && a.funcs[name]
}

// CoversWrite reports whether the approved command writes to path, as
// the shell opens it (relative to dir, the directory at that moment).
func (a *Approval) CoversWrite(path, dir string) bool {
	if a == nil {
		return false
	}
	if a.writes[path] {
		return true
	}
	if !filepath.IsAbs(path) && dir != "" {
		path = filepath.Join(dir, path)
	}
	return a.writes[filepath.Clean(path)]
}

// CoversOutside reports whether the user approved a change of path
// outside the sandbox's places (a KindOutside finding of the decision).
func (a *Approval) CoversOutside(path string) bool {
	return a != nil && a.findings[findingKey{analysis.KindOutside, path}]
}

// CoversVar reports whether the approved command assigns the variable.
func (a *Approval) CoversVar(name string) bool {
	return a != nil && a.vars[name]
}

func (a *Approval) coversUnit(ws []analysis.Word) bool {
	for _, pat := range a.units {
		if matchWords(pat, ws) {
			return true
		}
	}
	return false
}

// matchWords matches an argv against an approved unit: static words
// match themselves, a Field word matches any one argument, a Fields word
// any number of arguments. A computed word in the argv (from code the
// gate re-parsed) matches a Fields word, or a Field word written the
// same way.
func matchWords(pat, ws []analysis.Word) bool {
	if len(pat) == 0 || len(ws) == 0 || !pat[0].IsStatic() {
		return false // the command name must have been known
	}
	// next[j] reports whether pat[i+1:] matches ws[j:]; cur[j] is the
	// same for pat[i:], filled from the end.
	next := make([]bool, len(ws)+1)
	cur := make([]bool, len(ws)+1)
	next[len(ws)] = true
	for i := len(pat) - 1; i >= 0; i-- {
		p := pat[i]
		for j := len(ws); j >= 0; j-- {
			switch {
			case p.Kind == analysis.Fields:
				cur[j] = next[j] || j < len(ws) && cur[j+1]
			case j == len(ws):
				cur[j] = false
			case p.Kind == analysis.Static:
				cur[j] = ws[j].IsStatic() && ws[j].Value == p.Value && next[j+1]
			default:
				cur[j] = (ws[j].Kind != analysis.Fields || ws[j].Value == p.Value) && next[j+1]
			}
		}
		next, cur = cur, next
	}
	return next[0]
}
