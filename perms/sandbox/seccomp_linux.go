//go:build linux && (amd64 || arm64)

package sandbox

import (
	"fmt"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// A seccomp filter closes, for every program in the sandbox, the ways
// out that Landlock does not see, by looking at the only thing it can,
// the system call's numbers and integer arguments:
//
//   - Typing into the terminal. TIOCSTI pushes bytes into the
//     terminal's input, which nosh reads as the user's next line once the
//     run ends (a script's ioctl(tty, TIOCSTI, "rm -rf ~\n") would run
//     outside the sandbox); TIOCLINUX's selection paste does the same on
//     a console. Both are refused, always.
//   - Asking a daemon. A UNIX socket reaches tmux, systemd, D-Bus,
//     docker or at, which act outside the sandbox (tmux new-window
//     'CMD'). Landlock refuses connections to pathname sockets only from
//     ABI 9; below it, creating a UNIX socket at all is refused (socketpair
//     still works: its two ends reach no one else). io_uring, whose
//     operations (socket, connect, open) seccomp never sees, is refused
//     always.
//   - Outliving the run. setsid is refused, so that every program the
//     run starts, however it detaches (a daemon's double fork), stays in
//     nosh's session, where the end of the run finds and stops it
//     (shell/internal/guard) before it can write the workspace after the
//     run's report or draw on a later prompt.
//   - Changes of mode, owner or extended attributes (unless the command's
//     chmod or chown was approved): no change of owner or extended
//     attributes at all, and no mode that makes a file writable by
//     others, setuid, setgid or sticky, or unreadable by its owner (chmod
//     777 ~, chmod u+s, chmod 000 ~/.bashrc). Modes a build or an
//     extraction sets (644, 755, 600…) pass: the filter cannot tell
//     inside the workspace from outside.

// modeForbidden are the mode bits a sandboxed program may not set.
const modeForbidden = 0o7002

// filterOptions says which optional parts the filter holds.
type filterOptions struct {
	// meta refuses risky modes and every change of owner or extended
	// attributes.
	meta bool
	// unixSockets refuses to create UNIX sockets, for kernels whose
	// Landlock cannot refuse connecting to them.
	unixSockets bool
}

// seccompFilter returns the filter program for this architecture.
func seccompFilter(o filterOptions) []unix.SockFilter {
	var p prog
	p.ld(4) // arch
	p.jeq(auditArch, "native", "deny")
	p.label("native")
	p.ld(0) // syscall number
	if x32Bit != 0 {
		p.jset(x32Bit, "deny", "")
	}
	for _, nr := range alwaysDenied {
		p.jeq(nr, "deny", "")
	}
	p.jeq(unix.SYS_IOCTL, "ioctl", "")
	if o.unixSockets {
		p.jeq(unix.SYS_SOCKET, "socket", "")
	}
	if o.meta {
		for _, nr := range deniedCalls {
			p.jeq(nr, "deny", "")
		}
		for _, c := range modeCalls {
			p.jeq(c.nr, fmt.Sprintf("mode%d", c.arg), "")
		}
	}
	p.ret(unix.SECCOMP_RET_ALLOW)
	p.label("ioctl")
	p.ld(16 + 8*1) // the request, low 32 bits (little-endian)
	p.jeq(unix.TIOCSTI, "deny", "")
	p.jeq(unix.TIOCLINUX, "deny", "allow")
	if o.unixSockets {
		p.label("socket")
		p.ld(16) // the domain
		p.jeq(unix.AF_UNIX, "refuse", "allow")
	}
	if o.meta {
		for arg := 1; arg <= 2; arg++ {
			p.label(fmt.Sprintf("mode%d", arg))
			p.ld(16 + 8*uint32(arg)) // the mode, low 32 bits (little-endian)
			p.jset(modeForbidden, "deny", "")
			p.jset(0o400, "allow", "deny")
		}
	}
	p.label("allow")
	p.ret(unix.SECCOMP_RET_ALLOW)
	p.label("deny")
	p.ret(unix.SECCOMP_RET_ERRNO | uint32(syscall.EPERM))
	if o.unixSockets {
		// EACCES, as Landlock answers from ABI 9: programs that fall
		// back (nscd, systemd-resolved, syslog) take it as "not here".
		p.label("refuse")
		p.ret(unix.SECCOMP_RET_ERRNO | uint32(syscall.EACCES))
	}
	return p.assemble()
}

// installSeccomp loads the filter on the calling thread, which must have
// no_new_privs set; execve keeps it.
func installSeccomp(o filterOptions) error {
	f := seccompFilter(o)
	fprog := unix.SockFprog{Len: uint16(len(f)), Filter: &f[0]}
	// SPEC_ALLOW: a filter would otherwise also turn on the kernel's
	// speculative-store-bypass mitigation for the program, which slows
	// it for no gain here.
	_, _, e := unix.RawSyscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, unix.SECCOMP_FILTER_FLAG_SPEC_ALLOW, uintptr(unsafe.Pointer(&fprog)))
	if e != 0 {
		return fmt.Errorf("seccomp: %w", e)
	}
	return nil
}

// prog assembles a classic BPF program with symbolic jump targets.
type prog struct {
	ins    []unix.SockFilter
	jumps  map[int][2]string // instruction → its true and false targets
	labels map[string]int
}

func (p *prog) ld(off uint32) {
	p.ins = append(p.ins, unix.SockFilter{Code: unix.BPF_LD | unix.BPF_W | unix.BPF_ABS, K: off})
}

func (p *prog) ret(k uint32) {
	p.ins = append(p.ins, unix.SockFilter{Code: unix.BPF_RET | unix.BPF_K, K: k})
}

// jeq jumps to t if A == k, else to f ("" is the next instruction).
func (p *prog) jeq(k uint32, t, f string) { p.jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_K, k, t, f) }

// jset jumps to t if A & k != 0, else to f.
func (p *prog) jset(k uint32, t, f string) { p.jump(unix.BPF_JMP|unix.BPF_JSET|unix.BPF_K, k, t, f) }

func (p *prog) jump(code uint16, k uint32, t, f string) {
	if p.jumps == nil {
		p.jumps = map[int][2]string{}
	}
	p.jumps[len(p.ins)] = [2]string{t, f}
	p.ins = append(p.ins, unix.SockFilter{Code: code, K: k})
}

func (p *prog) label(name string) {
	if p.labels == nil {
		p.labels = map[string]int{}
	}
	p.labels[name] = len(p.ins)
}

func (p *prog) assemble() []unix.SockFilter {
	for i, j := range p.jumps {
		off := func(name string) uint8 {
			if name == "" {
				return 0
			}
			return uint8(p.labels[name] - i - 1)
		}
		p.ins[i].Jt, p.ins[i].Jf = off(j[0]), off(j[1])
	}
	return p.ins
}

// modeCall is a system call that sets a mode, with the index of the
// argument holding it.
type modeCall struct {
	nr  uint32
	arg int
}
