package interpunsafe

import (
	"context"
	"io"
	"os"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// Exit is the exit state of the command being run by r.
func Exit(r *interp.Runner) *Status { return ptr[Status](r, fieldExit) }

// LastExit is $? in r.
func LastExit(r *interp.Runner) *Status { return ptr[Status](r, fieldLastExit) }

// LastExpandExit is the status of r's last command substitution, which
// becomes a command's status when it has no command name.
func LastExpandExit(r *interp.Runner) *Status { return ptr[Status](r, fieldLastExpandExit) }

// SetExit makes st the result of the command r is running, the way an
// interp builtin's result would be.
func SetExit(r *interp.Runner, st Status) { *Exit(r) = st }

// Streams is a runner's standard input, output and error.
type Streams struct {
	Stdin          *os.File
	Stdout, Stderr io.Writer
}

// GetStreams returns r's standard streams.
func GetStreams(r *interp.Runner) Streams {
	return Streams{
		Stdin:  *ptr[*os.File](r, fieldStdin),
		Stdout: *ptr[io.Writer](r, fieldStdout),
		Stderr: *ptr[io.Writer](r, fieldStderr),
	}
}

// SetStreams replaces r's standard streams.
func SetStreams(r *interp.Runner, s Streams) {
	*ptr[*os.File](r, fieldStdin) = s.Stdin
	*ptr[io.Writer](r, fieldStdout) = s.Stdout
	*ptr[io.Writer](r, fieldStderr) = s.Stderr
}

// ExpandConfig is the expansion configuration r uses right now, with its
// command substitutions and variables.
func ExpandConfig(r *interp.Runner) *expand.Config { return *ptr[*expand.Config](r, fieldEcfg) }

// ExpandContext is the context r's expansions (command substitutions)
// run under; FillExpandConfig changes it.
func ExpandContext(r *interp.Runner) context.Context { return *ptr[context.Context](r, fieldEctx) }

// WriteEnv is r's variable store, before interp copies it into
// Runner.Vars at the end of a statement.
func WriteEnv(r *interp.Runner) *expand.WriteEnviron {
	return ptr[expand.WriteEnviron](r, fieldWriteEnv)
}

// SetString sets a shell variable in r's current scope, reporting a
// read-only variable as an error.
func SetString(r *interp.Runner, name, value string) error {
	return SetVarChecked(r, name, expand.Variable{Set: true, Kind: expand.String, Str: value})
}

// InSource reports (and sets) whether r runs a sourced file.
func InSource(r *interp.Runner) *bool { return ptr[bool](r, fieldInSource) }

// InFunc reports (and sets) whether r runs a function body.
func InFunc(r *interp.Runner) *bool { return ptr[bool](r, fieldInFunc) }

// InLoop reports whether r runs a loop body.
func InLoop(r *interp.Runner) *bool { return ptr[bool](r, fieldInLoop) }

// NoErrExit reports (and sets) whether set -e is suppressed where r runs
// (a condition, the left of && or ||).
func NoErrExit(r *interp.Runner) *bool { return ptr[bool](r, fieldNoErrExit) }

// SourceSetParams reports (and sets) whether a sourced file changed the
// positional parameters, which then outlive it.
func SourceSetParams(r *interp.Runner) *bool { return ptr[bool](r, fieldSourceSetParams) }

// HandlingTrap reports whether r runs a trap's action.
func HandlingTrap(r *interp.Runner) *bool { return ptr[bool](r, fieldHandlingTrap) }

// Break is the number of enclosing loops a pending break leaves.
func Break(r *interp.Runner) *int { return ptr[int](r, fieldBreak) }

// Continue is the number of enclosing loops a pending continue skips.
func Continue(r *interp.Runner) *int { return ptr[int](r, fieldContinue) }

// ExitTrap is the EXIT trap's action, "" for none.
func ExitTrap(r *interp.Runner) *string { return ptr[string](r, fieldCallbackExit) }

// ErrTrap is the ERR trap's action, "" for none.
func ErrTrap(r *interp.Runner) *string { return ptr[string](r, fieldCallbackErr) }

// Aliases is r's alias table.
func Aliases(r *interp.Runner) *map[string]Alias { return ptr[map[string]Alias](r, fieldAlias) }

// GetoptsState is getopts' position in its arguments.
func GetoptsState(r *interp.Runner) *Getopts { return ptr[Getopts](r, fieldOptState) }

// TempDir is where r makes the named pipes of process substitutions:
// $TMPDIR when interp was reset, inherited by subshells.
func TempDir(r *interp.Runner) *string { return ptr[string](r, fieldTempDir) }

// DirStack is pushd and popd's stack.
func DirStack(r *interp.Runner) *[]string { return ptr[[]string](r, fieldDirStack) }

// InheritScope gives a subshell copy dst what interp's own subshells keep
// of src besides what interp copies: whether set -e is ignored there, and
// whether `return` may end it (in a function or a sourced file).
func InheritScope(dst, src *interp.Runner) {
	for _, f := range [...]field{fieldNoErrExit, fieldInFunc, fieldInSource} {
		*ptr[bool](dst, f) = *ptr[bool](src, f)
	}
}

// Fatal stops the runner with err, as interp does with a handler's error.
func (e *Status) Fatal(err error) {
	if e.FatalExit || err == nil {
		return
	}
	e.Exiting, e.FatalExit, e.Err = true, true, err
	if e.Code == 0 {
		e.Code = 1
	}
}
