package shell

import (
	"context"
	"fmt"
	"os"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/config"
	"nosh/perms"
	"nosh/perms/rulefile"
)

// getenv reads a shell variable, so that an API key exported in the
// session counts at once.
func (s *Shell) getenv(name string) string {
	v, _ := s.Var(name)
	return v
}

// environ lists the exported variables as NAME=value.
func (s *Shell) environ() []string {
	return execEnv(varsEnviron{s.Runner})
}

// commandExists reports whether name is a builtin, function, alias or
// program on PATH.
func (s *Shell) commandExists(name string) bool {
	if s.IsBuiltin(name) || s.Runner.Funcs[name] != nil {
		return true
	}
	path, _ := s.Var("PATH")
	_, err := findInPath(s.Dir(), path, name)
	return err == nil
}

// newPolicy builds the permission policy: the persisted rules, the config
// file's extra rules and a project's deny rules.
func (se *session) newPolicy() *perms.Policy {
	s := se.sh
	deny := append([]string(nil), se.cfg.Permissions.Deny...)
	proj, warns := config.LoadProject(s.Dir())
	for _, w := range warns {
		fmt.Fprintf(s.stderr, "nosh: warning: %s\n", w.Error())
	}
	deny = append(deny, proj.Deny...)
	var store perms.RuleStore
	if se.paths.PermissionsFile != "" {
		store = rulefile.Open(se.paths.PermissionsFile)
	}
	p, err := perms.NewPolicy(perms.Options{
		Dialect: s.Dialect,
		Store:   store,
		Allow:   se.cfg.Permissions.Allow,
		Deny:    deny,
		Env: func() (expand.Environ, string) {
			return varsEnviron{s.Runner}, s.Dir()
		},
		Protected: se.protectedPaths(),
	})
	if err != nil {
		fmt.Fprintf(s.stderr, "nosh: warning: permission rules: %v\n", err)
	}
	return p
}

// prefill puts text into the line editor for the next prompt.
func (se *session) prefill(text string) {
	if se.rl == nil {
		return
	}
	se.pending = text
	se.rl.Keys.Feed(false, []rune(prefillSeq)...)
}

// runStmts runs parsed statements as one line typed at the prompt: each
// gets its own context, cancelled by an interrupt (Ctrl+C).
func (se *session) runStmts(ctx context.Context, stmts []*syntax.Stmt, interrupts <-chan os.Signal) (exit bool, status int) {
	s := se.sh
	for _, st := range stmts {
		runCtx, cancel := context.WithCancel(ctx)
		stop := watchInterrupt(interrupts, cancel)
		exit, status = s.RunStmt(runCtx, st)
		// An exit inside an ERR or EXIT trap is only seen here.
		exit, status = s.AfterStatement(runCtx, exit, status)
		stop()
		cancel()
		if exit {
			return true, status
		}
		if s.lineInterrupted() || s.lineAborted() {
			// Ctrl+C or an error ended the statement: like bash, abandon
			// the rest of the line.
			break
		}
	}
	return false, status
}

// catastrophic reports whether a statement is on the permission engine's
// built-in catastrophic list, for the highlighter's danger colour. It
// analyses without rules or expansion previews: cheap enough per keystroke.
func (se *session) catastrophic(stmt string) bool {
	an := perms.Analyze(stmt, se.sh.Dialect, varsEnviron{se.sh.Runner}, se.sh.Dir())
	for _, u := range an.Units {
		if u.Catastrophe != "" {
			return true
		}
	}
	for _, f := range an.Findings {
		if f.Kind == perms.KindCatastrophic {
			return true
		}
	}
	return false
}
