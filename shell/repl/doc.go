// Package repl is nosh's interactive session: the read-eval loop on the
// line editor (reeflective/readline) and the plain loop without one, the
// prompt and how it is drawn, history and its ! expansion, highlighting
// and completion wired to the shell, key bindings and inputrc, editing a
// line in $EDITOR, the slash commands, crash reports, and the assistant's
// Host (the `?` and `??` lines go to shell/assistant).
//
// The core (package shell) knows nothing of it. Attach gives a core
// [shell.Shell] the builtins that belong to the editor and history (bind,
// history, fc, complete, compgen, compopt: scripts have them too, as in
// bash) through Shell.Register, and Run drives it through the core's
// exported API (RunStmts, BeforePrompt, ExpandString, SetEditingMode and
// the like).
package repl
