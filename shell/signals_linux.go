package shell

import (
	"syscall"
	"unsafe"
)

// setDefaultAction sets sig's action to SIG_DFL with rt_sigaction. An
// all-zero struct sigaction is SIG_DFL, no flags and an empty mask on
// every Linux architecture, whatever the field order.
func setDefaultAction(sig syscall.Signal) {
	var act [4]uint64
	syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(sig), uintptr(unsafe.Pointer(&act)), 0, 8, 0, 0)
}
