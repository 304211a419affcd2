package signals

import (
	"os"
	"runtime"
	"strings"
	"syscall"

	"nosh/shell/jobs"
)

// Facts about signals that trap and kill need: the conditions trap
// accepts, and what a signal does by default.

// ParseCondition normalises a trap condition: EXIT, ERR, DEBUG, RETURN,
// or a signal (by name, with or without SIG, in any case, or number).
func ParseCondition(cond string) (name string, sig syscall.Signal, ok bool) {
	up := strings.ToUpper(cond)
	switch strings.TrimPrefix(up, "SIG") {
	case "EXIT":
		return "EXIT", 0, true
	case "ERR", "DEBUG", "RETURN":
		return strings.TrimPrefix(up, "SIG"), 0, true
	}
	s, ok := jobs.ParseSignal(cond)
	if !ok {
		return "", 0, false
	}
	if s == 0 {
		return "EXIT", 0, true
	}
	return Name(s), s, true
}

// TakeSignal sends sig to the thread running this goroutine. The kernel
// acts on it as the system call returns: the default action, or the Go
// runtime's handler, which dies of the signals nosh does not catch. A
// process-wide kill(2) may be delivered to another thread and act a
// moment later, after the shell has run more of its script.
func TakeSignal(sig syscall.Signal) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	syscall.Tgkill(os.Getpid(), syscall.Gettid(), sig)
}

// EndsByDefault reports whether sig's default action ends the process.
func EndsByDefault(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGCHLD, syscall.SIGCONT, syscall.SIGURG, syscall.SIGWINCH,
		syscall.SIGSTOP, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU:
		return false
	}
	return true
}

// StopsByDefault reports whether sig's default action stops the process.
func StopsByDefault(sig syscall.Signal) bool {
	switch sig {
	case syscall.SIGSTOP, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU:
		return true
	}
	return false
}
