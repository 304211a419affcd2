package engine

import (
	"context"
	"errors"
	"iter"
	"os"
	"slices"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/builtins"
)

// Engine is the statement rewrite of one shell and the state it keeps:
// the stash of rewritten pieces, the descriptors exec opened, the lazy
// words of ${x:-word}, set -e lifted in compound commands, the read-only
// names seen so far. One Engine serves every runner of its shell (the
// main one, subshells, background jobs); its methods are safe to call
// from any of them.
type Engine struct {
	host Host

	// stash holds the AST pieces of rewritten statements
	// (builtin_rewrite.go).
	stash *stashTable
	// lazyWords records, for each command substitution in the word of a
	// ${x:-word} (and the like), the expansions it belongs to. interp
	// expands that word even when the value of x is used instead; the
	// rewrite notes the expansions when it meets them, before the
	// substitutions inside (builtin_subshell.go).
	lazyWords sync.Map // *syntax.CmdSubst or *syntax.ArithmExp → []*syntax.ParamExp
	// execFds are the descriptors exec opened, per runner
	// (builtin_redirect.go).
	execFds execFdTables
	// coproc is the last coprocess started (coproc.go).
	coproc coprocState

	// errexitHold is set -e lifted after an ignored failure inside a
	// compound command (errexit_compound.go).
	errexitHold errexitHold

	// mu guards readonlyNames, assocNames, typedNames and timeStack.
	mu sync.Mutex
	// readonlyNames are the variables declared read-only so far
	// (readonly_guard.go).
	readonlyNames map[string]bool
	// assocNames are the variables declared associative so far
	// (assoc_assign.go).
	assocNames map[string]bool
	// typedNames are the variables declared with -i, -l, -u or -c so
	// far (var_attrs.go).
	typedNames map[string]bool
	// timeStack holds the start of each time keyword running
	// (builtin_time.go).
	timeStack []timeSample

	// xtraceEver is set once set -x has been on (builtin_xtrace.go).
	xtraceEver atomic.Bool
	// tracingPS4 counts the PS4 expansions under way (builtin_xtrace.go).
	tracingPS4 atomic.Int32
	// funcnameOn is set once FUNCNAME is tracked (funcname.go).
	funcnameOn atomic.Bool
	// gates open once code naming their feature was read
	// (source_gates.go).
	gates sourceGates
	// subshellPids numbers subshells for BASHPID (bashpid.go).
	subshellPids atomic.Int64

	// tracedAssigns are the assignment statements traceAssignments has
	// followed with \x00xassign, guardedLoops the loops guardForLoop
	// has guarded: weak.Pointer[*syntax.CallExpr or *syntax.ForClause]
	// → true. funcSources maps a function's body to its source text
	// (function_source.go), pstatWrapped holds the statements
	// wrapPipestatus has put in a block (pipestatus_exact.go); both are
	// keyed by weak.Pointer[syntax.Stmt]. Each map is allocated on its
	// own, so that the cleanups that empty them refer to it and never to
	// the Engine.
	tracedAssigns, guardedLoops, funcSources, pstatWrapped *sync.Map
}

// New returns the engine of a shell that host stands for.
func New(host Host) *Engine {
	return &Engine{
		host:    host,
		stash:   newStashTable(),
		execFds: execFdTables{m: map[*interp.Runner]fdTable{}},

		tracedAssigns: new(sync.Map),
		guardedLoops:  new(sync.Map),
		funcSources:   new(sync.Map),
		pstatWrapped:  new(sync.Map),
	}
}

// Sentinel prefixes the names of the shell's builtins once its
// CallHandler has claimed a call; no function or program can be named
// with a NUL byte.
const Sentinel = "\x00nosh:"

const sentinel = Sentinel

// ErrKeepStatus is returned by builtins that ran shell code themselves
// (eval, ., the redirection and expansion builtins): the runner's exit
// state, with a pending return, exit or break, is their result.
var ErrKeepStatus = builtins.ErrKeepStatus

var errKeepStatus = ErrKeepStatus

// call is one invocation of one of the engine's builtins: the call as
// every builtin gets it, with the engine's helpers as methods.
type call builtins.Call

// sh is the engine of the shell running the call.
func (c *call) sh() *Engine { return c.Sh.(Host).Engine() }

// builtinFunc implements one of the engine's builtins. It returns nil for
// status 0 or an interp.ExitStatus; any other error is fatal to the
// statement.
type builtinFunc func(ctx context.Context, c *call) error

