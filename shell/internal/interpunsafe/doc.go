// Package interpunsafe is nosh's only window into the unexported state of
// mvdan.cc/sh/v3/interp.Runner: methods reached with //go:linkname, and
// fields reached at the offsets of runner, a mirror of Runner's layout
// declared here.
//
// Several of a real shell's semantics cannot be had through interp's
// handlers: redirections of file descriptors above 2, `eval` and `.` that
// run nosh-parsed (and nosh-rewritten) code in the current scope, an EXIT
// trap whose own `exit` sets the status, field splitting as POSIX defines
// it. They need to run statements in the current runner and to read and
// set its standard streams, exit state, options, aliases and scopes.
// Everything of that kind goes through the typed API of this package; no
// other package of nosh uses linkname, unsafe or reflection on interp, so
// every call site shows that it depends on interp's private layout.
//
// This ties nosh to the exact mvdan.cc/sh/v3 version in go.mod. The
// mirror's size is checked against Runner's when nosh compiles, and
// TestRunnerLayout compares the whole layout, field by field (the offsets
// used to be found by reflection at start-up, in every process);
// TestLinked exercises the linked methods, and TestInterpVersion fails
// when go.mod names another version, since linkname never checks
// signatures. An upgrade that moves anything fails the tests loudly
// instead of corrupting memory.
package interpunsafe
