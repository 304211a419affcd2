package engine

import (
	"context"
	"fmt"
	"nosh/shell/internal/quote"
	"runtime"
	"strings"
	"weak"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// set -x is nosh's own: interp's tracer would show the private builtins
// that rewritten statements call, and quotes arguments unlike bash. The
// call handler sees every simple command after expansion, which is what
// bash traces: PS4 (expanded, its first character repeated once per level
// of command substitution), then the words, quoted where needed.

type traceDepthKey struct{}

// traceDepth is how many command substitutions deep ctx is.
func traceDepth(ctx context.Context) int {
	d, _ := ctx.Value(traceDepthKey{}).(int)
	return d
}

func (s *Engine) xtraceOn() bool {
	on, _ := s.host.SetOptionOn("xtrace")
	return on
}

// Trace prints args as set -x does, if it is on.
func (s *Engine) Trace(ctx context.Context, hc *interp.HandlerContext, args []string) {
	if len(args) == 0 || strings.HasPrefix(args[0], "\x00") || !s.xtraceOn() {
		return
	}
	if ctx.Value(forcedExitKey{}) != nil {
		// The exit nosh runs itself at the end of a script.
		return
	}
	if s.tracingPS4.Load() > 0 {
		// A command PS4 runs is not traced (it would expand PS4 again).
		return
	}
	var b strings.Builder
	b.WriteString(s.tracePrefix(ctx, interpunsafe.Of(*hc)))
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(quote.ForTrace(a))
	}
	b.WriteByte('\n')
	fmt.Fprint(hc.Stderr, b.String())
}

// tracePrefix is PS4 expanded in r, its first character repeated once
// per level of command substitution.
func (s *Engine) tracePrefix(ctx context.Context, r *interp.Runner) string {
	ps4 := "+ "
	if r != nil {
		if v := interpunsafe.LookupVar(r, "PS4"); v.IsSet() {
			s.tracingPS4.Add(1)
			ps4 = s.expandPrompt(r, v.String())
			s.tracingPS4.Add(-1)
		}
	}
	if ps4 != "" {
		ps4 = strings.Repeat(ps4[:1], traceDepth(ctx)) + ps4
	}
	return ps4
}

// expandPrompt expands parameters, commands and arithmetic in a prompt
// string such as PS4, leaving it as is if it does not parse.
func (s *Engine) expandPrompt(r *interp.Runner, text string) string {
	if !strings.ContainsAny(text, "$`") {
		return text
	}
	w, err := s.host.Parser().Document(strings.NewReader(text))
	if err != nil {
		return text
	}
	out, err := expand.Document(interpunsafe.ExpandConfig(r), w)
	if err != nil {
		return text
	}
	return out
}

// Assignments with no command are traced too (+ a=1), as bash does. No
// handler sees them, so the rewrite follows such a statement with
// \x00xassign, which prints them from the variables once they are set;
// only code read after set -x was first turned on gets it, so that a
// script that never traces pays nothing.

const builtinXAssignName = "\x00xassign"

// traceAssignments makes st, a statement of assignments only, trace them.
func (s *Engine) traceAssignments(st *syntax.Stmt, call *syntax.CallExpr) {
	if !s.xtraceEver.Load() || len(call.Args) > 0 || len(call.Assigns) == 0 ||
		len(st.Redirs) > 0 || st.Negated || st.Background || st.Disown || st.Coprocess {
		return
	}
	key := weak.Make(call)
	traced := s.tracedAssigns
	if _, done := traced.LoadOrStore(key, true); done {
		return
	}
	runtime.AddCleanup(call, func(k weak.Pointer[syntax.CallExpr]) { traced.Delete(k) }, key)
	var names []string
	for _, as := range call.Assigns {
		if as.Name == nil {
			return
		}
		names = append(names, as.Name.Value)
	}
	pos := st.Position
	xa := &syntax.CallExpr{Args: []*syntax.Word{LitWord(pos, sentinel+builtinXAssignName)}}
	for _, n := range names {
		xa.Args = append(xa.Args, LitWord(pos, n))
	}
	inner := &syntax.Stmt{Position: pos, Cmd: call}
	st.Cmd = &syntax.Block{Lbrace: pos, Rbrace: pos, Stmts: []*syntax.Stmt{inner, {Position: pos, Cmd: xa}}}
}

// builtinXAssign traces the assignments to its variables when set -x is
// on, and keeps the status the assignments had.
func builtinXAssign(ctx context.Context, c *call) error {
	st := *interpunsafe.LastExit(c.R)
	if c.sh().xtraceOn() && c.sh().tracingPS4.Load() == 0 && ctx.Value(forcedExitKey{}) == nil {
		ps4 := "+ "
		if v := interpunsafe.LookupVar(c.R, "PS4"); v.IsSet() {
			c.sh().tracingPS4.Add(1)
			ps4 = c.sh().expandPrompt(c.R, v.String())
			c.sh().tracingPS4.Add(-1)
		}
		if ps4 != "" {
			ps4 = strings.Repeat(ps4[:1], traceDepth(ctx)) + ps4
		}
		var b strings.Builder
		for _, name := range c.Args {
			vr := interpunsafe.LookupVar(c.R, name)
			b.WriteString(ps4 + name + "=")
			switch vr.Kind {
			case expand.Indexed, expand.Associative:
				b.WriteString("(" + strings.Join(vr.List, " ") + ")")
			default:
				b.WriteString(quote.ForTrace(vr.String()))
			}
			b.WriteByte('\n')
		}
		fmt.Fprint(c.Stderr, b.String())
	}
	interpunsafe.SetExit(c.R, interpunsafe.Status{Code: st.Code})
	return errKeepStatus
}
