package engine

import (
	"context"
	"nosh/shell/builtins"
	"nosh/shell/internal/interpunsafe"
	"strconv"
	"sync"
	"sync/atomic"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// With set -e, a failure that set -e ignores (the left side of && or ||,
// a command after !) must not end the shell when it becomes the status
// of the compound command around it either:
//
//	set -e; for f in *; do [ -f "$f" ] && echo "$f"; done; echo reached
//
// bash and dash print "reached"; interp checks the loop's status like a
// command's and exits. A failure that set -e does not ignore has ended
// the shell before the compound command finishes, so a compound command
// that ends in failure got it from an ignored one. The rewrite appends
// \x00exempt "$?" to each body of if, for, while, until, case and { }
// whose last statement can fail that way; when that status is not 0 it
// lifts set -e (and the ERR trap, which follows the same rule) until the
// next command runs, so the compound commands around it are not checked.
// A subshell and a function body are left alone: a function call or a
// subshell that fails is a failing command, in bash too. A function body
// ends with \x00exempt -resume "$?" instead, which puts set -e back, so
// that the call is checked.

const builtinExemptName = "\x00exempt"

// errexitHold is set -e lifted on one runner until the next command.
type errexitHold struct {
	active  atomic.Bool // r != nil, read without the lock by every command
	mu      sync.Mutex
	r       *interp.Runner
	errTrap string
}

// builtinExempt is \x00exempt STATUS: it keeps STATUS as the exit
// status, lifting set -e when STATUS is a failure.
func builtinExempt(ctx context.Context, c *call) error {
	args := c.Args
	if len(args) > 0 && args[0] == "-resume" {
		c.sh().ResumeErrexit()
		st, _ := strconv.Atoi(FirstArg(args[1:]))
		return builtins.StatusError(st)
	}
	st, _ := strconv.Atoi(FirstArg(args))
	if st == 0 {
		return nil
	}
	c.sh().LiftErrexit(c.R)
	return interp.ExitStatus(st)
}

// LiftErrexit lifts set -e and the ERR trap on r until the next command.
func (s *Engine) LiftErrexit(r *interp.Runner) {
	if r == nil || !*interpunsafe.Option(r, "errexit") {
		return
	}
	h := &s.errexitHold
	h.mu.Lock()
	if h.r == nil {
		h.r = r
		h.errTrap = *interpunsafe.ErrTrap(r)
		*interpunsafe.Option(r, "errexit") = false
		*interpunsafe.ErrTrap(r) = ""
		h.active.Store(true)
	}
	h.mu.Unlock()
}

// ResumeErrexit puts back set -e and the ERR trap lifted by \x00exempt;
// the CallHandler calls it before every command, and RunStmt after
// every statement.
func (s *Engine) ResumeErrexit() {
	h := &s.errexitHold
	if !h.active.Load() {
		return
	}
	h.mu.Lock()
	if h.r != nil {
		*interpunsafe.Option(h.r, "errexit") = true
		*interpunsafe.ErrTrap(h.r) = h.errTrap
		h.r, h.errTrap = nil, ""
		h.active.Store(false)
	}
	h.mu.Unlock()
}

// rewriteErrexitBodies appends \x00exempt "$?" to the bodies of the
// compound command n (see above). skip holds the blocks that are
// function bodies.
func rewriteErrexitBodies(n syntax.Node, skip map[*syntax.Block]bool) {
	switch n := n.(type) {
	case *syntax.FuncDecl:
		// Only bodies with a compound command that can lift set -e need
		// it put back: the call costs every function call a builtin.
		if b, ok := n.Body.Cmd.(*syntax.Block); ok && len(b.Stmts) > 0 && !isExemptCall(b.Stmts[len(b.Stmts)-1]) && liftsErrexit(b.Stmts) {
			pos := b.Stmts[len(b.Stmts)-1].End()
			call := &syntax.CallExpr{Args: []*syntax.Word{LitWord(pos, sentinel+builtinExemptName), LitWord(pos, "-resume"), StatusWord(pos)}}
			b.Stmts = append(b.Stmts, &syntax.Stmt{Cmd: call, Position: pos})
		}
	case *syntax.Block:
		if !skip[n] {
			n.Stmts = exemptTail(n.Stmts)
		}
	case *syntax.IfClause:
		if n.Cond != nil || n.Then != nil {
			n.Then = exemptTail(n.Then)
		}
	case *syntax.WhileClause:
		n.Do = exemptTail(n.Do)
	case *syntax.ForClause:
		n.Do = exemptTail(n.Do)
	case *syntax.CaseClause:
		for _, it := range n.Items {
			it.Stmts = exemptTail(it.Stmts)
		}
	}
}

// exemptTail appends the check after the last statement when that one
// can fail without ending the shell (see needsExempt).
func exemptTail(stmts []*syntax.Stmt) []*syntax.Stmt {
	if !needsExempt(stmts) {
		return stmts
	}
	last := stmts[len(stmts)-1]
	pos := last.End()
	call := &syntax.CallExpr{Args: []*syntax.Word{LitWord(pos, sentinel+builtinExemptName), StatusWord(pos)}}
	return append(stmts, &syntax.Stmt{Cmd: call, Position: pos})
}

// StatusWord is "$?", quoted so that the call needs no field splitting.
func StatusWord(pos syntax.Pos) *syntax.Word {
	pe := &syntax.ParamExp{Dollar: pos, Short: true, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "?"}}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{pe}}}}
}

// needsExempt reports whether a body's last statement can fail without
// ending the shell: an and-or list, a negated command, or a compound
// command (which may pass such a failure on).
func needsExempt(stmts []*syntax.Stmt) bool {
	if len(stmts) == 0 {
		return false
	}
	last := stmts[len(stmts)-1]
	if isExemptCall(last) || last.Background || last.Disown {
		return false
	}
	if last.Negated {
		return true
	}
	switch c := last.Cmd.(type) {
	case *syntax.BinaryCmd:
		return c.Op == syntax.AndStmt || c.Op == syntax.OrStmt
	case *syntax.Block:
		return !isPstatBlock(c)
	case *syntax.IfClause, *syntax.WhileClause, *syntax.ForClause, *syntax.CaseClause:
		return true
	}
	return false
}

// liftsErrexit reports whether a function body holds a compound command
// whose body gets the check, outside nested function definitions.
func liftsErrexit(stmts []*syntax.Stmt) bool {
	found := false
	for _, st := range stmts {
		syntax.Walk(st, func(n syntax.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *syntax.FuncDecl:
				return false
			case *syntax.Block:
				found = needsExempt(n.Stmts)
			case *syntax.IfClause:
				found = needsExempt(n.Then)
			case *syntax.WhileClause:
				found = needsExempt(n.Do)
			case *syntax.ForClause:
				found = needsExempt(n.Do)
			case *syntax.CaseClause:
				for _, it := range n.Items {
					found = found || needsExempt(it.Stmts)
				}
			}
			return !found
		})
	}
	return found
}

func isExemptCall(st *syntax.Stmt) bool {
	c, ok := st.Cmd.(*syntax.CallExpr)
	return ok && len(c.Args) > 0 && c.Args[0].Lit() == sentinel+builtinExemptName
}
