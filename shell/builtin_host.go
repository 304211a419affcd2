package shell

import (
	"context"
	"io"
	"nosh/shell/internal/engine"
	"nosh/shell/internal/quote"
	"nosh/shell/jobs"
	"os"
	"syscall"
	"time"

	"nosh/shell/builtins"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// builtinHost is the Shell as packages builtins and engine see it
// (builtins.Shell, engine.Host).
// It is a conversion of *Shell, free of cost, whose own method set keeps
// the interface's names apart from the Shell's fields and methods.
type builtinHost Shell

var (
	_ builtins.Shell = (*builtinHost)(nil)
	_ engine.Host    = (*builtinHost)(nil)
)

func (h *builtinHost) shell() *Shell { return (*Shell)(h) }

// ProgramName implements builtins.Shell.
func (h *builtinHost) ProgramName() string { return h.Name }

// LineEditor implements builtins.Shell.
func (h *builtinHost) LineEditor() builtins.LineEditFunc { return h.shell().lineEditor }

// SpecialFailed implements builtins.Shell.
func (h *builtinHost) SpecialFailed(name string, err error, status int) error {
	return h.shell().specialBuiltinFailed(name, err, status)
}

// Fatal implements builtins.Shell.
func (h *builtinHost) Fatal(msg string) error {
	return &shellAbort{Msg: h.Name + ": " + msg, Exit: true}
}

// IsInteractive implements builtins.Shell.
func (h *builtinHost) IsInteractive() bool { return h.Interactive }

// ShoptOn implements builtins.Shell.
func (h *builtinHost) ShoptOn(name string) bool { return h.shell().shoptOn(name) }

// SetOptionOn implements builtins.Shell.
func (h *builtinHost) SetOptionOn(name string) (on, own bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	p := h.flags.ByName(name)
	return p != nil && *p, p != nil
}

// StartTime implements builtins.Shell.
func (h *builtinHost) StartTime() time.Time { return h.started }

// File implements builtins.Shell.
func (h *builtinHost) File(ctx context.Context, r *interp.Runner, fd int) *os.File {
	return h.eng.File(ctx, r, fd)
}

// IsClosed implements builtins.Shell.
func (h *builtinHost) IsClosed(w io.Writer) bool { return engine.IsClosed(w) }

// WithUmask implements builtins.Shell.
func (h *builtinHost) WithUmask(f func(mask *int)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f(&h.umask)
}

// Parser implements builtins.Shell.
func (h *builtinHost) Parser() *syntax.Parser { return h.shell().Parser() }

// PosixMode implements builtins.Shell.
func (h *builtinHost) PosixMode() bool { return h.shell().posixMode() }

// AttrValue implements builtins.Shell.
func (h *builtinHost) AttrValue(r *interp.Runner, name, value string) (string, error) {
	return h.eng.AttrValue(r, name, value)
}

// Eval implements builtins.Shell.
func (h *builtinHost) Eval(ctx context.Context, c *builtins.Call, src io.Reader, name string) error {
	return (*call)(c).runParsed(ctx, src, name, false, false)
}

// Engine implements engine.Host.
func (h *builtinHost) Engine() *engine.Engine { return h.eng }

// IsBuiltin implements builtins.Shell.
func (h *builtinHost) IsBuiltin(name string) bool { return h.shell().IsBuiltin(name) }

// OwnBuiltin implements builtins.Shell.
func (h *builtinHost) OwnBuiltin(name string) bool {
	_, ok := h.builtins[name]
	return ok
}

// RunBuiltinViaCommand implements builtins.Shell.
func (h *builtinHost) RunBuiltinViaCommand(ctx context.Context, name string, args []string) error {
	return h.shell().runBuiltin(context.WithValue(ctx, viaCommandKey{}, true), name, args)
}

// RunProgram implements builtins.Shell.
func (h *builtinHost) RunProgram(ctx context.Context, args []string, path string) error {
	return h.shell().execExternal(ctx, args, path)
}

// WithHash implements builtins.Shell.
func (h *builtinHost) WithHash(f func(paths map[string]string, hits map[string]int)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f(h.hashs, h.hashHits)
}

// LookPath implements builtins.Shell.
func (h *builtinHost) LookPath(dir, path, name string) (string, error) {
	return findInPath(dir, path, name)
}

// IsExecutable implements builtins.Shell.
func (h *builtinHost) IsExecutable(path string) bool { return isExecutable(path) }

// FunctionText implements builtins.Shell.
func (h *builtinHost) FunctionText(name string, body *syntax.Stmt) string {
	return h.shell().eng.FormatFunction(name, body)
}

// Jobs implements builtins.Shell.
func (h *builtinHost) Jobs() *jobs.Table { return h.shell().jobs() }

// Terminal implements builtins.Shell.
func (h *builtinHost) Terminal() *jobs.Terminal { return h.shell().terminal() }

// ResumeForeground implements builtins.Shell.
func (h *builtinHost) ResumeForeground(j *jobs.Job, announce func()) error {
	return h.shell().resumeForeground(j, announce)
}

// TrapArrived implements builtins.Shell.
func (h *builtinHost) TrapArrived() <-chan struct{} { return h.job.sig.Arrived() }

// LastTrapped implements builtins.Shell.
func (h *builtinHost) LastTrapped() syscall.Signal { return h.job.sig.LastTrapped() }

// pub returns the call as package builtins sees it.
func (c *call) pub() *builtins.Call { return (*builtins.Call)(c) }

// The helpers builtins share, for the core's own builtins.

func (c *call) writeOut(s string) error { return c.pub().WriteOut(s) }

func (c *call) setArrayVar(name string, values []string) error {
	return c.pub().SetArrayVar(name, values)
}

func (c *call) options(spec string, set func(opt byte, arg string)) ([]string, error) {
	return c.pub().Options(spec, set)
}

func describeErrno(err error) string { return builtins.DescribeErrno(err) }

func shellSingleQuote(s string) string { return quote.Single(s) }

// The alias table is package builtins' (alias, unalias); the core reads it.

func aliases(r *interp.Runner) map[string]string { return builtins.Aliases(r) }

func hasAlias(r *interp.Runner, name string) bool { return builtins.HasAlias(r, name) }

func aliasLookup(r *interp.Runner) func(string) (string, bool) { return builtins.AliasLookup(r) }
