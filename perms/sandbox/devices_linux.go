//go:build linux

package sandbox

import (
	"os"
	"path/filepath"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// A sandboxed program may read every file the user can, but not the
// devices in /dev beyond a few known to be harmless: the terminal above
// all (/dev/tty, /dev/pts/N, /dev/console, /dev/ttyN, /dev/vcs*), whose
// input is the keys the user types while the run goes on (a password
// typed into another program, the answer to a question) and whose output
// is the screen; and with it the keyboard and mouse (/dev/input), sound,
// disks and whatever a kernel adds later. Landlock grants by tree and
// cannot leave a hole in one, so "/" itself grants only listing and
// executing, and reading is granted entry by entry: every top-level
// entry but /dev, and in /dev only readableDevices. The agent's programs
// also run with no controlling terminal (nosh starts them in a session
// of their own) and /dev/null as their input, so that nothing in a run
// is the terminal, by name or by descriptor.

// addReadRules grants reading everywhere but in /dev, and in /dev only
// readableDevices.
func addReadRules(fd int, handled uint64) error {
	if err := addRule(fd, "/", (ll.AccessFSReadDir|ll.AccessFSExecute)&handled, true); err != nil {
		return err
	}
	for _, p := range readablePaths() {
		if err := addRule(fd, p, fsRead&handled, false); err != nil {
			return err
		}
	}
	return nil
}

// readablePaths lists what addReadRules grants reading beneath: the
// top-level entries but /dev, and the readable devices. Symbolic links
// are left out (addRule would follow them: /bin → usr/bin is granted as
// /usr, a link to a terminal must not be), and so are names that do not
// exist.
func readablePaths() []string {
	var out []string
	entries, _ := os.ReadDir("/")
	for _, e := range entries {
		if e.Name() == "dev" || e.Type()&os.ModeSymlink != 0 {
			continue
		}
		out = append(out, "/"+e.Name())
	}
	for _, pat := range readableDevices {
		matches := []string{"/dev/" + pat}
		if pat != filepath.Base(pat) || containsMeta(pat) {
			matches, _ = filepath.Glob("/dev/" + pat)
		}
		for _, m := range matches {
			var st unix.Stat_t
			if unix.Lstat(m, &st) != nil || st.Mode&unix.S_IFMT == unix.S_IFLNK {
				continue
			}
			out = append(out, m)
		}
	}
	return out
}
