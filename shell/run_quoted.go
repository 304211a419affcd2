package shell

import (
	"context"
	"maps"
	"nosh/shell/internal/interpunsafe"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// What the command line sets before the shell runs anything: $0, and the
// options (set, shopt), run as statements built from quoted words.

// SetArg0 sets $0. It writes the variable directly: an assignment run
// as a statement would go through the statement machinery (parsing,
// signal set-up, traps) before the shell has run anything.
func (s *Shell) SetArg0(name string) {
	env := *interpunsafe.WriteEnv(s.Runner)
	env.Set("BASH_ARGV0", expand.Variable{Set: true, Kind: expand.String, Str: name})
	// interp copies its variables into Runner.Vars after each statement,
	// and nosh reads them there between statements (varlist.Settled): an
	// interactive shell reads them before its first statement (the prompt,
	// the AI's permission gate), so copy them as that statement would.
	if s.Interactive {
		maps.Insert(s.Runner.Vars, env.Each)
	}
}

// runQuoted runs prefix followed by each arg quoted as one word, e.g.
// runQuoted(ctx, "set ", "-e") or runQuoted(ctx, "x=", value).
func (s *Shell) runQuoted(ctx context.Context, prefix string, args ...string) (exit bool, status int) {
	f, ok := s.quotedStmt(prefix, args...)
	if !ok {
		return false, 2
	}
	return s.RunStmt(ctx, f)
}

// runQuotedOn is runQuoted on another runner (a subshell's).
func (s *Shell) runQuotedOn(ctx context.Context, r *interp.Runner, prefix string, args ...string) int {
	f, ok := s.quotedStmt(prefix, args...)
	if !ok {
		return 2
	}
	return max(exitStatusOf(r.Run(ctx, f)), 0)
}

// quotedStmt parses prefix followed by each arg quoted as one word.
func (s *Shell) quotedStmt(prefix string, args ...string) (*syntax.Stmt, bool) {
	src := prefix
	for i, a := range args {
		q, err := syntax.Quote(a, syntax.LangBash)
		if err != nil {
			return nil, false
		}
		if i > 0 {
			src += " "
		}
		src += q
	}
	f, err := s.Parser().Parse(strings.NewReader(src), "")
	if err != nil || len(f.Stmts) != 1 {
		return nil, false
	}
	return f.Stmts[0], true
}

// SetOptions applies command-line options such as -e or -o pipefail.
func (s *Shell) SetOptions(ctx context.Context, opts []string) (exit bool, status int) {
	return s.runQuoted(ctx, "set ", opts...)
}

// ShoptOptions applies the -O and +O options of the command line, pairs
// of "-s" or "-u" and a name ("-O" or "+O" alone lists the options). An
// invalid name is a usage error (status 2), as in bash.
func (s *Shell) ShoptOptions(ctx context.Context, opts []string) int {
	for i := 0; i < len(opts); i++ {
		switch opts[i] {
		case "-O", "+O":
			flag := "-p"
			if opts[i] == "-O" {
				flag = ""
			}
			args := []string{}
			if flag != "" {
				args = append(args, flag)
			}
			s.runQuoted(ctx, "shopt ", args...)
			continue
		}
		if _, st := s.runQuoted(ctx, "shopt ", opts[i], opts[i+1]); st != 0 {
			return 2
		}
		i++
	}
	return 0
}
