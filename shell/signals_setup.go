package shell

import (
	"mvdan.cc/sh/v3/syntax"
)

// setUpSignals sets the process's signal dispositions (once) before st
// runs, unless st cannot need them.
//
// Setting them is a third of what nosh itself does in `nosh -c true`
// (about 60 µs: reading which signals the parent ignores from /proc,
// then a dozen rt_sigaction calls), and a non-interactive shell whose
// statement is `true`, `false` or `:` never needs them: such a statement
// starts no program (which would inherit the dispositions), traps and
// sends no signal, cannot block (no redirection, no expansion, no output)
// and ends within microseconds. The one thing the set-up protects it
// from is a signal ignored on entry arriving while it runs (the Go
// runtime put its handler in place of SIG_IGN, and the shell would die
// of it); the process is exposed to exactly that already from its exec
// to its first statement (the runtime's start and shell.New, a
// millisecond or more), and such a statement adds microseconds to that
// window, not a new one. The first statement that is anything else
// settles the dispositions before it runs, as every statement did
// before; after that, Settle costs nothing. An interactive shell always
// settles: its set-up was started beside the first prompt (CatchSoon).
func (s *Shell) setUpSignals(st *syntax.Stmt) {
	if !s.Interactive && s.signalFree(st) {
		return
	}
	s.job.sig.Settle()
}

// signalFree reports whether st is one of the statements setUpSignals
// lets run before the signal set-up: `true`, `false` or `:` with literal
// arguments, no assignments, redirections or `!`, not in the background,
// with no function of that name and without xtrace (whose trace line
// could block on a full pipe).
func (s *Shell) signalFree(st *syntax.Stmt) bool {
	if st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
		return false
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Assigns) > 0 || len(call.Args) == 0 {
		return false
	}
	for _, w := range call.Args {
		if len(w.Parts) != 1 {
			return false
		}
		if _, lit := w.Parts[0].(*syntax.Lit); !lit {
			return false
		}
	}
	switch name := call.Args[0].Lit(); name {
	case "true", "false", ":":
		if _, fn := s.Runner.Funcs[name]; fn {
			return false
		}
	default:
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.flags.Xtrace
}
