// Package interpunsafe is nosh's only window into the unexported state of
// mvdan.cc/sh/v3/interp.Runner: methods reached with //go:linkname, and
// fields reached at offsets found by reflection and checked against the
// mirror types declared here when the package is initialised.
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
// This ties nosh to the exact mvdan.cc/sh/v3 version in go.mod. Every
// field is found by name and its kind and size checked against the
// mirror declared here when the package is initialised (TestFieldLayouts
// compares the whole layout), TestLinked exercises the linked methods,
// and TestInterpVersion fails when go.mod names another version, since
// linkname never checks signatures. An upgrade that moves anything fails
// loudly at once instead of corrupting memory.
package interpunsafe
