// Command nosh is a POSIX login shell with AI built in.
//
// The shell, its subcommands (ask, perms, doctor, log) and their wiring
// live in package shell, where tests can run them in-process.
package main

import (
	"os"

	"nosh/perms/sandbox"
	"nosh/shell"
)

func main() {
	// First of all: nosh re-executed as the sandbox launcher of an agent
	// command (when nosh-sandbox is not installed beside it) restricts
	// itself and becomes the program, doing nothing else (see package
	// sandbox).
	sandbox.Launch(os.Args)
	os.Exit(shell.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
