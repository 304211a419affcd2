package builtins

import (
	"context"
	"errors"
	"fmt"
	"io"
	"nosh/shell/jobs"
	"os"
	"syscall"
	"time"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Func implements one builtin. It returns nil for status 0 or an
// interp.ExitStatus; any other error is fatal to the statement.
type Func func(ctx context.Context, c *Call) error

// Call is one invocation of a builtin: the one description of a call
// that every builtin gets, wherever it is implemented (the core's and
// the engine's builtins see it as their own call type, with their
// helpers as methods). The handler context of the call is
// interp.HandlerCtx of the context the builtin gets.
type Call struct {
	// Sh is the shell running the builtin.
	Sh Shell
	// R is the runner executing the call (maybe a subshell's).
	R *interp.Runner
	// Name is the builtin's name, for messages.
	Name string
	// Args are the arguments after the name.
	Args []string
	// Stdin, Stdout and Stderr are the call's standard streams.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// ViaCommand is set when `command NAME` runs the builtin: a special
	// builtin is then an ordinary one (its errors do not end the shell).
	ViaCommand bool
}

// NoInput is the standard input of a builtin run without one: always at
// end of file. One value serves every call (it has no state), where a
// strings.Reader per call was an allocation per command.
var NoInput io.Reader = noInput{}

type noInput struct{}

func (noInput) Read([]byte) (int, error) { return 0, io.EOF }

// LineEditFunc reads one line from the terminal with the line editor, as
// read -e does: Tab completing file names, no highlighting, suggestions
// or history. It returns ErrEditInterrupted after Ctrl+C, io.EOF after
// Ctrl+D on an empty line, and ErrEditTimeout when the time allowed ran
// out (the line, half typed, is then wiped from the screen, as bash's).
type LineEditFunc func(ctx context.Context, req LineEdit) (string, error)

// LineEdit is what read asks of the line editor.
type LineEdit struct {
	// Prompt is shown before the line (-p); Initial is already typed (-i).
	Prompt, Initial string
	// MaxChars, when more than 0, ends the line as soon as a typed key
	// makes it that many characters long (-n, -N), as if Enter followed.
	MaxChars int
	// Timeout, when more than 0, gives the line up after that long (-t).
	Timeout time.Duration
}

// ErrKeepStatus is what a builtin returns when it ran shell code itself
// (Call.Eval, and the core's eval, ., the rewrite's builtins): the
// runner's exit state, with a pending return, exit or break, is its
// result.
var ErrKeepStatus = errors.New("keep the runner's exit status")

// ErrEditInterrupted is what a LineEditFunc returns after Ctrl+C.
var ErrEditInterrupted = errors.New("interrupted")

// ErrEditTimeout is what a LineEditFunc returns when LineEdit.Timeout
// passed.
var ErrEditTimeout = errors.New("timed out")

// Shell is what builtins need of the shell that runs them. The core
// implements it; its methods are safe to call from any runner of the
// shell.
type Shell interface {
	// ProgramName is the name that starts the shell's messages.
	ProgramName() string
	// LineEditor is the interactive shell's line editor for read -e, or
	// nil when there is none (a script, nosh -c).
	LineEditor() LineEditFunc
	// SpecialFailed is the result of builtin name, a special builtin
	// that reported a usage error (err, status), its message out: in
	// POSIX mode a non-interactive shell exits; otherwise err stands.
	SpecialFailed(name string, err error, status int) error
	// Fatal returns the error for msg (already reported) that ends a
	// non-interactive shell, as an unset variable under set -u does.
	Fatal(msg string) error
	// IsInteractive reports whether the shell is interactive.
	IsInteractive() bool
	// ShoptOn reports whether shopt option name is on.
	ShoptOn(name string) bool
	// SetOptionOn reports whether `set -o` option name, one the shell
	// keeps itself, is on; own is false for an option it does not keep
	// (interp's, or none).
	SetOptionOn(name string) (on, own bool)
	// StartTime is when the shell started (printf's %(fmt)T of -2).
	StartTime() time.Time
	// File returns descriptor fd (3 or more) as a command run by r in
	// ctx sees it, or nil when it is not open or not a file.
	File(ctx context.Context, r *interp.Runner, fd int) *os.File
	// IsClosed reports whether w stands for a closed descriptor (>&-).
	IsClosed(w io.Writer) bool
	// WithUmask calls f with the shell's file mode mask, under the lock
	// that guards it; f may change it.
	WithUmask(f func(mask *int))
	// Parser returns a parser in the shell's dialect.
	Parser() *syntax.Parser
	// PosixMode reports whether the shell is in POSIX mode.
	PosixMode() bool
	// AttrValue returns value as assigning it to name in r makes it
	// under name's attributes (declare -i, -l, -u, -c), for the
	// builtins that assign (read, printf -v, getopts).
	AttrValue(r *interp.Runner, name, value string) (string, error)
	// ScriptFile reports whether the shell runs a script file, whose top
	// level is bash's frame "main".
	ScriptFile() bool
	// Eval parses src and runs it in c's scope, as eval does (Call.Eval).
	Eval(ctx context.Context, c *Call, src io.Reader, name string) error

	// IsBuiltin reports whether name is a builtin, the shell's or interp's.
	IsBuiltin(name string) bool
	// OwnBuiltin reports whether name is one of the shell's own builtins
	// (not interp's).
	OwnBuiltin(name string) bool
	// RunBuiltinViaCommand runs the shell's builtin name as `command`
	// does: a special builtin is then an ordinary one.
	RunBuiltinViaCommand(ctx context.Context, name string, args []string) error
	// RunProgram runs args as a program looked up in path ($PATH when
	// empty), as a simple command does, skipping functions and builtins.
	RunProgram(ctx context.Context, args []string, path string) error
	// WithHash calls f with the shell's command hash table (name →
	// path) and its hit counts, under the lock that guards them.
	WithHash(f func(paths map[string]string, hits map[string]int))
	// LookPath finds the executable name in path, relative to dir, as
	// the shell looks programs up.
	LookPath(dir, path, name string) (string, error)
	// IsExecutable reports whether path is an executable regular file.
	IsExecutable(path string) bool
	// FunctionText prints the definition of function name as bash does.
	FunctionText(name string, body *syntax.Stmt) string

	// Jobs is the shell's job table.
	Jobs() *jobs.Table
	// Terminal is the terminal the shell controls jobs on, or nil
	// without job control.
	Terminal() *jobs.Terminal
	// ResumeForeground continues job j in the foreground and waits until
	// it stops or ends; announce prints it when it has the terminal.
	ResumeForeground(j *jobs.Job, announce func()) error
	// TrapArrived is closed when a trapped signal arrives, to interrupt
	// a wait.
	TrapArrived() <-chan struct{}
	// LastTrapped is the trapped signal that arrived last.
	LastTrapped() syscall.Signal
}

// Usage prints "NAME: usage: text" (without the shell's name, as bash
// prints a usage line) and fails with status 2.
func (c *Call) Usage(text string) error {
	fmt.Fprintf(c.Stderr, "%s: usage: %s\n", c.Name, text)
	if !c.ViaCommand {
		return c.Sh.SpecialFailed(c.Name, interp.ExitStatus(2), 2)
	}
	return interp.ExitStatus(2)
}

// Errorf prints "nosh: NAME: message" to standard error and returns
// status. Status 2 is a usage error, which ends a non-interactive shell
// in POSIX mode when the builtin is a special one.
func (c *Call) Errorf(status int, format string, a ...any) error {
	fmt.Fprintf(c.Stderr, "%s: %s: %s\n", c.Sh.ProgramName(), c.Name, fmt.Sprintf(format, a...))
	if status == 2 && !c.ViaCommand {
		return c.Sh.SpecialFailed(c.Name, interp.ExitStatus(status), status)
	}
	return interp.ExitStatus(status)
}

// Eval parses src and runs it in the caller's scope, as eval does; the
// runner's status is then the result (the builtin returns
// ErrKeepStatus). It returns the parse error, unreported, if src does not
// parse.
func (c *Call) Eval(ctx context.Context, src io.Reader, name string) error {
	return c.Sh.Eval(ctx, c, src, name)
}
