//go:build unix && !linux

package core

import "os"

// pollReadOnly does nothing here (see pollin_linux.go).
func pollReadOnly(*os.File) {}
