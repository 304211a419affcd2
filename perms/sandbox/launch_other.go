//go:build !linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
)

// Available reports that there is no sandbox on this system.
func Available() (int, error) {
	return 0, errors.New("the sandbox needs Linux's Landlock")
}

// Launch refuses to run anything when args ask for the launcher, since
// nothing can be confined here; otherwise it returns at once.
func Launch(args []string) {
	if len(args) < 2 || args[1] != Flag {
		return
	}
	fmt.Fprintln(os.Stderr, "nosh: the sandbox needs Linux's Landlock")
	os.Exit(126)
}
