// The runtime would start a goroutine at start-up to follow changes of
// the CPU limit of nosh's cgroup and read the cgroup's files from then
// on; a shell has no use for it (an interactive one sets GOMAXPROCS
// itself, which stops the updates anyway).
//
//go:debug updatemaxprocs=0

// Command nosh is a POSIX login shell with AI built in.
//
// This package is nosh's command line, in the role of elvish's pkg/prog:
// it parses the arguments (args.go), runs the subcommands ask, perms,
// doctor and log (subcommands.go) and starts the shell on a script, a -c
// string, standard input or a terminal (run.go). The shell itself is
// package shell. The end-to-end tests are here too: they run this very
// program, through pipes and pseudo-terminals, as a user does.
package main

import (
	"os"

	_ "nosh/cmd/nosh/internal/earlystack" // see the package
	"nosh/shell"
)

func main() {
	launch()
	shell.Launch(os.Args)
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
