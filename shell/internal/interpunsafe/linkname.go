package interpunsafe

import (
	"context"
	"io"
	"os"
	_ "unsafe" // for go:linkname

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Stmt runs st in r's current scope, as interp runs a statement of a
// function body: no new job, no exit handling.
//
//go:linkname Stmt mvdan.cc/sh/v3/interp.(*Runner).stmt
func Stmt(r *interp.Runner, ctx context.Context, st *syntax.Stmt)

// Stmts runs a list of statements in r's current scope.
//
//go:linkname Stmts mvdan.cc/sh/v3/interp.(*Runner).stmts
func Stmts(r *interp.Runner, ctx context.Context, stmts []*syntax.Stmt)

// Cmd runs one command in r's current scope.
//
//go:linkname Cmd mvdan.cc/sh/v3/interp.(*Runner).cmd
func Cmd(r *interp.Runner, ctx context.Context, cm syntax.Command)

// Call runs an expanded simple command (function, builtin or program).
//
//go:linkname Call mvdan.cc/sh/v3/interp.(*Runner).call
func Call(r *interp.Runner, ctx context.Context, pos syntax.Pos, args []string)

// SetVar sets a variable in r's current scope, ignoring read-only ones.
//
//go:linkname SetVar mvdan.cc/sh/v3/interp.(*Runner).setVar
func SetVar(r *interp.Runner, name string, vr expand.Variable)

// SetVarChecked sets a variable, reporting a read-only one as an error.
//
//go:linkname SetVarChecked mvdan.cc/sh/v3/interp.(*Runner).setVarErr
func SetVarChecked(r *interp.Runner, name string, vr expand.Variable) error

// DelVar unsets a variable in r's current scope.
//
//go:linkname DelVar mvdan.cc/sh/v3/interp.(*Runner).delVar
func DelVar(r *interp.Runner, name string)

// LookupVar returns a variable as r's current scope sees it.
//
//go:linkname LookupVar mvdan.cc/sh/v3/interp.(*Runner).lookupVar
func LookupVar(r *interp.Runner, name string) expand.Variable

// FillExpandConfig makes r's expansions (command substitutions) run
// under ctx.
//
//go:linkname FillExpandConfig mvdan.cc/sh/v3/interp.(*Runner).fillExpandConfig
func FillExpandConfig(r *interp.Runner, ctx context.Context)

// ReportExpandErr reports an expansion error as interp does: printed,
// status 1, fatal where POSIX says so.
//
//go:linkname ReportExpandErr mvdan.cc/sh/v3/interp.(*Runner).expandErr
func ReportExpandErr(r *interp.Runner, err error)

// Open opens a redirection target through r's OpenHandler.
//
//go:linkname Open mvdan.cc/sh/v3/interp.(*Runner).open
func Open(r *interp.Runner, ctx context.Context, path string, flags int, mode os.FileMode, print bool) (io.ReadWriteCloser, error)

// AssignValue computes the value an assignment gives name.
//
//go:linkname AssignValue mvdan.cc/sh/v3/interp.(*Runner).assignVal
func AssignValue(r *interp.Runner, name string, prev expand.Variable, as *syntax.Assign, valType string) (string, expand.Variable)

// Subshell returns a copy of r for a subshell; background marks an
// asynchronous one.
//
//go:linkname Subshell mvdan.cc/sh/v3/interp.(*Runner).subshell
func Subshell(r *interp.Runner, background bool) *interp.Runner

// Stop reports whether r must stop running statements: an exit or a
// return is pending (outside a trap), its context is done (made fatal), or
// set -n is on.
//
//go:linkname Stop mvdan.cc/sh/v3/interp.(*Runner).stop
func Stop(r *interp.Runner, ctx context.Context) bool

// LoopStmtsBroken runs the body of a loop, in the loop, and reports
// whether a break, or a continue of an enclosing loop, ends the loop.
//
//go:linkname LoopStmtsBroken mvdan.cc/sh/v3/interp.(*Runner).loopStmtsBroken
func LoopStmtsBroken(r *interp.Runner, ctx context.Context, stmts []*syntax.Stmt) bool
