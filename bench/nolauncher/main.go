// Command nolauncher is nosh without its sandbox launcher hook: the
// same main as cmd/nosh minus the sandbox.Launch call, so that
// bench/sandbox.sh can show, in one interleaved run, that the hook does
// not move `nosh -c true` start-up.
package main

import (
	"os"

	"nosh/shell"
)

func main() {
	os.Exit(shell.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
