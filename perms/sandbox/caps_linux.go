//go:build linux

package sandbox

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// Landlock confines files, and signals from ABI 6, but not what a
// privileged process changes in the system itself: run as root, `hostname
// NAME`, `date -s`, `ip addr add`, `mknod` of a disk in the workspace,
// `chattr +i`, `dmesg -c` or `reboot` would all work from inside the
// sandbox. So the sandboxed program keeps only the capabilities that
// reading needs (and writing where Landlock lets it): CAP_DAC_READ_SEARCH
// and CAP_DAC_OVERRIDE; the bounding set loses the others too, so that
// executing a program (root's implicit capabilities, file capabilities)
// gives none back. An unprivileged user has none of them to begin with.

// keptCaps are the capabilities a sandboxed program may keep.
var keptCaps = []uint{unix.CAP_DAC_READ_SEARCH, unix.CAP_DAC_OVERRIDE}

// dropCapabilities leaves the calling thread, and what it executes, only
// keptCaps (of those it has).
func dropCapabilities() error {
	kept := map[uint]bool{}
	for _, c := range keptCaps {
		kept[c] = true
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capget: %w", err)
	}
	if data[0].Permitted|data[1].Permitted != 0 || data[0].Effective|data[1].Effective != 0 {
		// Only a process with CAP_SETPCAP may drop from the bounding
		// set; one with no capability at all gains none by executing
		// under no_new_privs, whatever the set holds.
		for c := uint(0); c <= 63; c++ {
			if kept[c] {
				continue
			}
			if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
				if errors.Is(err, unix.EINVAL) {
					break // past the kernel's last capability
				}
				return fmt.Errorf("dropping capability %d from the bounding set: %w", c, err)
			}
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil && !errors.Is(err, unix.EINVAL) {
		return fmt.Errorf("clearing ambient capabilities: %w", err)
	}
	var mask [2]uint32
	for _, c := range keptCaps {
		mask[c/32] |= 1 << (c % 32)
	}
	for i := range data {
		data[i].Permitted &= mask[i]
		data[i].Effective &= mask[i]
		data[i].Inheritable = 0
	}
	if err := unix.Capset(&hdr, &data[0]); err != nil {
		return fmt.Errorf("capset: %w", err)
	}
	return nil
}
