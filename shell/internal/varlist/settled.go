package varlist

import (
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// Settled reads the variables of R as they were after its last statement:
// between statements (where a prompt is drawn) they are current.
type Settled struct{ R *interp.Runner }

// Get implements expand.Environ.
func (e Settled) Get(name string) expand.Variable {
	if v, ok := e.R.Vars[name]; ok {
		return v
	}
	return e.R.Env.Get(name)
}

// Each implements expand.Environ.
func (e Settled) Each(f func(name string, vr expand.Variable) bool) {
	for name, v := range e.R.Vars {
		if !f(name, v) {
			return
		}
	}
}
