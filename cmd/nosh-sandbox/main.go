// Command nosh-sandbox is the launcher of the programs the `??` agent
// runs: it confines itself with Landlock to the policy on its command
// line and becomes the program (see package nosh/perms/sandbox). nosh
// starts it from beside its own executable; it links nothing else, so
// that it starts in about half the time nosh does, which each program
// of an agent command pays. Without it, nosh is its own launcher.
package main

import (
	"fmt"
	"os"

	"nosh/perms/sandbox"
)

func main() {
	sandbox.Launch(os.Args)
	fmt.Fprintln(os.Stderr, "nosh-sandbox: started by nosh for the agent's commands, not by hand")
	os.Exit(2)
}
