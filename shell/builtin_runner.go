package shell

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// This file is nosh's window into interp.Runner's unexported state.
//
// Several of a real shell's semantics cannot be had through interp's
// handlers: redirections of file descriptors above 2, `eval` and `.` that
// run nosh-parsed (and nosh-rewritten) code in the current scope, an EXIT
// trap whose own `exit` sets the status, field splitting as POSIX defines
// it. They need to run statements in the current runner and to read and
// set its standard streams and exit state. Go allows that through
// //go:linkname (for methods) and unsafe (for fields).
//
// This ties nosh to the exact mvdan.cc/sh/v3 version in go.mod. Every
// field is found by name and its type checked against the mirror declared
// here when the package is initialised, and TestRunnerInternals exercises
// the linked methods, so an upgrade that moves anything fails loudly at
// once instead of corrupting memory.

//go:linkname runnerStmt mvdan.cc/sh/v3/interp.(*Runner).stmt
func runnerStmt(r *interp.Runner, ctx context.Context, st *syntax.Stmt)

//go:linkname runnerStmts mvdan.cc/sh/v3/interp.(*Runner).stmts
func runnerStmts(r *interp.Runner, ctx context.Context, stmts []*syntax.Stmt)

//go:linkname runnerCmd mvdan.cc/sh/v3/interp.(*Runner).cmd
func runnerCmd(r *interp.Runner, ctx context.Context, cm syntax.Command)

//go:linkname runnerCall mvdan.cc/sh/v3/interp.(*Runner).call
func runnerCall(r *interp.Runner, ctx context.Context, pos syntax.Pos, args []string)

//go:linkname runnerSetVar mvdan.cc/sh/v3/interp.(*Runner).setVar
func runnerSetVar(r *interp.Runner, name string, vr expand.Variable)

//go:linkname runnerSetVarErr mvdan.cc/sh/v3/interp.(*Runner).setVarErr
func runnerSetVarErr(r *interp.Runner, name string, vr expand.Variable) error

//go:linkname runnerDelVar mvdan.cc/sh/v3/interp.(*Runner).delVar
func runnerDelVar(r *interp.Runner, name string)

//go:linkname runnerLookupVar mvdan.cc/sh/v3/interp.(*Runner).lookupVar
func runnerLookupVar(r *interp.Runner, name string) expand.Variable

//go:linkname runnerFillExpandConfig mvdan.cc/sh/v3/interp.(*Runner).fillExpandConfig
func runnerFillExpandConfig(r *interp.Runner, ctx context.Context)

//go:linkname runnerUpdateExpandOpts mvdan.cc/sh/v3/interp.(*Runner).updateExpandOpts
func runnerUpdateExpandOpts(r *interp.Runner)

//go:linkname runnerExpandErr mvdan.cc/sh/v3/interp.(*Runner).expandErr
func runnerExpandErr(r *interp.Runner, err error)

//go:linkname runnerOpen mvdan.cc/sh/v3/interp.(*Runner).open
func runnerOpen(r *interp.Runner, ctx context.Context, path string, flags int, mode os.FileMode, print bool) (io.ReadWriteCloser, error)

//go:linkname runnerAssignVal mvdan.cc/sh/v3/interp.(*Runner).assignVal
func runnerAssignVal(r *interp.Runner, name string, prev expand.Variable, as *syntax.Assign, valType string) (string, expand.Variable)

// exitStatus mirrors interp's exitStatus: the state of the shell after a
// command.
type exitStatus struct {
	code      uint8
	returning bool // a function or sourced file `return`ed
	exiting   bool // the shell is exiting
	fatalExit bool // exiting because of a fatal error; err is set
	err       error
}

// aliasDef mirrors interp's alias.
type aliasDef struct {
	args  []*syntax.Word
	blank bool
}

// getoptsState mirrors interp's getopts.
type getoptsState struct {
	argidx  int
	runeidx int
}

// runnerField is the byte offset of one unexported Runner field.
type runnerField uintptr

