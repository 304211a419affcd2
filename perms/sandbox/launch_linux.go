//go:build linux

package sandbox

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"syscall"

	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// Available returns the kernel's Landlock ABI version, or an error
// saying why there is none.
func Available() (int, error) {
	v, err := ll.LandlockGetABIVersion()
	switch {
	case errors.Is(err, syscall.ENOSYS):
		return 0, errors.New("this kernel has no Landlock (Linux 5.13 or later with CONFIG_SECURITY_LANDLOCK)")
	case errors.Is(err, syscall.EOPNOTSUPP):
		return 0, errors.New("Landlock is switched off in this kernel (add landlock to the lsm= boot parameter)")
	case err != nil:
		return 0, fmt.Errorf("Landlock: %w", err)
	case v < 1:
		return 0, errors.New("Landlock reports no usable version")
	}
	return v, nil
}

// The access rights nosh hands to Landlock, by ABI version. Device
// ioctls (ABI 5) are not restricted: they are not writes to files, and
// restricting them breaks tools that only look (nvidia-smi, terminals
// opened by name). From ABI 6 the sandbox may not signal processes
// outside it nor reach abstract UNIX sockets made outside it; from ABI 9
// not connect to pathname UNIX sockets made outside the places it may
// write either, since a daemon (systemd, docker, tmux) asked through a
// socket would act outside the sandbox.
const (
	fsRead  = ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSReadDir
	fsWrite = ll.AccessFSWriteFile | ll.AccessFSTruncate
	// Device nodes are never made, not even in the workspace: one for a
	// disk would let a program write the disk itself.
	fsCreate = ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock |
		ll.AccessFSMakeFifo | ll.AccessFSMakeSym | ll.AccessFSRefer
	fsDevices = ll.AccessFSMakeChar | ll.AccessFSMakeBlock
	fsRemove  = ll.AccessFSRemoveDir | ll.AccessFSRemoveFile | ll.AccessFSRefer
	// fsFile are the rights Landlock accepts on a rule for a file.
	fsFile = ll.AccessFSExecute | ll.AccessFSWriteFile | ll.AccessFSReadFile | ll.AccessFSTruncate
)

// handledFS returns the file system rights the ABI knows.
func handledFS(abi int) uint64 {
	h := uint64(fsRead | fsWrite | fsCreate | fsRemove | fsDevices)
	if abi >= 9 {
		h |= ll.AccessFSResolveUnix
	}
	if abi < 2 {
		h &^= ll.AccessFSRefer
	}
	if abi < 3 {
		h &^= ll.AccessFSTruncate
	}
	return h
}

// rights turns an Access into Landlock rights.
func rights(a Access) uint64 {
	var r uint64
	if a&Write != 0 {
		r |= fsWrite
	}
	if a&Create != 0 {
		r |= fsCreate | ll.AccessFSResolveUnix // its own sockets
	}
	if a&Remove != 0 {
		r |= fsRemove
	}
	return r
}

// Launch runs the launcher when args (os.Args) ask for it: it restricts
// this process and executes the program, never returning; on failure it
// reports on standard error and exits with status 126 (127 when the
// program does not exist). When args do not ask for the launcher it
// returns at once.
func Launch(args []string) {
	if len(args) < 2 || args[1] != Flag {
		return
	}
	l, err := parse(args)
	if err != nil {
		fail(err, 2)
	}
	// Landlock and no_new_privs are attributes of the calling thread;
	// execve keeps that thread's, so restricting it alone is enough and
	// no other thread of this short-lived process needs to be stopped.
	runtime.LockOSThread()
	if n := uint64(l.policy.MaxProcs); n > 0 {
		// Lowered, never raised: a smaller limit the user set stays.
		var lim unix.Rlimit
		unix.Getrlimit(unix.RLIMIT_NPROC, &lim)
		lim.Cur, lim.Max = min(lim.Cur, n), min(lim.Max, n)
		if err := unix.Setrlimit(unix.RLIMIT_NPROC, &lim); err != nil {
			fail(fmt.Errorf("%s: cannot set up the sandbox: process limit: %w", l.argv[0], err), 126)
		}
	}
	if err := restrict(l.policy); err != nil {
		fail(fmt.Errorf("%s: cannot set up the sandbox: %w", l.argv[0], err), 126)
	}
	err = syscall.Exec(l.path, l.argv, os.Environ())
	if errors.Is(err, syscall.ENOEXEC) {
		// A script without a #! line runs in a new nosh, as POSIX asks;
		// it stays in the sandbox.
		err = syscall.Exec(SelfPath, append([]string{"nosh", l.path}, l.argv[1:]...), os.Environ())
	}
	status := 126
	if errors.Is(err, syscall.ENOENT) {
		status = 127
	}
	fail(fmt.Errorf("%s: %w", l.argv[0], err), status)
}

