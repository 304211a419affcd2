package engine

import (
	"context"
	"io"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
)

// Host is what the engine needs of the shell it rewrites for: what the
// shell's builtins see of it (builtins.Shell: options, the parser, the
// umask, the terminal), plus the shell's own parts of the rewrite and the
// state that stays with the shell (its main runner, its traps).
type Host interface {
	builtins.Shell

	// Engine is the shell's engine, which its builtins reach through
	// the call's shell (builtins.Call.Sh).
	Engine() *Engine

	// MainRunner is the shell's main runner (not a subshell's).
	MainRunner() *interp.Runner
	// AbortLine makes an error abandon the rest of the command line when
	// r is an interactive shell's main runner.
	AbortLine(r *interp.Runner)
	// RunExitTrap runs r's EXIT trap, if it has one, with $? status,
	// and returns the status r ends with.
	RunExitTrap(ctx context.Context, r *interp.Runner, status uint8) uint8
	// TakeTrapExit returns, and forgets, the status of an exit that ran
	// in a trap of r.
	TakeTrapExit(r *interp.Runner) (uint8, bool)

	// ReadingFile is the file the shell is reading code from: the
	// script, or the file `.` reads; "" for -c, standard input and the
	// prompt.
	ReadingFile() string
	// ScriptFile reports whether the shell runs a script file (FUNCNAME
	// ends with main there).
	ScriptFile() bool

	// ShellVars returns the variables visible in r, by name.
	ShellVars(r *interp.Runner) map[string]expand.Variable
	// DeclLine is the `declare -p` line of variable name.
	DeclLine(name string, vr expand.Variable) string
	// VarListing is every variable of r as `set` prints them.
	VarListing(r *interp.Runner) string

	// RewriteNode makes the shell's own changes to node n as the walk
	// meets it: a *syntax.Word or *syntax.DblQuoted ($-, $0, $LINENO),
	// *syntax.Assign (SECONDS), *syntax.DeclClause or *syntax.Stmt (PATH
	// assignments). Engine.rewrite shows where.
	RewriteNode(n syntax.Node)
	// RewriteBackground rewrites a statement run with & (or &|, &!).
	RewriteBackground(st *syntax.Stmt)
	// StartJob starts st, already rewritten, as a background job of r, as
	// `st &` does (listed by jobs as text), and returns its process ID.
	// prepare is applied to the job's subshell before it starts; ended
	// is called when its body has ended.
	StartJob(ctx context.Context, r *interp.Runner, stderr io.Writer, st *syntax.Stmt, text string,
		prepare func(r2 *interp.Runner), ended func()) int

	// EnterSubshell gives a foreground subshell ( … ) or $( … ) running
	// in r its own signal dispositions (the core's subshell_signals.go):
	// the context to run its body with, and what ends them.
	EnterSubshell(ctx context.Context, r *interp.Runner) (context.Context, SubshellSignals)
	// SubshellBodyEnded is called when a subshell's statements are done,
	// before its EXIT trap: it runs the traps of signals that came during
	// its last command, and reports whether a signal ended the subshell
	// (then no EXIT trap runs, as for a process killed by one).
	SubshellBodyEnded(ctx context.Context, r *interp.Runner) bool
}

// SubshellSignals ends a subshell's signal dispositions (Host.EnterSubshell).
type SubshellSignals interface {
	// Done turns the body's status into the subshell's: 128+N when
	// signal N ended it, which report (when not nil) then tells, as
	// bash reports a foreground subshell killed by a signal.
	Done(st interpunsafe.Status, report io.Writer) interpunsafe.Status
}

// Forwarders to the host, so that the engine's code reads as it did
// when it was the shell's.

func (s *Engine) name() string { return s.host.ProgramName() }

// ShoptOn implements fields.Shell (failglob).
func (s *Engine) ShoptOn(name string) bool   { return s.host.ShoptOn(name) }
func (s *Engine) posixMode() bool            { return s.host.PosixMode() }
func (s *Engine) abortLine(r *interp.Runner) { s.host.AbortLine(r) }

func (s *Engine) runExitTrap(ctx context.Context, r *interp.Runner, status uint8) uint8 {
	return s.host.RunExitTrap(ctx, r, status)
}

func (s *Engine) takeTrapExit(r *interp.Runner) (uint8, bool) { return s.host.TakeTrapExit(r) }

func (s *Engine) enterSubshell(ctx context.Context, r *interp.Runner) (context.Context, SubshellSignals) {
	return s.host.EnterSubshell(ctx, r)
}

func (s *Engine) subshellBodyEnded(ctx context.Context, r *interp.Runner) bool {
	return s.host.SubshellBodyEnded(ctx, r)
}

func (c *call) listVars() { c.writeOut(c.sh().host.VarListing(c.R)) }
