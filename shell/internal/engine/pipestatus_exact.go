package engine

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// PIPESTATUS exactly as bash keeps it, in code that reads it. By default
// PIPESTATUS after a command that is not a pipeline is computed lazily
// from $? (builtin_pipeline.go), which is wrong after `! cmd` (bash keeps
// cmd's status), after a compound command (bash keeps the status of the
// last pipeline run inside it), and after a command no call handler sees
// ([[ ]], (( )), an assignment alone). Once the shell has read code that
// names PIPESTATUS, the rewrite follows each command that bash counts as
// a pipeline of one with \x00pstat, which sets PIPESTATUS to its status
// before any `!` applies:
//
//	cmd    →  { cmd; \x00pstat; }
//	! cmd  →  ! \x00pstatrun N    (runs cmd with set -e ignored, as
//	                                bash ignores it after !)
//
// Compound commands are left as they are: the commands inside them set
// it. Pipelines set it themselves (\x00pipe).

const (
	builtinPstatName    = "\x00pstat"
	builtinPstatRunName = "\x00pstatrun"
)

// wrapPipestatus makes st set PIPESTATUS when it runs, if it is a
// pipeline of one command that is not compound.
func (s *Engine) wrapPipestatus(st *syntax.Stmt) {
	if !s.gateOpen(pipestatusGate) || st.Background || st.Coprocess || st.Disown || st.Cmd == nil {
		return
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && strings.HasPrefix(cmd.Args[0].Lit(), sentinel) {
			return
		}
	case *syntax.TestClause, *syntax.ArithmCmd, *syntax.DeclClause, *syntax.LetClause, *syntax.Subshell:
	default:
		return
	}
	// The Engine's pstatWrapped holds the statements put in a block
	// here, which the walk then meets again.
	wrapped := s.pstatWrapped // weak.Pointer[syntax.Stmt] → bool
	key := weak.Make(st)
	if _, seen := wrapped.Load(key); seen {
		return
	}
	pos := st.Position
	inner := &syntax.Stmt{Position: pos, Cmd: st.Cmd, Redirs: st.Redirs}
	if st.Negated {
		// The walk does not reach into the stash: rewrite it here.
		s.rewrite(inner)
		call := SentinelCall(pos, builtinPstatRunName, "")
		s.StashArg(call, inner)
		st.Cmd, st.Redirs = call, nil
		return
	}
	ikey := weak.Make(inner)
	wrapped.Store(ikey, true)
	runtime.AddCleanup(inner, func(k weak.Pointer[syntax.Stmt]) { wrapped.Delete(k) }, ikey)
	pstat := &syntax.Stmt{Position: pos, Cmd: &syntax.CallExpr{Args: []*syntax.Word{LitWord(pos, sentinel+builtinPstatName)}}}
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{inner, pstat}}
	st.Redirs = nil
}

// builtinPstat sets PIPESTATUS to the status of the command before it,
// and keeps that status.
func builtinPstat(ctx context.Context, c *call) error {
	last := interpunsafe.LastExit(c.R).Code
	interpunsafe.SetVar(c.R, "PIPESTATUS", expand.Variable{Set: true, Kind: expand.Indexed, List: []string{strconv.Itoa(int(last))}})
	interpunsafe.DelVar(c.R, pipeStaleVar)
	interpunsafe.SetExit(c.R, interpunsafe.Status{Code: last})
	return errKeepStatus
}

// builtinPstatRun runs the statement of a `!` with set -e ignored, and
// sets PIPESTATUS to its status, which it keeps (the `!` then applies).
func builtinPstatRun(ctx context.Context, c *call) error {
	st, ok := c.sh().stash.get(FirstArg(c.Args)).(*syntax.Stmt)
	if !ok {
		return fmt.Errorf("nosh: lost statement %q", c.Args)
	}
	noErrExit := interpunsafe.NoErrExit(c.R)
	old := *noErrExit
	*noErrExit = true
	interpunsafe.SetExit(c.R, interpunsafe.Status{})
	interpunsafe.Stmt(c.R, ctx, st)
	*noErrExit = old
	code := interpunsafe.Exit(c.R).Code
	interpunsafe.SetVar(c.R, "PIPESTATUS", expand.Variable{Set: true, Kind: expand.Indexed, List: []string{strconv.Itoa(int(code))}})
	interpunsafe.DelVar(c.R, pipeStaleVar)
	return errKeepStatus
}

// isPstatBlock reports whether b is the block wrapPipestatus made of one
// command: it is that command, not a compound command.
func isPstatBlock(b *syntax.Block) bool {
	if len(b.Stmts) != 2 {
		return false
	}
	c, ok := b.Stmts[1].Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) == 1 && c.Args[0].Lit() == sentinel+builtinPstatName
}
