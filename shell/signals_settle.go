package shell

import "mvdan.cc/sh/v3/syntax"

// signalFreeBuiltin reports whether name is a builtin that neither starts a
// program nor looks at or changes a signal's disposition, a trap or a job:
// it may run before the shell's signal set-up is done (beginStatement). Such
// builtins are what startup files, and the first lines of scripts, are made
// of. Any other command waits for the set-up first (settleBefore): a list of
// what is known to be safe, rather than of what is known not to be. A switch
// rather than a map literal, which would be filled at every start-up.
func signalFreeBuiltin(name string) bool {
	switch name {
	case "[", "test", "[[", ":", "true", "false",
		".", "source", "alias", "unalias",
		"export", "readonly", "declare", "typeset", "local",
		"unset", "set", "shopt", "shift", "return",
		"echo", "printf", "type", "hash", "umask",
		"cd", "pwd", "pushd", "popd", "dirs",
		"bind", "complete", "compopt", "let", "getopts",
		// The engine's own bookkeeping (package engine): set -e's status
		// keeper, function and declaration records, assignments' checks.
		"\x00exempt", "\x00funcdef", "\x00funcname", "\x00decl",
		"\x00declflag", "\x00xassign", "\x00args", "\x00argsdone",
		"\x00unexport", "\x00rocheck", "\x00quotemeta", "\x00fields",
		"\x00skip", "\x00flags":
		return true
	}
	return false
}

// settleBefore waits for the signal set-up before a command runs, unless
// it is a builtin signalFreeBuiltin names; once the set-up is done it costs
// a channel receive and an atomic load.
func (s *Shell) settleBefore(name string, builtin bool) {
	if builtin && signalFreeBuiltin(name) {
		return
	}
	s.job.sig.Settle()
}

// signalFreeStatement reports whether a non-interactive shell may run st
// before its signal set-up (reading which signals its parent ignores,
// giving the fatal signals back to the kernel, ignoring SIGQUIT): st starts
// no program, waits for nothing, sets or depends on no trap, and ends by
// itself. Then no signal can have a reason to reach the shell while st runs
// that it did not have while the shell was being made, and the set-up
// waits for the first statement that is not so, which may be none
// (`nosh -c 'x=1; echo $x'`). Judged on the statement as parsed, with
// aliases expanded:
//
//   - every command is a builtin signalFreeBuiltin names, by a literal
//     name that no function shadows, but `.` and `source`, whose file is
//     not seen here (a program, a trap, any other builtin or a function
//     call is not: a function's body is not seen either);
//   - nothing runs beside the shell or in a subshell: no `&`, pipe,
//     coprocess, ( … ), $( … ) or <( … );
//   - no loop: a statement that may run for ever must not run with the
//     set-up undone (a SIGQUIT would end it, an inherited ignored signal
//     kill it).
//
// A function definition runs nothing and is free unless it would shadow a
// free builtin. The commands inside a free statement still go through
// settleBefore, which settles for anything else (the rewrite adds calls of
// the engine's own).
func (s *Shell) signalFreeStatement(st *syntax.Stmt) bool {
	free := true
	syntax.Walk(st, func(n syntax.Node) bool {
		if !free {
			return false
		}
		switch n := n.(type) {
		case *syntax.Stmt:
			free = !n.Background && !n.Coprocess && !n.Disown
		case *syntax.CallExpr:
			if len(n.Args) > 0 {
				name, ok := literalName(n.Args[0])
				free = ok && name != "." && name != "source" && signalFreeBuiltin(name) &&
					(s.Runner == nil || s.Runner.Funcs[name] == nil)
			}
		case *syntax.FuncDecl:
			free = n.Name == nil || !signalFreeBuiltin(n.Name.Value)
			return false // the body is not run here
		case *syntax.BinaryCmd:
			free = n.Op != syntax.Pipe && n.Op != syntax.PipeAll
		case *syntax.WhileClause, *syntax.ForClause, *syntax.Subshell, *syntax.CmdSubst,
			*syntax.ProcSubst, *syntax.CoprocClause, *syntax.TimeClause:
			free = false
		}
		return free
	})
	return free
}

// literalName returns the text of a word that is one literal, unquoted.
func literalName(w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	lit, ok := w.Parts[0].(*syntax.Lit)
	if !ok {
		return "", false
	}
	return lit.Value, true
}