// builtinFor returns the builtin the engine runs for name, or nil: the
// private ones that rewritten statements call, and the public ones whose
// work is the rewrite's (declare and its kin, break, continue). A switch,
// where a map literal was filled by code at every start-up.
func builtinFor(name string) builtinFunc {
	switch name {
	case builtinRedirName:
		return builtinRedir
	case builtinSubshellName:
		return builtinSubshell
	case builtinCsubstName:
		return builtinCsubst
	case builtinCatName:
		return builtinCat
	case builtinSkipName, builtinArgsDoneName:
		return builtinSkip
	case "break", "continue":
		return builtinLoopJump
	case builtinExemptName:
		return builtinExempt
	case builtinCallName, builtinArgsName:
		return builtinCall
	case builtinFieldName:
		return builtinFields
	case builtinDeclName:
		return builtinDecl
	case builtinLocalName:
		return builtinLocal
	case builtinQuoteMetaName:
		return builtinQuoteMeta
	case builtinPipeName:
		return builtinPipe
	case "export", "readonly", "declare", "typeset", "local":
		return builtinDeclCmd
	case builtinROCheckName:
		return builtinROCheck
	case builtinWhileName:
		return builtinWhile
	case builtinXAssignName:
		return builtinXAssign
	case builtinUnexportName:
		return builtinUnexport
	case builtinTimeStartName:
		return builtinTimeStart
	case builtinTimeEndName:
		return builtinTimeEnd
	case builtinFuncnameName:
		return builtinFuncname
	case builtinFuncDefName:
		return builtinFuncDef
	case builtinPstatName:
		return builtinPstat
	case builtinPstatRunName:
		return builtinPstatRun
	case builtinXtraceName:
		return builtinXtrace
	case builtinDeclFlagName:
		return builtinDeclFlag
	case builtinCoprocName:
		return builtinCoproc
	case builtinDeclAttrName:
		return builtinDeclAttr
	}
	return nil
}

// builtinNames lists the names builtinFor knows.
var builtinNames = [...]string{
	builtinRedirName,
	builtinSubshellName,
	builtinCsubstName,
	builtinCatName,
	builtinSkipName,
	"break",
	"continue",
	builtinExemptName,
	builtinCallName,
	builtinArgsName,
	builtinArgsDoneName,
	builtinFieldName,
	builtinDeclName,
	builtinLocalName,
	builtinQuoteMetaName,
	builtinPipeName,
	"export",
	"readonly",
	"declare",
	"typeset",
	"local",
	builtinROCheckName,
	builtinWhileName,
	builtinXAssignName,
	builtinUnexportName,
	builtinTimeStartName,
	builtinTimeEndName,
	builtinFuncnameName,
	builtinFuncDefName,
	builtinPstatName,
	builtinPstatRunName,
	builtinXtraceName,
	builtinDeclFlagName,
	builtinCoprocName,
	builtinDeclAttrName,
}

// BuiltinNames lists the builtins the engine runs (RunBuiltin), private
// ones included.
func BuiltinNames() iter.Seq[string] { return slices.Values(builtinNames[:]) }

// RunBuiltin is every builtin of the engine (BuiltinNames) as the shell
// registers it: it runs the one c.Name says. Its result is the builtin's:
// nil, an interp.ExitStatus, ErrKeepStatus, or an error fatal to the
// statement.
func RunBuiltin(ctx context.Context, c *builtins.Call) error {
	f := builtinFor(c.Name)
	if f == nil {
		return errors.New("nosh: no builtin " + c.Name)
	}
	return f(ctx, (*call)(c))
}

// pub returns the call as package builtins sees it, for the helpers
// builtins share.
func (c *call) pub() *builtins.Call { return (*builtins.Call)(c) }

// errorf prints "nosh: NAME: message" to standard error and returns
// status.
func (c *call) errorf(status int, format string, a ...any) error {
	return c.pub().Errorf(status, format, a...)
}

// builtin runs one of interp's own builtins in the current scope.
func (c *call) builtin(ctx context.Context, args ...string) error {
	return interp.HandlerCtx(ctx).Builtin(ctx, args)
}

func (c *call) writeOut(s string) error { return c.pub().WriteOut(s) }

func (c *call) setArrayVar(name string, values []string) error {
	return c.pub().SetArrayVar(name, values)
}

// The shell's own rewrites (background jobs, time, arithmetic, function
// definitions) keep their pieces in the same stash, and their hooks
// among the engine's.

// Stashed returns the piece stashed under key, nil if there is none (any
// more).
func (e *Engine) Stashed(key string) any { return e.stash.get(key) }

// TakeLazyWords returns, and forgets, the ${x:-word} expansions whose
// word holds n, a command substitution or an arithmetic expansion.
func (e *Engine) TakeLazyWords(n syntax.Node) []*syntax.ParamExp {
	lazy, ok := e.lazyWords.LoadAndDelete(n)
	if !ok {
		return nil
	}
	pes, _ := lazy.([]*syntax.ParamExp)
	return pes
}

// Hook is a value the shell computes in the middle of a word
// (HookSubst).
type Hook interface {
	// HookValue returns the text the hook expands to in r. An Abort
	// stops the runner.
	HookValue(r *interp.Runner) (string, error)
}

// hostHook is a hook of the shell's.
type hostHook struct{ Hook }

func (h hostHook) hookValue(_ *Engine, r *interp.Runner) (string, error) { return h.HookValue(r) }

// HookSubst returns the command substitution that stands for h.
func (e *Engine) HookSubst(pos syntax.Pos, h Hook) *syntax.CmdSubst {
	return e.hookSubst(pos, hostHook{h})
}

// StashedHook returns the shell's hook stashed under key, nil if there
// is none.
func (e *Engine) StashedHook(key string) Hook {
	h, _ := e.stash.get(key).(hostHook)
	return h.Hook
}

// NoteXtrace records that set -x has been on: from then on the rewrite
// marks assignments for tracing.
func (e *Engine) NoteXtrace() { e.xtraceEver.Store(true) }

// File returns descriptor fd (3 or more) as a command run by r in ctx
// sees it, or nil when it is not open or not a file.
func (e *Engine) File(ctx context.Context, r *interp.Runner, fd int) *os.File {
	if o := e.fdView(ctx, r)[fd]; o != nil {
		return o.f
	}
	return nil
}
