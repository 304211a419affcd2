// Command empty is the start-up floor of any Go program on this machine:
// the runtime starting and exiting. bench/run.sh times it beside bash.
package main

func main() {}
