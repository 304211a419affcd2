package sandbox

import (
	"os"
	"path/filepath"
	"strings"
)

// readableDevices are the entries of /dev a sandboxed program may read:
// the data sources (null, zero, random…), the directories that hold no
// device (shared memory, message queues, huge pages), and the GPU's
// devices (nvidia-smi, rocm-smi only look). Patterns as filepath.Match
// takes them.
var readableDevices = []string{
	"null", "zero", "full", "random", "urandom",
	"shm", "mqueue", "hugepages",
	"dri", "nvidia*", "kfd",
}

// ReadableDevice reports whether path (absolute and clean, every link
// resolved) is in /dev and one of readableDevices, or beneath one: what
// a sandboxed program may open there. Everything else in /dev (the
// terminal first) is refused to the agent's commands, also when nosh
// opens it for them (a redirection < /dev/tty).
func ReadableDevice(path string) bool {
	rest, ok := strings.CutPrefix(path, "/dev/")
	if !ok {
		return false
	}
	first, _, _ := strings.Cut(rest, "/")
	for _, pat := range readableDevices {
		if ok, _ := filepath.Match(pat, first); ok {
			return true
		}
	}
	return false
}

func containsMeta(s string) bool { return strings.ContainsAny(s, "*?[") }

// Device reports whether path (absolute) names a device a sandboxed
// program may not open: a character or block device, wherever it is and
// through whatever links, that is not one of readableDevices.
func Device(path string) bool {
	real, err := Resolve(path)
	if err != nil {
		real = filepath.Clean(path)
	}
	st, err := os.Stat(real)
	if err != nil || st.Mode()&(os.ModeDevice|os.ModeCharDevice) == 0 {
		return false
	}
	return !ReadableDevice(real)
}

// Terminal reports whether path names a terminal: /dev/tty, a
// pseudo-terminal, a console or a serial line.
func Terminal(path string) bool {
	real, err := Resolve(path)
	if err != nil {
		real = filepath.Clean(path)
	}
	base := filepath.Base(real)
	return strings.HasPrefix(real, "/dev/pts/") || strings.HasPrefix(base, "tty") || base == "console" || strings.HasPrefix(base, "vcs")
}
