// Package linefeed feeds a script's source to the parser a line at a
// time, as bash reads it, and keeps the lines it fed since the last
// complete statement.
//
// Source is read a line at a time, as bash reads it: the statements that a
// line completes run before the next line is read, so that an alias they
// define applies from the next line on, and the next line is expanded for
// aliases when it is read (package shell/internal/alias).
//
// The log lets the core parse again a here-document the end of the
// source leaves open (bash's warning, not an error) and record the text
// of the functions a script defines.
package linefeed