var (
	fieldExit            = mustRunnerField[exitStatus]("exit")
	fieldLastExit        = mustRunnerField[exitStatus]("lastExit")
	fieldLastExpandExit  = mustRunnerField[exitStatus]("lastExpandExit")
	fieldStdin           = mustRunnerField[*os.File]("stdin")
	fieldStdout          = mustRunnerField[io.Writer]("stdout")
	fieldStderr          = mustRunnerField[io.Writer]("stderr")
	fieldEcfg            = mustRunnerField[*expand.Config]("ecfg")
	fieldEctx            = mustRunnerField[context.Context]("ectx")
	fieldInSource        = mustRunnerField[bool]("inSource")
	fieldInFunc          = mustRunnerField[bool]("inFunc")
	fieldInLoop          = mustRunnerField[bool]("inLoop")
	fieldSourceSetParams = mustRunnerField[bool]("sourceSetParams")
	fieldHandlingTrap    = mustRunnerField[bool]("handlingTrap")
	fieldBreak           = mustRunnerField[int]("breakEnclosing")
	fieldContinue        = mustRunnerField[int]("contnEnclosing")
	fieldCallbackExit    = mustRunnerField[string]("callbackExit")
	fieldCallbackErr     = mustRunnerField[string]("callbackErr")
	fieldAlias           = mustRunnerField[map[string]aliasDef]("alias")
	fieldOptState        = mustRunnerField[getoptsState]("optState")
	fieldDirStack        = mustRunnerField[[]string]("dirStack")
	fieldOpts            = mustRunnerField[[len(interpOptNames) + len(interpBashOptNames)]bool]("opts")
	fieldWriteEnv        = mustRunnerField[expand.WriteEnviron]("writeEnv")
)

// runnerPtr returns a pointer to the field at off in r.
func runnerPtr[T any](r *interp.Runner, off runnerField) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(r), uintptr(off)))
}

// mustRunnerField finds an unexported field of interp.Runner and checks
// that its memory layout is T's. The opts array is longer than the
// options nosh touches; only its element type and prefix matter. At start
// -up only the kind and size are compared; TestRunnerFieldLayouts compares
// the whole layout (sameLayout), which the pinned version of mvdan.cc/sh
// can only change together with go.mod.
func mustRunnerField[T any](name string) runnerField {
	f, ok := runnerFields()[name]
	want := reflect.TypeFor[T]()
	if !ok {
		panic(fmt.Sprintf("nosh: interp.Runner has no field %q: mvdan.cc/sh/v3 changed, see shell/builtin_runner.go", name))
	}
	runnerFieldTypes = append(runnerFieldTypes, runnerFieldType{name, want})
	if name == "opts" {
		if f.Type.Kind() != reflect.Array || f.Type.Elem().Kind() != reflect.Bool || f.Type.Len() < want.Len() {
			panic("nosh: interp.Runner.opts changed: mvdan.cc/sh/v3 changed, see shell/builtin_runner.go")
		}
		return runnerField(f.Offset)
	}
	if f.Type.Kind() != want.Kind() || f.Type.Size() != want.Size() {
		panic(fmt.Sprintf("nosh: interp.Runner.%s is %v, nosh expects %v: mvdan.cc/sh/v3 changed, see shell/builtin_runner.go", name, f.Type, want))
	}
	return runnerField(f.Offset)
}

// runnerFieldType is a field mustRunnerField found and the type nosh
// reads it as.
type runnerFieldType struct {
	name string
	want reflect.Type
}

// runnerFieldTypes lists the fields mustRunnerField found, for the test
// of their layouts.
var runnerFieldTypes []runnerFieldType

// runnerFields indexes interp.Runner's fields by name, in one pass:
// looking each of the fields above up by name scans the struct every
// time, which was a third of nosh's own start-up work.
var runnerFields = sync.OnceValue(func() map[string]reflect.StructField {
	t := reflect.TypeFor[interp.Runner]()
	m := make(map[string]reflect.StructField, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		m[f.Name] = f
	}
	return m
})

