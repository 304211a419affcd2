package interpunsafe

import (
	"context"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"sync"
	"unsafe"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Status mirrors interp's exitStatus: the state of the shell after a
// command.
type Status struct {
	Code      uint8
	Returning bool // a function or sourced file `return`ed
	Exiting   bool // the shell is exiting
	FatalExit bool // exiting because of a fatal error; Err is set
	Err       error
}

// Alias mirrors interp's alias: one entry of a runner's alias table.
type Alias struct {
	Args  []*syntax.Word
	Blank bool
}

// Getopts mirrors interp's getopts state: where getopts is in its
// arguments.
type Getopts struct {
	Argidx  int
	Runeidx int
}

// field is the byte offset of one unexported Runner field.
type field uintptr

var (
	fieldExit            = mustField[Status]("exit")
	fieldLastExit        = mustField[Status]("lastExit")
	fieldLastExpandExit  = mustField[Status]("lastExpandExit")
	fieldStdin           = mustField[*os.File]("stdin")
	fieldStdout          = mustField[io.Writer]("stdout")
	fieldStderr          = mustField[io.Writer]("stderr")
	fieldEcfg            = mustField[*expand.Config]("ecfg")
	fieldEctx            = mustField[context.Context]("ectx")
	fieldInSource        = mustField[bool]("inSource")
	fieldInFunc          = mustField[bool]("inFunc")
	fieldInLoop          = mustField[bool]("inLoop")
	fieldNoErrExit       = mustField[bool]("noErrExit")
	fieldSourceSetParams = mustField[bool]("sourceSetParams")
	fieldHandlingTrap    = mustField[bool]("handlingTrap")
	fieldBreak           = mustField[int]("breakEnclosing")
	fieldContinue        = mustField[int]("contnEnclosing")
	fieldCallbackExit    = mustField[string]("callbackExit")
	fieldCallbackErr     = mustField[string]("callbackErr")
	fieldAlias           = mustField[map[string]Alias]("alias")
	fieldOptState        = mustField[Getopts]("optState")
	fieldDirStack        = mustField[[]string]("dirStack")
	fieldOpts            = mustField[[len(posixOpts) + len(bashOpts)]bool]("opts")
	fieldWriteEnv        = mustField[expand.WriteEnviron]("writeEnv")
	fieldTempDir         = mustField[string]("tempDir")
)

// ptr returns a pointer to the field at off in r.
func ptr[T any](r *interp.Runner, off field) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(r), uintptr(off)))
}

// mustField finds an unexported field of interp.Runner and checks that
// its memory layout is T's. The opts array is longer than the options
// nosh touches; only its element type and prefix matter. At start-up
// only the kind and size are compared; TestFieldLayouts compares the
// whole layout (sameLayout), which the pinned version of mvdan.cc/sh can
// only change together with go.mod.
func mustField[T any](name string) field {
	f, ok := runnerFields()[name]
	want := reflect.TypeFor[T]()
	if !ok {
		panic(fmt.Sprintf("nosh: interp.Runner has no field %q: mvdan.cc/sh/v3 changed, see shell/internal/interpunsafe", name))
	}
	fieldTypes = append(fieldTypes, fieldType{name, want})
	if name == "opts" {
		if f.Type.Kind() != reflect.Array || f.Type.Elem().Kind() != reflect.Bool || f.Type.Len() < want.Len() {
			panic("nosh: interp.Runner.opts changed: mvdan.cc/sh/v3 changed, see shell/internal/interpunsafe")
		}
		return field(f.Offset)
	}
	if f.Type.Kind() != want.Kind() || f.Type.Size() != want.Size() {
		panic(fmt.Sprintf("nosh: interp.Runner.%s is %v, nosh expects %v: mvdan.cc/sh/v3 changed, see shell/internal/interpunsafe", name, f.Type, want))
	}
	return field(f.Offset)
}

// fieldType is a field mustField found and the type nosh reads it as.
type fieldType struct {
	name string
	want reflect.Type
}

// fieldTypes lists the fields mustField found, for the test of their
// layouts.
var fieldTypes []fieldType

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
// the same type, or structs (maps, slices) of the same shape. Struct
// fields must match by name, ignoring the case of the first letter: the
// mirrors export what interp keeps unexported.
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
			if !strings.EqualFold(fa.Name, fb.Name) || fa.Offset != fb.Offset || !sameLayout(fa.Type, fb.Type) {
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

// handlerRunnerOffset is where HandlerContext keeps its runner, or -1 when
// the field is not there (Of then looks it up by reflection).
var handlerRunnerOffset = func() int {
	f, ok := reflect.TypeFor[interp.HandlerContext]().FieldByName("runner")
	if !ok || f.Type != reflect.TypeFor[*interp.Runner]() {
		return -1
	}
	return int(f.Offset)
}()

// Of returns the Runner that is executing the command described by hc:
// the main Runner, or the copy that interp made for a subshell, pipeline
// stage or background job.
//
// interp keeps it in an unexported field. Builtins need it to see the
// functions, variables and parameters of the scope they run in, and only
// the executing goroutine may touch that copy, which is exactly the one
// returned here.
//
// This runs several times for every command: hc must not escape, so the
// reflection fallback (which takes its address) lives in a function of
// its own that gets a copy only when the offset was not found.
func Of(hc interp.HandlerContext) *interp.Runner {
	if handlerRunnerOffset >= 0 {
		return *(**interp.Runner)(unsafe.Add(unsafe.Pointer(&hc), handlerRunnerOffset))
	}
	return runnerByName(hc)
}

// RunnerOf is Of(interp.HandlerCtx(ctx)): the Runner executing the
// handler call ctx was made for.
func RunnerOf(ctx context.Context) *interp.Runner { return Of(interp.HandlerCtx(ctx)) }

// runnerByName finds hc's runner by reflection, for a HandlerContext
// whose runner field handlerRunnerOffset could not place.
//
//go:noinline
func runnerByName(hc interp.HandlerContext) *interp.Runner {
	v := reflect.ValueOf(&hc).Elem().FieldByName("runner")
	if !v.IsValid() || v.Kind() != reflect.Pointer {
		return nil
	}
	return (*interp.Runner)(v.UnsafePointer())
}
