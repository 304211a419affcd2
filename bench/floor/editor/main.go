// Command editor is the floor under nosh's interactive figures: the line
// editor nosh uses (reeflective/readline, default settings) reading lines
// at a $PS1 prompt and doing nothing with them. bench/ptybench runs it
// beside bash and nosh: nosh can only be as quick at a key or an Enter as
// this loop is.
package main

import (
	"os"

	"github.com/reeflective/readline"
)

func main() {
	rl := readline.NewShell()
	// As nosh sets it: no cursor-position request at each prompt.
	rl.Config.Set("cursor-position-probe", false)
	ps1 := os.Getenv("PS1")
	rl.Prompt.Primary(func() string { return ps1 })
	for {
		if _, err := rl.Readline(); err != nil {
			return
		}
	}
}
