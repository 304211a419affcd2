// Built with the runtime settings nosh has (cmd/nosh/main.go).
//
//go:debug updatemaxprocs=0

// Command scripts is what a nosh for scripts alone would cost: the shell
// (package shell and the interpreter) running a -c string, without the
// line editor, completion, highlighting, the AI or the permission engine
// linked in. bench/run.sh times it beside `nosh -c true`: the difference
// is all that splitting nosh into a scripts executable and an
// interactive one could gain on `-c` (README, Performance).
//
// usage: scripts -c STRING
package main

import (
	"context"
	"fmt"
	"os"

	"nosh/config/dialect"
	"nosh/shell"
)

func main() {
	if len(os.Args) != 3 || os.Args[1] != "-c" {
		fmt.Fprintln(os.Stderr, "usage: scripts -c STRING")
		os.Exit(2)
	}
	sh, err := shell.New(shell.Config{Dialect: dialect.Bash, Name: "nosh",
		Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Env: os.Environ()})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	sh.Name = "nosh"
	sh.SetArg0("nosh")
	sh.SetSource(true, false)
	ctx := context.Background()
	status, exited := sh.RunString(ctx, os.Args[2], "-c")
	if !exited {
		status = sh.Exit(ctx, status)
	}
	os.Exit(status)
}
