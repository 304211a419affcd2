package shell

import (
	"context"
	"io"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The statement rewrite is package engine's (Engine.Rewrite); the shell
// adds its own changes to each node the walk meets, here:
//   - $- becomes a call to a builtin that knows nosh's own flags;
//   - $0 reads BASH_ARGV0, which holds $0 as in bash (interp's own $0 is
//     only right when a whole file is run at once);
//   - $LINENO becomes the line it is on;
//   - SECONDS and PATH assignments are noticed (dynvars.go,
//     path_hash.go).

// rewrite adjusts a parsed statement (or any node) before it runs.
func (s *Shell) rewrite(node syntax.Node) { s.eng.Rewrite(node) }

// RewriteNode implements engine.Host: the shell's changes to n.
func (h *builtinHost) RewriteNode(n syntax.Node) {
	s := h.shell()
	switch n := n.(type) {
	case *syntax.Word:
		rewriteParts(n.Parts)
	case *syntax.DblQuoted:
		rewriteParts(n.Parts)
	case *syntax.Assign:
		s.seconds.NoteAssign(n)
	case *syntax.DeclClause:
		s.hookPathAssigns(n.Args)
	case *syntax.Stmt:
		if call, ok := n.Cmd.(*syntax.CallExpr); ok {
			s.hookPathAssigns(call.Assigns)
		}
	}
}

// RewriteBackground implements engine.Host.
func (h *builtinHost) RewriteBackground(st *syntax.Stmt) { h.shell().rewriteBackground(st) }

// StartJob implements engine.Host.
func (h *builtinHost) StartJob(ctx context.Context, r *interp.Runner, stderr io.Writer, st *syntax.Stmt, text string,
	prepare func(r2 *interp.Runner), ended func()) int {
	return h.shell().startJob(ctx, r, stderr, st, text, false, prepare, ended)
}
