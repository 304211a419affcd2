// Package sandbox confines the programs the `??` agent runs with the
// kernel's Landlock security module: they may read any file the user
// can but no device beyond a few harmless ones (never a terminal: see
// devices.go), write only where a Policy says (the workspace, the run's
// scratch directory, /dev/null, and outside targets the user approved
// for one command), and, when asked, open no TCP connection, or only to
// some ports.
//
// The restriction is applied in the child, never in nosh: Command turns
// a program and its arguments into a run of a launcher (LAUNCHER
// --nosh-sandbox RULES… -- PROGRAM ARGV…), whose Launch, called at the
// very top of main, restricts that process and executes the program in
// its place. The launcher is nosh-sandbox, installed beside nosh, which
// links nothing but this package and so starts in about half the time;
// without it, nosh itself, whose main calls Launch first. Landlock
// domains are inherited and cannot be lifted, so everything the program
// starts is held too.
//
// Landlock does not cover changes of mode, owner, extended attributes
// or times; the run-time gate judges chmod, chown and the like by their
// targets instead. Where the kernel has no Landlock (before 5.13, or
// switched off), Available says so, nosh relies on the gate alone for
// writes, and the launcher (Policy.NoLandlock) still applies what needs
// no Landlock: no_new_privs, the capabilities and the seccomp filter.
package sandbox
