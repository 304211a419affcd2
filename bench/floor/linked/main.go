// Command linked is the start-up floor of nosh: a program that links
// every package nosh links, so that the Go runtime and all package
// initialisers run, and then does nothing. bench/run.sh times it beside
// `nosh -c true` to show how much of nosh's start-up is its own work.
package main

import _ "nosh/shell"

func main() {}
