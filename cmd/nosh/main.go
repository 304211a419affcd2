// Command nosh is a POSIX login shell with AI built in.
package main

import (
	"os"

	"nosh/shell"
)

func main() {
	os.Exit(shell.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
