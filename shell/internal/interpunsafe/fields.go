package interpunsafe

import (
	"context"
	"io"
	"math/rand/v2"
	"os"
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

// The fields nosh reaches, at their offsets in runner, interp.Runner's
// mirror: constants, so that a process finds nothing at start-up (finding
// them by reflection was a fifth of nosh's own initialisation).
const (
	fieldExit            = field(unsafe.Offsetof(runner{}.exit))
	fieldLastExit        = field(unsafe.Offsetof(runner{}.lastExit))
	fieldLastExpandExit  = field(unsafe.Offsetof(runner{}.lastExpandExit))
	fieldStdin           = field(unsafe.Offsetof(runner{}.stdin))
	fieldStdout          = field(unsafe.Offsetof(runner{}.stdout))
	fieldStderr          = field(unsafe.Offsetof(runner{}.stderr))
	fieldEcfg            = field(unsafe.Offsetof(runner{}.ecfg))
	fieldEctx            = field(unsafe.Offsetof(runner{}.ectx))
	fieldInSource        = field(unsafe.Offsetof(runner{}.inSource))
	fieldInFunc          = field(unsafe.Offsetof(runner{}.inFunc))
	fieldInLoop          = field(unsafe.Offsetof(runner{}.inLoop))
	fieldNoErrExit       = field(unsafe.Offsetof(runner{}.noErrExit))
	fieldSourceSetParams = field(unsafe.Offsetof(runner{}.sourceSetParams))
	fieldHandlingTrap    = field(unsafe.Offsetof(runner{}.handlingTrap))
	fieldBreak           = field(unsafe.Offsetof(runner{}.breakEnclosing))
	fieldContinue        = field(unsafe.Offsetof(runner{}.contnEnclosing))
	fieldCallbackExit    = field(unsafe.Offsetof(runner{}.callbackExit))
	fieldCallbackErr     = field(unsafe.Offsetof(runner{}.callbackErr))
	fieldAlias           = field(unsafe.Offsetof(runner{}.alias))
	fieldOptState        = field(unsafe.Offsetof(runner{}.optState))
	fieldDirStack        = field(unsafe.Offsetof(runner{}.dirStack))
	fieldOpts            = field(unsafe.Offsetof(runner{}.opts))
	fieldWriteEnv        = field(unsafe.Offsetof(runner{}.writeEnv))
	fieldTempDir         = field(unsafe.Offsetof(runner{}.tempDir))
)

// runner mirrors interp.Runner of the pinned mvdan.cc/sh/v3, field by
// field, with the unexported types replaced by mirrors of the same
// layout. TestRunnerLayout compares it with interp.Runner whole (every
// field's name, offset and type, recursively: sameLayout); the arrays
// below fail to compile if the two sizes differ.
type runner struct {
	Env             expand.Environ
	writeEnv        expand.WriteEnviron
	Dir             string
	tempDir         string
	Params          []string
	Vars            map[string]expand.Variable
	Funcs           map[string]*syntax.Stmt
	alias           map[string]Alias
	callHandler     interp.CallHandlerFunc
	execHandler     interp.ExecHandlerFunc
	execMiddlewares []func(interp.ExecHandlerFunc) interp.ExecHandlerFunc
	openHandler     interp.OpenHandlerFunc
	readDirHandler  interp.ReadDirHandlerFunc2
	statHandler     interp.StatHandlerFunc
	accessHandler   interp.AccessHandlerFunc
	stdin           *os.File
	stdout          io.Writer
	stderr          io.Writer
	ecfg            *expand.Config
	ectx            context.Context
	didReset        bool
	usedNew         bool
	filename        string
	rand            *rand.Rand
	breakEnclosing  int
	contnEnclosing  int
	inLoop          bool
	inFunc          bool
	inSource        bool
	handlingTrap    bool
	sourceSetParams bool
	noErrExit       bool
	exit            Status
	lastExit        Status
	lastExpandExit  Status
	bgProcs         []bgProc
	opts            [runnerOpts]bool
	origDir         string
	origParams      []string
	origOpts        [runnerOpts]bool
	origStdin       *os.File
	origStdout      io.Writer
	origStderr      io.Writer
	dirStack        []string
	dirBootstrap    [1]string
	optState        Getopts
	keepRedirs      bool
	callbackErr     string
	callbackExit    string
}

// runnerOpts is the length of interp's option array: its set options
// and all the bash options it knows, supported or not.
const runnerOpts = 60

// bgProc mirrors interp's bgProc.
type bgProc struct {
	done chan struct{}
	exit *Status
}

// Compile-time checks that runner and interp.Runner have the same size:
// one of the two array lengths is negative otherwise.
var (
	_ [unsafe.Sizeof(runner{}) - unsafe.Sizeof(interp.Runner{})]struct{}
	_ [unsafe.Sizeof(interp.Runner{}) - unsafe.Sizeof(runner{})]struct{}
)

// ptr returns a pointer to the field at off in r.
func ptr[T any](r *interp.Runner, off field) *T {
	return (*T)(unsafe.Add(unsafe.Pointer(r), uintptr(off)))
}

// handlerContext mirrors interp.HandlerContext of the pinned
// mvdan.cc/sh/v3, whose runner field Of reads: TestRunnerLayout compares
// the two field by field, and the arrays below fail to compile if their
// sizes differ. (Finding the field by reflection cost every start-up a
// few microseconds and reflect's pages.)
type handlerContext struct {
	runner         *interp.Runner
	kind           int
	Env            expand.Environ
	Dir            string
	Pos            syntax.Pos
	Stdin          io.Reader
	Stdout         io.Writer
	Stderr         io.Writer
	LastExitStatus int
}

var (
	_ [unsafe.Sizeof(handlerContext{}) - unsafe.Sizeof(interp.HandlerContext{})]struct{}
	_ [unsafe.Sizeof(interp.HandlerContext{}) - unsafe.Sizeof(handlerContext{})]struct{}
)

// Of returns the Runner that is executing the command described by hc:
// the main Runner, or the copy that interp made for a subshell, pipeline
// stage or background job.
//
// interp keeps it in an unexported field. Builtins need it to see the
// functions, variables and parameters of the scope they run in, and only
// the executing goroutine may touch that copy, which is exactly the one
// returned here.
func Of(hc interp.HandlerContext) *interp.Runner {
	return (*handlerContext)(unsafe.Pointer(&hc)).runner
}

// RunnerOf is Of(interp.HandlerCtx(ctx)): the Runner executing the
// handler call ctx was made for.
func RunnerOf(ctx context.Context) *interp.Runner { return Of(interp.HandlerCtx(ctx)) }
