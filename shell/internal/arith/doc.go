// Package arith evaluates shell arithmetic as bash does: on the text of
// an expression once its expansions are done, every variable's value
// being itself an expression. The evaluator (Eval) takes its variables
// through Vars and depends on nothing but the standard library;
// RunnerVars supplies the variables of an interp runner, arrays and name
// references included, through shell/internal/interpunsafe.
package arith
