package assistant

import (
	"context"
	"io"
	"os"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Host is what the assistant needs of the shell it serves and of the
// line editor: the REPL implements it over the shell. The assistant
// never reaches the shell otherwise, so it imports neither the core nor
// the REPL.
type Host interface {
	// Dir is the shell's current directory.
	Dir() string
	// Getenv returns the value of a shell variable, "" when it is unset:
	// an API key exported in the session counts at once.
	Getenv(name string) string
	// Environ lists the exported variables as NAME=value.
	Environ() []string
	// Vars are the shell's variables, for the permission engine.
	Vars() expand.Environ
	// CommandKind says what a command name is: "function", "builtin",
	// "program" (on PATH), or "" when it is none of those.
	CommandKind(name string) string
	// Interactive reports whether the shell is interactive.
	Interactive() bool

	// Run runs cmd in the shell as if the user had typed it, each
	// statement cancelled by an interrupt; ctx carries the Guard (Guarded).
	// With out, the commands' standard output and error are out.
	Run(ctx context.Context, cmd string, out *os.File, interrupts <-chan os.Signal) (exit bool, status int)
	// Subshell runs stmts in a subshell of the shell, which sees its
	// functions, aliases and variables but changes nothing of it, with
	// the given standard input, output (also standard error) and
	// variables exported before the Guard sees anything; ctx carries the
	// Guard.
	Subshell(ctx context.Context, stmts []*syntax.Stmt, stdin *os.File, out io.Writer, env []string) (status int, err error)
	// Guarded returns a context under which the shell checks what runs
	// with g.
	Guarded(ctx context.Context, g Guard) context.Context
	// TrackPrograms returns a context under which the programs an agent
	// command starts are recorded: its kill and wait reach only them, and
	// stop ends those still running and says how many there were.
	TrackPrograms(ctx context.Context) (tracked context.Context, stop func() int)

	// Prefill puts text into the line editor for the next prompt.
	Prefill(text string)
	// Record adds a line to the history, as if it was typed.
	Record(line string)
	// Highlighter colours a command line as the line editor does; nil
	// when there is none.
	Highlighter() func(cmd string) string
}

// Guard is the shell's Guard (package shell): the same method set, so
// that the value the assistant makes is the shell's.
type Guard interface {
	CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc
	ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc
	OpenHandler(next interp.OpenHandlerFunc) interp.OpenHandlerFunc
	Refusal() string
	Program(ctx context.Context, path string, argv []string) (newPath string, newArgv, env []string, sandboxed bool)
	Agent() bool
	Builtin(name string, args []string) (ok bool, why string)
	Refused(ctx context.Context, what, why string) bool
}
