package shell

import (
	"syscall"
	"unsafe"
)

// sigaction is the kernel's struct sigaction as rt_sigaction reads and
// writes it. Its layout differs between architectures, but nosh only
// ever zeroes one (SIG_DFL, no flags, empty mask) or hands back bytes
// the kernel gave it, so the field order never matters.
type sigaction [4]uint64

// setDefaultAction sets sig's action to SIG_DFL with rt_sigaction and
// returns the action it replaced.
func setDefaultAction(sig syscall.Signal) sigaction {
	var act, old sigaction
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	return old
}

// restoreAction puts back an action setDefaultAction returned.
func restoreAction(sig syscall.Signal, act sigaction) {
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}
