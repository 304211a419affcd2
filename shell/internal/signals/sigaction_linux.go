package signals

import (
	"syscall"
	"unsafe"
)

// sigaction is the kernel's struct sigaction as rt_sigaction reads and
// writes it. Its layout differs between architectures, but nosh only
// builds one with nothing but its handler set (SIG_DFL or SIG_IGN, no
// flags, empty mask; the handler is the first field on every port but
// MIPS, which has SIG_IGN's flags word first) or hands back bytes the
// kernel gave it.
type sigaction [4]uint64

// setDefaultAction sets sig's action to SIG_DFL with rt_sigaction and
// returns the action it replaced.
func setDefaultAction(sig syscall.Signal) sigaction {
	var act, old sigaction
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	return old
}

// setIgnoreAction sets sig's action to SIG_IGN with rt_sigaction and
// returns the action it replaced.
func setIgnoreAction(sig syscall.Signal) sigaction {
	act, old := sigaction{1}, sigaction{} // SIG_IGN is handler 1
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	return old
}

// restoreAction puts back an action setDefaultAction returned.
func restoreAction(sig syscall.Signal, act sigaction) {
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}

// currentAction returns sig's action, unchanged.
func currentAction(sig syscall.Signal) sigaction {
	var old sigaction
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), 0, uintptr(unsafe.Pointer(&old)), 8, 0, 0)
	return old
}
