package shell

import (
	"nosh/shell/internal/varlist"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// The core's names for package varlist's listings (the engine's Host asks
// for them).

func shellVars(r *interp.Runner) map[string]expand.Variable { return varlist.Vars(r) }
func varListing(r *interp.Runner) string                    { return varlist.Set(r) }
func declLine(name string, vr expand.Variable) string       { return varlist.DeclLine(name, vr) }

// listVars prints every variable as `set` does.
func (c *call) listVars() { c.writeOut(varlist.Set(c.R)) }
