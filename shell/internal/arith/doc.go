// Package arith evaluates shell arithmetic as bash does: on the text of
// an expression once its expansions are done, every variable's value
// being itself an expression. The shell supplies variables through Vars.
// It depends on nothing but the standard library.
package arith
