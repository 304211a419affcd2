// Built with the runtime settings nosh has (cmd/nosh/main.go).
//
//go:debug updatemaxprocs=0

// Command linked is the start-up floor of nosh: a program that links
// every package nosh links, so that the Go runtime and all package
// initialisers run, and then does nothing. bench/run.sh times it beside
// `nosh -c true` to show how much of nosh's start-up is its own work.
// Its imports are cmd/nosh's (TestFloorLinksNosh in cmd/nosh checks it).
package main

import (
	_ "golang.org/x/term"

	_ "nosh/ai/remote"
	_ "nosh/config"
	_ "nosh/config/dialect"
	_ "nosh/perms/audit"
	_ "nosh/perms/permscli"
	_ "nosh/perms/sandbox"
	_ "nosh/shell"
	_ "nosh/shell/assistant"
	_ "nosh/shell/repl"
)

func main() {}
