// Command nosh-ai is nosh's helper for AI requests: nosh starts it on the
// first ? or ?? of a session and keeps it, so that the shell itself never
// links the HTTP and TLS stacks (see package nosh/ai/remote).
package main

import (
	"os"

	"nosh/ai/helper"
)

func main() {
	os.Exit(helper.Main(os.Args[1:], os.Stdout, os.Stderr))
}