// sameLayout reports whether values of a and b are laid out identically:
// the same type, or structs (maps, slices) of the same shape.
func sameLayout(a, b reflect.Type) bool {
	if a == b {
		return true
	}
	if a.Kind() != b.Kind() || a.Size() != b.Size() {
		return false
	}
	switch a.Kind() {
	case reflect.Struct:
		if a.NumField() != b.NumField() {
			return false
		}
		for i := range a.NumField() {
			fa, fb := a.Field(i), b.Field(i)
			if fa.Name != fb.Name || fa.Offset != fb.Offset || !sameLayout(fa.Type, fb.Type) {
				return false
			}
		}
		return true
	case reflect.Map:
		return sameLayout(a.Key(), b.Key()) && sameLayout(a.Elem(), b.Elem())
	case reflect.Slice, reflect.Pointer, reflect.Array:
		return sameLayout(a.Elem(), b.Elem())
	}
	return false
}

// runnerExit is the exit state of the command being run by r.
func runnerExit(r *interp.Runner) *exitStatus { return runnerPtr[exitStatus](r, fieldExit) }

// runnerLastExit is $? in r.
func runnerLastExit(r *interp.Runner) *exitStatus { return runnerPtr[exitStatus](r, fieldLastExit) }

// streams is a runner's standard input, output and error.
type streams struct {
	stdin          *os.File
	stdout, stderr io.Writer
}

func getStreams(r *interp.Runner) streams {
	return streams{
		stdin:  *runnerPtr[*os.File](r, fieldStdin),
		stdout: *runnerPtr[io.Writer](r, fieldStdout),
		stderr: *runnerPtr[io.Writer](r, fieldStderr),
	}
}

func setStreams(r *interp.Runner, s streams) {
	*runnerPtr[*os.File](r, fieldStdin) = s.stdin
	*runnerPtr[io.Writer](r, fieldStdout) = s.stdout
	*runnerPtr[io.Writer](r, fieldStderr) = s.stderr
}

// expandConfig is the expansion configuration r uses right now, with its
// command substitutions and variables.
func expandConfig(r *interp.Runner) *expand.Config {
	return *runnerPtr[*expand.Config](r, fieldEcfg)
}

// setExitStatus makes st the result of the command r is running, the way
// an interp builtin's result would be.
func setExitStatus(r *interp.Runner, st exitStatus) { *runnerExit(r) = st }

// runnerOpt returns a pointer to one of interp's options by name: the
// POSIX ones of interpOptNames, or the supported bash ones, which follow
// them in interp's table. It is nil for an unknown name.
func runnerOpt(r *interp.Runner, name string) *bool {
	i, ok := runnerOptIndex[name]
	if !ok {
		return nil
	}
	return &runnerPtr[[len(interpOptNames) + len(interpBashOptNames)]bool](r, fieldOpts)[i]
}

// interpBashOptNames are the supported bash options at the start of
// interp's bashOptsTable, in order.
var interpBashOptNames = [...]string{"dotglob", "expand_aliases", "extglob", "globstar", "nocaseglob", "nullglob"}

var runnerOptIndex = func() map[string]int {
	m := map[string]int{}
	for i, o := range interpOptNames {
		m[o.name] = i
	}
	for i, name := range interpBashOptNames {
		m[name] = len(interpOptNames) + i
	}
	return m
}()

// handlerRunner is currentRunner (kept for the callers that use it).
func handlerRunner(hc interp.HandlerContext) *interp.Runner { return currentRunner(hc) }

// handlerRunnerOffset is where HandlerContext keeps its runner, or -1 when
// the field is not there (currentRunner then looks it up by reflection).
var handlerRunnerOffset = func() int {
	f, ok := reflect.TypeFor[interp.HandlerContext]().FieldByName("runner")
	if !ok || f.Type != reflect.TypeFor[*interp.Runner]() {
		return -1 // falls back to currentRunner
	}
	return int(f.Offset)
}()

// setStringVar sets a shell variable in r's current scope, reporting a
// read-only variable as an error.
func setStringVar(r *interp.Runner, name, value string) error {
	return runnerSetVarErr(r, name, expand.Variable{Set: true, Kind: expand.String, Str: value})
}
