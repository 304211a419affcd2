package shell

import (
	"context"
	"io"
	"nosh/shell/internal/varlist"
	"os"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Var returns the value of a shell variable and whether it is set.
func (s *Shell) Var(name string) (string, bool) {
	v := varlist.Settled{R: s.Runner}.Get(name)
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
		Env: varlist.Settled{R: s.Runner},
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
