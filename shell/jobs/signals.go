package jobs

import (
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// signalInfo names one signal the way kill -l and job reports do.
type signalInfo struct {
	sig  syscall.Signal
	name string // without the SIG prefix
	desc string // as strsignal(3) and bash's job reports word it
}

// signalTable lists the standard signals; their numbers come from the
// platform's constants, so the table is right on every Linux architecture.
var signalTable = []signalInfo{
	{unix.SIGHUP, "HUP", "Hangup"},
	{unix.SIGINT, "INT", "Interrupt"},
	{unix.SIGQUIT, "QUIT", "Quit"},
	{unix.SIGILL, "ILL", "Illegal instruction"},
	{unix.SIGTRAP, "TRAP", "Trace/breakpoint trap"},
	{unix.SIGABRT, "ABRT", "Aborted"},
	{unix.SIGBUS, "BUS", "Bus error"},
	{unix.SIGFPE, "FPE", "Floating point exception"},
	{unix.SIGKILL, "KILL", "Killed"},
	{unix.SIGUSR1, "USR1", "User defined signal 1"},
	{unix.SIGSEGV, "SEGV", "Segmentation fault"},
	{unix.SIGUSR2, "USR2", "User defined signal 2"},
	{unix.SIGPIPE, "PIPE", "Broken pipe"},
	{unix.SIGALRM, "ALRM", "Alarm clock"},
	{unix.SIGTERM, "TERM", "Terminated"},
	{unix.SIGSTKFLT, "STKFLT", "Stack fault"},
	{unix.SIGCHLD, "CHLD", "Child exited"},
	{unix.SIGCONT, "CONT", "Continued"},
	{unix.SIGSTOP, "STOP", "Stopped (signal)"},
	{unix.SIGTSTP, "TSTP", "Stopped"},
	{unix.SIGTTIN, "TTIN", "Stopped (tty input)"},
	{unix.SIGTTOU, "TTOU", "Stopped (tty output)"},
	{unix.SIGURG, "URG", "Urgent I/O condition"},
	{unix.SIGXCPU, "XCPU", "CPU time limit exceeded"},
	{unix.SIGXFSZ, "XFSZ", "File size limit exceeded"},
	{unix.SIGVTALRM, "VTALRM", "Virtual timer expired"},
	{unix.SIGPROF, "PROF", "Profiling timer expired"},
	{unix.SIGWINCH, "WINCH", "Window changed"},
	{unix.SIGIO, "IO", "I/O possible"},
	{unix.SIGPWR, "PWR", "Power failure"},
	{unix.SIGSYS, "SYS", "Bad system call"},
}

// signalAliases are other names kill and trap accept.
var signalAliases = map[string]syscall.Signal{
	"IOT":  unix.SIGABRT,
	"CLD":  unix.SIGCHLD,
	"POLL": unix.SIGIO,
}

// The real-time signals as the C library numbers them (it keeps 32 and 33
// for itself), named RTMIN, RTMIN+1 … RTMAX-1, RTMAX like bash does.
const (
	rtMin = 34
	rtMax = 64
)

// MaxSignal is the highest signal number.
const MaxSignal = syscall.Signal(rtMax)

// Signals returns every signal kill -l lists, in numeric order.
func Signals() []syscall.Signal {
	var out []syscall.Signal
	for n := syscall.Signal(1); n <= MaxSignal; n++ {
		if SignalName(n) != "" {
			out = append(out, n)
		}
	}
	return out
}

// SignalName returns the name of sig without the SIG prefix ("TERM",
// "RTMIN+2"), or "" for a number that is not a signal.
func SignalName(sig syscall.Signal) string {
	for _, s := range signalTable {
		if s.sig == sig {
			return s.name
		}
	}
	n := int(sig)
	switch {
	case n == rtMin:
		return "RTMIN"
	case n == rtMax:
		return "RTMAX"
	case n > rtMin && n <= (rtMin+rtMax)/2:
		return "RTMIN+" + strconv.Itoa(n-rtMin)
	case n > rtMin && n < rtMax:
		return "RTMAX-" + strconv.Itoa(rtMax-n)
	}
	return ""
}

// DescribeSignal returns the phrase job reports use for a process killed
// or stopped by sig, such as "Terminated" or "Stopped (tty input)".
func DescribeSignal(sig syscall.Signal) string {
	for _, s := range signalTable {
		if s.sig == sig {
			return s.desc
		}
	}
	if name := SignalName(sig); name != "" {
		return "Real-time signal " + strconv.Itoa(int(sig)-rtMin)
	}
	return "Unknown signal " + strconv.Itoa(int(sig))
}

// ParseSignal parses a signal specification as kill and trap take it: a
// name with or without the SIG prefix, in any case, or a number (0 is
// accepted: kill -0 checks that a process exists).
func ParseSignal(spec string) (syscall.Signal, bool) {
	if n, err := strconv.Atoi(spec); err == nil {
		if n < 0 || n > int(MaxSignal) || (n > 0 && SignalName(syscall.Signal(n)) == "") {
			return 0, false
		}
		return syscall.Signal(n), true
	}
	name := strings.ToUpper(spec)
	name = strings.TrimPrefix(name, "SIG")
	if sig, ok := signalAliases[name]; ok {
		return sig, true
	}
	for _, s := range signalTable {
		if s.name == name {
			return s.sig, true
		}
	}
	switch {
	case name == "RTMIN":
		return rtMin, true
	case name == "RTMAX":
		return rtMax, true
	case strings.HasPrefix(name, "RTMIN+"):
		if n, err := strconv.Atoi(name[len("RTMIN+"):]); err == nil && n > 0 && rtMin+n < rtMax {
			return syscall.Signal(rtMin + n), true
		}
	case strings.HasPrefix(name, "RTMAX-"):
		if n, err := strconv.Atoi(name[len("RTMAX-"):]); err == nil && n > 0 && rtMax-n > rtMin {
			return syscall.Signal(rtMax - n), true
		}
	}
	return 0, false
}

// Terminates reports whether sig's default action ends a process, which
// is what decides whether `kill` stops the interpreter part of a job too.
func Terminates(sig syscall.Signal) bool {
	switch sig {
	case 0, unix.SIGCHLD, unix.SIGCONT, unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN,
		unix.SIGTTOU, unix.SIGURG, unix.SIGWINCH:
		return false
	}
	return true
}

// IsStop reports whether sig stops a process by default.
func IsStop(sig syscall.Signal) bool {
	switch sig {
	case unix.SIGSTOP, unix.SIGTSTP, unix.SIGTTIN, unix.SIGTTOU:
		return true
	}
	return false
}
