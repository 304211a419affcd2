//go:build linux

package core

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"unsafe"

	"golang.org/x/sys/unix"
)

// pollReadOnly asks the runtime's poller to report only readability of
// f, a terminal it registered. The runtime registers every descriptor
// for writability too, and a terminal reports writable each time the
// terminal emulator reads what was written to it, so every frame the
// editor wrote woke its thread once more, for nothing, a moment after
// the key (bench/ptybench -sched: 2.0 voluntary switches per key where
// bash has 1.0). The runtime's epoll descriptor and the data it keeps
// for f are read from /proc/self/fdinfo; the registration is modified
// with the same data and flags, less EPOLLOUT. The editor never writes
// through f. Anything unexpected leaves the registration as it was.
func pollReadOnly(f *os.File) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}

	tfd := -1
	if rc.Control(func(fd uintptr) { tfd = int(fd) }) != nil || tfd < 0 { //nolint:gosec // G115: a descriptor.
		return
	}

	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return
	}

	for _, e := range ents {
		if link, err := os.Readlink("/proc/self/fd/" + e.Name()); err != nil || link != "anon_inode:[eventpoll]" {
			continue
		}

		epfd, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}

		events, data, ok := epollEntry(epfd, tfd)
		if !ok || events&unix.EPOLLOUT == 0 {
			continue
		}

		ev := unix.EpollEvent{Events: events &^ unix.EPOLLOUT}
		*(*uint64)(unsafe.Pointer(&ev.Fd)) = data
		_ = unix.EpollCtl(epfd, unix.EPOLL_CTL_MOD, tfd, &ev)
	}
}

// epollEntry reads the events and data registered for tfd in the epoll
// instance epfd (a "tfd: N events: HEX data: HEX" line of its fdinfo).
func epollEntry(epfd, tfd int) (events uint32, data uint64, ok bool) {
	b, err := os.ReadFile("/proc/self/fdinfo/" + strconv.Itoa(epfd))
	if err != nil {
		return 0, 0, false
	}

	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		f := bytes.Fields(sc.Bytes())
		if len(f) < 6 || string(f[0]) != "tfd:" || string(f[2]) != "events:" || string(f[4]) != "data:" {
			continue
		}

		if n, err := strconv.Atoi(string(f[1])); err != nil || n != tfd {
			continue
		}

		ev, err1 := strconv.ParseUint(string(f[3]), 16, 32)
		d, err2 := strconv.ParseUint(string(f[5]), 16, 64)

		if err1 != nil || err2 != nil {
			return 0, 0, false
		}

		return uint32(ev), d, true
	}

	return 0, 0, false
}
