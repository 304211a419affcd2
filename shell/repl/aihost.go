package repl

import (
	"context"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell"
	"nosh/shell/assistant"
)

// sessionHost is the interactive session as the assistant's Host: the
// shell, its line editor and its history.
type sessionHost struct{ se *session }

func (h sessionHost) Dir() string                    { return h.se.sh.Dir() }
func (h sessionHost) Getenv(name string) string      { return h.se.sh.Getenv(name) }
func (h sessionHost) Environ() []string              { return h.se.sh.Environ() }
func (h sessionHost) Vars() expand.Environ           { return h.se.sh.Vars() }
func (h sessionHost) CommandKind(name string) string { return h.se.sh.CommandKind(name) }
func (h sessionHost) Interactive() bool              { return h.se.sh.Interactive }
func (h sessionHost) Prefill(text string)            { h.se.prefill(text) }
func (h sessionHost) Record(line string)             { h.se.recordLine(line) }

func (h sessionHost) Highlighter() func(string) string { return h.se.highlighter }

func (h sessionHost) Guarded(ctx context.Context, g assistant.Guard) context.Context {
	return shell.WithGuard(ctx, g)
}

func (h sessionHost) TrackPrograms(ctx context.Context) (context.Context, func() int) {
	return shell.TrackAgentPrograms(ctx)
}

func (h sessionHost) Subshell(ctx context.Context, stmts []*syntax.Stmt, stdin *os.File, out io.Writer, env []string) (int, error) {
	return h.se.sh.RunIsolated(ctx, stmts, shell.Isolated{Stdin: stdin, Out: out, Env: env})
}

// Run runs cmd in the user's shell exactly as if it was typed; with out,
// the shell's standard output and error are out meanwhile.
func (h sessionHost) Run(ctx context.Context, cmd string, out *os.File, interrupts <-chan os.Signal) (exit bool, status int) {
	s := h.se.sh
	f, err := s.Parser().Parse(strings.NewReader(cmd+"\n"), "")
	if err != nil {
		s.ReportSyntax(err, "ai")
		return false, 2
	}
	if out != nil {
		interp.StdIO(s.stdin, out, out)(s.Runner)
		defer interp.StdIO(s.stdin, s.stdout, s.stderr)(s.Runner)
	}
	return s.RunStmts(ctx, f.Stmts, interrupts)
}

// prefill puts text into the line editor for the next prompt.
func (se *session) prefill(text string) {
	if se.rl == nil {
		return
	}
	se.pending = text
	se.rl.Keys.Feed(false, []rune(prefillSeq)...)
}
