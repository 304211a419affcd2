//go:build linux

package sandbox

import "golang.org/x/sys/unix"

const auditArch = unix.AUDIT_ARCH_AARCH64

const x32Bit = 0

// alwaysDenied are refused to every sandboxed program: io_uring, whose
// operations never pass through the filter, and setsid, which would take
// a program out of nosh's session, where the end of the run finds it.
var alwaysDenied = []uint32{unix.SYS_IO_URING_SETUP, unix.SYS_IO_URING_ENTER, unix.SYS_IO_URING_REGISTER, unix.SYS_SETSID}

var deniedCalls = []uint32{
	unix.SYS_FCHOWN, unix.SYS_FCHOWNAT,
	unix.SYS_SETXATTR, unix.SYS_LSETXATTR, unix.SYS_FSETXATTR,
	unix.SYS_REMOVEXATTR, unix.SYS_LREMOVEXATTR, unix.SYS_FREMOVEXATTR,
	unix.SYS_SETXATTRAT, unix.SYS_REMOVEXATTRAT,
}

var modeCalls = []modeCall{
	{unix.SYS_FCHMOD, 1}, {unix.SYS_FCHMODAT, 2}, {unix.SYS_FCHMODAT2, 2},
}
