// Command nosh is a POSIX login shell with AI built in.
//
// The shell, its subcommands (ask, perms, doctor, log) and their wiring
// live in package shell, where tests can run them in-process.
package main

import (
	"os"

	"nosh/shell"
)

func main() {
	os.Exit(shell.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
