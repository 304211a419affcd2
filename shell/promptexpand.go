package shell

import (
	"context"
	"io"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// varsEnviron reads the session's variables as they were after the last
// statement; the prompt is drawn between statements, so they are current.
type varsEnviron struct{ r *interp.Runner }

func (e varsEnviron) Get(name string) expand.Variable {
	if v, ok := e.r.Vars[name]; ok {
		return v
	}
	return e.r.Env.Get(name)
}

func (e varsEnviron) Each(f func(name string, vr expand.Variable) bool) {
	for name, v := range e.r.Vars {
		if !f(name, v) {
			return
		}
	}
}

// Var returns the value of a shell variable and whether it is set.
func (s *Shell) Var(name string) (string, bool) {
	v := varsEnviron{s.Runner}.Get(name)
	return v.String(), v.IsSet()
}

// Dir is the shell's current directory (which is not the process's).
func (s *Shell) Dir() string { return s.Runner.Dir }

// expandPromptVars does what bash's promptvars option does to PS1 after
// its backslash escapes: parameter expansion, command substitution and
// arithmetic. Errors leave the text as it was.
func (s *Shell) expandPromptVars(ctx context.Context, text string) string {
	if !strings.ContainsAny(text, "$`") {
		return text
	}
	word, err := s.Parser().Document(strings.NewReader(text))
	if err != nil {
		return text
	}
	cfg := &expand.Config{
		Env: varsEnviron{s.Runner},
		CmdSubst: func(w io.Writer, cs *syntax.CmdSubst) error {
			r2 := s.Runner.Subshell()
			interp.StdIO(nil, w, io.Discard)(r2)
			for _, st := range cs.Stmts {
				r2.Run(ctx, st)
			}
			return nil
		},
		ReadDir2: os.ReadDir,
	}
	out, err := expand.Document(cfg, word)
	if err != nil {
		return text
	}
	return out
}
