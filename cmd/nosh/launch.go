//go:build !nolauncher

package main

import (
	"os"

	"nosh/perms/sandbox"
)

// launch is first in main: nosh re-executed as the sandbox launcher of an
// agent command (when nosh-sandbox is not installed beside it) restricts
// itself and becomes the program, doing nothing else (see package
// sandbox).
func launch() { sandbox.Launch(os.Args) }