func fail(err error, status int) {
	fmt.Fprintf(os.Stderr, "nosh: %v\n", err)
	os.Exit(status)
}

// restrict confines the calling thread to p.
func restrict(p Policy) error {
	if p.NoLandlock {
		return restrictWithoutLandlock(p)
	}
	abi, err := Available()
	if err != nil {
		return err
	}
	handled := handledFS(abi)
	attr := ll.RulesetAttr{HandledAccessFS: handled}
	switch {
	case p.NoNetwork && abi >= 4:
		attr.HandledAccessNet = ll.AccessNetBindTCP | ll.AccessNetConnectTCP
	case len(p.TCPPorts) > 0 && abi >= 4:
		attr.HandledAccessNet = ll.AccessNetConnectTCP
	}
	if abi >= 6 {
		attr.Scoped = ll.ScopeAbstractUnixSocket | ll.ScopeSignal
	}
	fd, err := ll.LandlockCreateRuleset(&attr, 0)
	if err != nil {
		return fmt.Errorf("landlock_create_ruleset: %w", err)
	}
	defer unix.Close(fd)
	if err := addReadRules(fd, handled); err != nil {
		return err
	}
	for _, r := range p.Rules {
		if err := addRule(fd, r.Path, rights(r.Access)&handled, false); err != nil {
			return err
		}
	}
	if attr.HandledAccessNet == ll.AccessNetConnectTCP {
		for _, port := range p.TCPPorts {
			if err := ll.LandlockAddNetPortRule(fd, &ll.NetPortAttr{AllowedAccess: ll.AccessNetConnectTCP, Port: uint64(port)}, 0); err != nil {
				return fmt.Errorf("landlock_add_rule port %d: %w", port, err)
			}
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	if err := ll.LandlockRestrictSelf(fd, 0); err != nil {
		return fmt.Errorf("landlock_restrict_self: %w", err)
	}
	return installSeccomp(filterFor(p, abi < 9))
}

// restrictWithoutLandlock confines the calling thread as far as a
// kernel without Landlock allows: whatever the program writes, it may
// not type into a terminal (TIOCSTI, which nosh would read as the user's
// next line; it works on any terminal for root), leave its session, ask
// a daemon over a UNIX socket to act for it (tmux new-window, systemd,
// D-Bus), use io_uring, change owners or set risky modes, and run as
// root it keeps only the capabilities reading needs (no hostname, date
// -s, ip addr add, mknod). The filter refuses every UNIX socket, as below
// Landlock ABI 9, since nothing else keeps a connection in bounds.
func restrictWithoutLandlock(p Policy) error {
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	return installSeccomp(filterFor(p, true))
}

// filterFor returns the seccomp filter's options for p: the filter on
// modes and owners is left out for an approved chmod or chown (a rule
// with Meta), and every UNIX socket is refused when the kernel cannot
// refuse connecting to the sockets of daemons (unixSockets).
func filterFor(p Policy, unixSockets bool) filterOptions {
	o := filterOptions{meta: true, unixSockets: unixSockets}
	for _, r := range p.Rules {
		if r.Access&Meta != 0 {
			o.meta = false
		}
	}
	return o
}

// addRule lets the sandbox use path with the given rights: for a file,
// only those that apply to files. A path that does not exist is skipped
// (a terminal that went away), unless it is required.
func addRule(fd int, path string, access uint64, required bool) error {
	if access == 0 {
		return nil
	}
	pfd, err := unix.Open(path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if err != nil {
		if !required && (errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EACCES) || errors.Is(err, unix.ENOTDIR)) {
			return nil
		}
		return fmt.Errorf("%s: %w", path, err)
	}
	defer unix.Close(pfd)
	var st unix.Stat_t
	if err := unix.Fstat(pfd, &st); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		access &= fsFile
		if access == 0 {
			return nil
		}
	}
	if err := ll.LandlockAddPathBeneathRule(fd, &ll.PathBeneathAttr{AllowedAccess: access, ParentFd: pfd}, 0); err != nil {
		return fmt.Errorf("landlock_add_rule %s: %w", path, err)
	}
	return nil
}
