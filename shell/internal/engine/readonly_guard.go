package engine

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"weak"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// Assignments to read-only variables. interp reports the error and goes
// on: the rest of the command line runs, the for loop iterates. bash
// abandons the command line when the assignment has no command (POSIX
// mode: exits a non-interactive shell), and skips a for loop over a
// read-only variable (POSIX mode: exits). In POSIX mode an assignment
// before a special builtin exits too, and one before any other command
// abandons the line.
//
// Checking every assignment as it runs would cost every loop; instead
// the rewrite guards the assignments and loops whose variable has been
// made read-only somewhere in the shell before the code was read, which
// is where a script assigns one (readonly a=1 ... a=2).

// noteReadonly records the names a declaration makes read-only.
func (s *Engine) noteReadonly(dc *syntax.DeclClause) {
	ro := dc.Variant != nil && dc.Variant.Value == "readonly"
	for _, as := range dc.Args {
		if as.Name == nil && as.Naked && as.Value != nil {
			if f := as.Value.Lit(); len(f) > 1 && f[0] == '-' && strings.IndexByte(f, 'r') > 0 {
				ro = true
			}
		}
	}
	if !ro {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, as := range dc.Args {
		if as.Name != nil {
			if s.readonlyNames == nil {
				s.readonlyNames = map[string]bool{}
			}
			s.readonlyNames[as.Name.Value] = true
		}
	}
}

// everReadonly reports whether name has been declared read-only.
func (s *Engine) everReadonly(name string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.readonlyNames[name]
}

// guardDecl guards the assignments of the declaration builtins to
// variables declared read-only: the error is reported once, as bash
// words it (interp's own line lacks the shell's and the builtin's
// names), and for export and readonly (special builtins) in POSIX mode
// it ends a non-interactive shell.
func (s *Engine) guardDecl(dc *syntax.DeclClause) {
	if dc.Variant == nil {
		return
	}
	g := &readonlyGuard{command: true, decl: dc.Variant.Value}
	switch dc.Variant.Value {
	case "export", "readonly":
		g.special = true
	case "declare", "typeset", "local":
	default:
		return
	}
	var first *syntax.Assign
	for _, as := range dc.Args {
		if as.Name == nil || as.Naked || as.Array != nil {
			continue
		}
		if first == nil {
			first = as
		}
		if s.everReadonly(as.Name.Value) {
			g.names = append(g.names, as.Name.Value)
		}
	}
	if len(g.names) == 0 || first == nil {
		return
	}
	if first.Value == nil {
		first.Value = &syntax.Word{}
	}
	first.Value.Parts = append(first.Value.Parts, s.hookSubst(first.Pos(), g))
}

// readonlyGuard checks, when a command's assignments run, that none of
// its variables is read-only.
type readonlyGuard struct {
	names   []string
	command bool   // the assignments come before a command
	special bool   // a special builtin
	decl    string // the declaration builtin that assigns, if one does
}

// guardAssignments guards the assignments to a variable declared
// read-only somewhere. Before a command (not in POSIX mode, where the
// hook decides) the statement becomes a \x00call, which skips a read-only
// assignment with one message and runs the command, as bash does: interp
// would report the error twice (setting, then restoring the variable)
// and fail the command. Without a command, a readonlyGuard at the end of
// the value of the first such assignment runs after that value is
// expanded, before the variable is set (the assignments before it are
// made, as in bash), and abandons the line.
func (s *Engine) guardAssignments(st *syntax.Stmt, call *syntax.CallExpr) {
	var first *syntax.Assign
	g := &readonlyGuard{}
	for _, as := range call.Assigns {
		if as.Name != nil && s.everReadonly(as.Name.Value) {
			g.names = append(g.names, as.Name.Value)
			if first == nil {
				first = as
			}
		}
	}
	if first == nil || first.Array != nil || first.Naked {
		return
	}
	if len(call.Args) > 0 {
		g.command = true
		g.special = IsSpecialBuiltin(call.Args[0].Lit())
		if !g.special && st.Cmd == call {
			sc := SentinelCall(call.Args[0].Pos(), builtinCallName, "")
			s.StashArg(sc, &callStash{call: call})
			st.Cmd = sc
			return
		}
	}
	if first.Value == nil {
		first.Value = &syntax.Word{}
	}
	pos := first.Pos()
	first.Value.Parts = append(first.Value.Parts, s.hookSubst(pos, g))
}

// check is the guard's run-time side: it aborts as bash would, or lets
// interp report the error and run the command.
func (g *readonlyGuard) hookValue(s *Engine, r *interp.Runner) (string, error) {
	name := ""
	for _, n := range g.names {
		if interpunsafe.LookupVar(r, n).ReadOnly {
			name = n
			break
		}
	}
	if name == "" {
		return "", nil
	}
	msg := s.name() + ": " + name + ": readonly variable"
	posix := s.posixMode()
	switch {
	case !g.command:
		// interp goes on to set the variable and reports the error
		// again, without nosh's name: that line is dropped.
		dropNextLine(r, name+": readonly variable\n")
		return "", &Abort{Msg: msg, Exit: posix}
	case posix && (g.special || g.decl == ""):
		return "", &Abort{Msg: msg, Exit: g.special}
	case g.decl != "":
		// interp goes on to report it without the names: nosh's line
		// replaces it; the declaration fails and goes on, as bash's.
		if g.decl != "export" && g.decl != "readonly" {
			msg = s.name() + ": " + g.decl + ": " + name + ": readonly variable"
		}
		fmt.Fprintln(interpunsafe.GetStreams(r).Stderr, msg)
		dropNextLine(r, name+": readonly variable\n")
	}
	return "", nil
}

// guardForLoop makes a for loop over a variable declared read-only check
// it first: `\x00rocheck NAME && for …`.
func (s *Engine) guardForLoop(st *syntax.Stmt, fc *syntax.ForClause) {
	wi, ok := fc.Loop.(*syntax.WordIter)
	if !ok || wi.Name == nil || !s.everReadonly(wi.Name.Value) {
		return
	}
	// The rewrite walks on into the loop, which it must not guard twice.
	key := weak.Make(fc)
	guarded := s.guardedLoops
	if _, done := guarded.LoadOrStore(key, true); done {
		return
	}
	runtime.AddCleanup(fc, func(k weak.Pointer[syntax.ForClause]) { guarded.Delete(k) }, key)
	check := &syntax.CallExpr{Args: []*syntax.Word{
		LitWord(fc.ForPos, sentinel+builtinROCheckName), LitWord(fc.ForPos, wi.Name.Value),
	}}
	st.Cmd = &syntax.BinaryCmd{OpPos: fc.ForPos, Op: syntax.AndStmt,
		X: &syntax.Stmt{Position: fc.ForPos, Cmd: check},
		Y: &syntax.Stmt{Position: fc.ForPos, Cmd: fc},
	}
}

const builtinROCheckName = "\x00rocheck"

// builtinROCheck fails when its variable is read-only (in POSIX mode, a
// non-interactive shell exits).
func builtinROCheck(ctx context.Context, c *call) error {
	name := FirstArg(c.Args)
	if !interpunsafe.LookupVar(c.R, name).ReadOnly {
		return nil
	}
	msg := fmt.Sprintf("%s: %s: readonly variable", c.sh().name(), name)
	fmt.Fprintln(c.Stderr, msg)
	if c.sh().posixMode() {
		return &Abort{Msg: msg, Exit: true}
	}
	return interp.ExitStatus(1)
}

// RewriteReadOnlyAssigns hands the assignment-only commands of a
// top-level statement that assign to a read-only variable to nosh's
// \x00call, which abandons the line after the error as bash does (interp
// only fails the command). Only variables read-only now are found: the
// statement runs next, in this goroutine, so the runner may be read.
func (s *Engine) RewriteReadOnlyAssigns(root *syntax.Stmt) {
	syntax.Walk(root, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.FuncDecl:
			return false
		case *syntax.Stmt:
			call, ok := n.Cmd.(*syntax.CallExpr)
			if !ok || len(call.Args) > 0 {
				return true
			}
			for _, as := range call.Assigns {
				if as.Name != nil && s.host.MainRunner().Vars[as.Name.Value].ReadOnly {
					sc := SentinelCall(n.Position, builtinCallName, "")
					s.StashArg(sc, &callStash{call: call})
					n.Cmd = sc
					return false
				}
			}
		}
		return true
	})
}

// dropNextLine makes r's standard error drop the next write when it is
// line, and pass any other through; either way the first write puts the
// runner's own writer back.
func dropNextLine(r *interp.Runner, line string) {
	st := interpunsafe.GetStreams(r)
	if st.Stderr == nil {
		return
	}
	d := &lineDropper{r: r, w: st.Stderr, line: line}
	st.Stderr = d
	interpunsafe.SetStreams(r, st)
}

// lineDropper is a standard error that drops one line (dropNextLine).
// The expansion error comes first, so it lets through up to two other
// writes before it gives up and puts the runner's writer back.
type lineDropper struct {
	r      *interp.Runner
	w      io.Writer
	line   string
	passed int
}

func (d *lineDropper) Write(p []byte) (int, error) {
	drop := string(p) == d.line
	if !drop {
		d.passed++
	}
	if drop || d.passed > 2 {
		if st := interpunsafe.GetStreams(d.r); st.Stderr == io.Writer(d) {
			st.Stderr = d.w
			interpunsafe.SetStreams(d.r, st)
		}
	}
	if drop {
		return len(p), nil
	}
	return d.w.Write(p)
}
