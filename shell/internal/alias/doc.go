// Package alias expands aliases as bash does: in the text of the program, as it is
// read. interp expands an alias when the command runs, and only into words,
// so an alias could not hold a keyword, an operator or a newline
// (alias LEFT='{', alias t='a | b', alias loop='for i in 1 2; do'), could
// not be defined and used on one line without applying at once, and did
// not expand the first word of its own value recursively.
//
// Expander reads source a line at a time and replaces each alias name
// that stands where a command word may (or after an alias whose value ends
// in a blank) by its value, then reads on from the start of the value, so
// that keywords and operators in it count and its first word may be an
// alias too (but not the one being expanded). It keeps just enough of the
// lexical state across lines to know where commands start: quotes, $( ),
// ${ }, $(( )), backquotes, here-document bodies, comments, and the
// keywords that take words (for, case, [[ ]], function).
package alias
