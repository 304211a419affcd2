package shell

import (
	"context"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/shell/internal/interpunsafe"
)

// importFunctions defines the functions bash exports in the environment
// (BASH_FUNC_NAME%%=() BODY), each parsed on its own: a value that is
// not exactly one function definition of that name is ignored, as bash
// ignores it.
func (s *Shell) importFunctions(r *interp.Runner, env []string) {
	for _, kv := range env {
		rest, ok := strings.CutPrefix(kv, "BASH_FUNC_")
		if !ok {
			continue
		}
		name, value, ok := strings.Cut(rest, "%%=")
		if !ok || !syntax.ValidName(name) || !strings.HasPrefix(value, "() ") {
			continue
		}
		src := name + " " + value + "\n"
		f, err := s.Parser().Parse(strings.NewReader(src), "")
		if err != nil || len(f.Stmts) != 1 {
			continue
		}
		st := f.Stmts[0]
		fd, ok := st.Cmd.(*syntax.FuncDecl)
		if !ok || fd.Name == nil || fd.Name.Value != name || st.Negated || st.Background || len(st.Redirs) > 0 {
			continue
		}
		s.NoteFunctionSources(src, f.Stmts)
		s.rewrite(st)
		r.Run(context.Background(), st)
	}
}

// refuseReadonlyFunc reports, with bash's error, a definition of a
// read-only function.
func (c *call) refuseReadonlyFunc(name string) bool {
	if !c.sh().eng.FuncReadonly(c.R, name) {
		return false
	}
	fmt.Fprintf(c.Stderr, "%s: %s: readonly function\n", c.sh().Name, name)
	return true
}

// refuseUnsetFunc reports, with bash's error, an unset -f of a read-only
// function.
func (c *call) refuseUnsetFunc(name string) bool {
	if !c.sh().eng.FuncReadonly(c.R, name) {
		return false
	}
	fmt.Fprintf(c.Stderr, "%s: unset: %s: cannot unset: readonly function\n", c.sh().Name, name)
	return true
}

// unsetScalarElement refuses, as bash does, to unset an element other
// than 0 of a variable that is not an array (interp says so without
// failing). It reports whether it did.
func (c *call) unsetScalarElement(base, name string) bool {
	sub, ok := strings.CutPrefix(name, base+"[")
	sub, ok2 := strings.CutSuffix(sub, "]")
	if !ok || !ok2 || sub == "0" || sub == "@" || sub == "*" {
		return false
	}
	if v := interpunsafe.LookupVar(c.R, base); !v.IsSet() || v.Kind != expand.String {
		return false
	}
	fmt.Fprintf(c.Stderr, "%s: unset: %s: not an array variable\n", c.sh().Name, base)
	return true
}
