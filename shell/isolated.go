package shell

import (
	"context"
	"fmt"
	"io"
	"nosh/shell/internal/varlist"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Isolated is how RunIsolated runs code: its standard input, its output
// (standard output and error both), and variables (NAME=value) exported
// in it before it runs.
type Isolated struct {
	Stdin *os.File
	Out   io.Writer
	Env   []string
}

// RunIsolated runs stmts in a subshell of the shell: they see its
// functions, aliases and variables but change none of them, nor its
// directory. Each statement is rewritten as the shell's own are; ctx may
// carry a Guard (WithGuard), which does not see the variables of in.Env
// being set. It stops after an exit or once ctx is done, and returns the
// status of the last statement run.
func (s *Shell) RunIsolated(ctx context.Context, stmts []*syntax.Stmt, in Isolated) (int, error) {
	r := s.Runner.Subshell()
	interp.StdIO(in.Stdin, in.Out, in.Out)(r)
	if len(in.Env) > 0 {
		if err := exportIn(WithGuard(ctx, nil), r, in.Env); err != nil {
			return 1, err
		}
		for _, kv := range in.Env {
			// interp takes the directory of its process substitutions'
			// pipes from $TMPDIR once, at its start: a subshell given
			// another (the agent's scratch directory, the one place its
			// sandboxed programs may open them for writing) uses it.
			if dir, ok := strings.CutPrefix(kv, "TMPDIR="); ok && filepath.IsAbs(dir) {
				*interpunsafe.TempDir(r) = filepath.Clean(dir)
			}
		}
	}
	status := 0
	for _, stmt := range stmts {
		s.rewrite(stmt)
		err := r.Run(ctx, stmt)
		status = exitStatusOf(err)
		if status < 0 {
			status = 1
		}
		if r.Exited() || ctx.Err() != nil {
			break
		}
	}
	return status, nil
}

// exportIn exports NAME=value variables in r.
func exportIn(ctx context.Context, r *interp.Runner, vars []string) error {
	var b strings.Builder
	b.WriteString("export")
	for _, kv := range vars {
		name, value, _ := strings.Cut(kv, "=")
		q, err := syntax.Quote(value, syntax.LangBash)
		if err != nil {
			return fmt.Errorf("agent environment: %v", err)
		}
		b.WriteString(" " + name + "=" + q)
	}
	f, err := syntax.NewParser().Parse(strings.NewReader(b.String()), "")
	if err != nil {
		return fmt.Errorf("agent environment: %v", err)
	}
	return r.Run(ctx, f.Stmts[0])
}

// Environ lists the exported variables as NAME=value.
func (s *Shell) Environ() []string { return execEnv(varlist.Settled{R: s.Runner}) }

// Vars are the shell's variables as the last statement left them.
func (s *Shell) Vars() expand.Environ { return varlist.Settled{R: s.Runner} }

// CommandKind says what a command name is: "function", "builtin",
// "program" when it is a program on PATH, or "" for none of them.
func (s *Shell) CommandKind(name string) string {
	switch {
	case s.Runner.Funcs[name] != nil:
		return "function"
	case s.IsBuiltin(name):
		return "builtin"
	}
	path, _ := s.Var("PATH")
	if _, err := findInPath(s.Dir(), path, name); err == nil {
		return "program"
	}
	return ""
}
