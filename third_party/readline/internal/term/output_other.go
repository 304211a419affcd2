//go:build !(darwin || dragonfly || freebsd || (linux && !appengine) || netbsd || openbsd)

package term

import "os"

// terminalOut returns the writer for frames: os.Stdout.
func terminalOut() interface {
	Write([]byte) (int, error)
	WriteString(string) (int, error)
} {
	return os.Stdout
}
