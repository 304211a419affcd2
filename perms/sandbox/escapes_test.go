//go:build linux

package sandbox

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// probeVar names the probe a test binary started inside the sandbox
// runs instead of the tests; probeArg is its argument.
const (
	probeVar = "NOSH_SANDBOX_PROBE"
	probeArg = "NOSH_SANDBOX_PROBE_ARG"
)

// init runs a probe when the sandbox executed this test binary as the
// program: what a hostile program would try, with the system call
// itself, so that the test needs no tool that may be missing.
func init() {
	name := os.Getenv(probeVar)
	if name == "" || (len(os.Args) > 1 && os.Args[1] == Flag) {
		return
	}
	err := probes[name](os.Getenv(probeArg))
	if err != nil {
		fmt.Println("refused:", err)
	} else {
		fmt.Println("done")
	}
	os.Exit(0)
}

var probes = map[string]func(arg string) error{
	"unix-connect": func(path string) error {
		c, err := net.Dial("unix", path)
		if err == nil {
			c.Write([]byte("new-window 'touch ~/pwned'\n"))
			c.Close()
		}
		return err
	},
	"socketpair": func(string) error {
		fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
		if err == nil {
			unix.Close(fds[0])
			unix.Close(fds[1])
		}
		return err
	},
	"tiocsti": func(string) error {
		for _, c := range []byte("id\n") {
			b := c
			if _, _, e := unix.Syscall(unix.SYS_IOCTL, 0, unix.TIOCSTI, uintptr(unsafe.Pointer(&b))); e != 0 {
				return e
			}
		}
		return nil
	},
	// A terminal opened by its name, not the controlling one: TIOCSTI
	// then needs CAP_SYS_ADMIN, which root has.
	"tiocsti-by-name": func(path string) error {
		fd, err := unix.Open(path, unix.O_RDWR|unix.O_NOCTTY, 0)
		if err != nil {
			return err
		}
		defer unix.Close(fd)
		b := byte('#')
		if _, _, e := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), unix.TIOCSTI, uintptr(unsafe.Pointer(&b))); e != 0 {
			return e
		}
		return nil
	},
	"setsid": func(string) error {
		_, err := unix.Setsid()
		return err
	},
	// What a program that wants the user's keys or screen would open:
	// its controlling terminal, or a terminal by its name.
	"read-terminal": func(path string) error {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NOCTTY|unix.O_NONBLOCK, 0)
		if err == nil {
			unix.Close(fd)
		}
		return err
	},
	"write-terminal": func(path string) error {
		fd, err := unix.Open(path, unix.O_WRONLY|unix.O_NOCTTY, 0)
		if err == nil {
			unix.Write(fd, []byte("[AI] Asks to run: ls\n"))
			unix.Close(fd)
		}
		return err
	},
	"tcp-connect": func(addr string) error {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err
	},
	"io_uring": func(string) error {
		var params [120]byte // struct io_uring_params
		fd, _, e := unix.Syscall(unix.SYS_IO_URING_SETUP, 1, uintptr(unsafe.Pointer(&params[0])), 0)
		if e != 0 {
			return e
		}
		unix.Close(int(fd))
		return nil
	},
}

// probe runs the named probe, sandboxed by p unless p is nil, with the
// command's standard input and process attributes set by setup.
func probe(t *testing.T, p *Policy, name, arg string, setup func(*exec.Cmd)) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := &exec.Cmd{Path: self, Args: []string{self}}
	if p != nil {
		if _, err := Available(); err != nil && !p.NoLandlock {
			t.Skip(err)
		}
		_, cmd.Args = Command(self, []string{self}, *p)
	}
	cmd.Env = append(os.Environ(), probeVar+"="+name, probeArg+"="+arg)
	if setup != nil {
		setup(cmd)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("probe %s: %v\n%s", name, err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestSandboxEscapeFamilies: the ways out that are not writes — typing
// into nosh's terminal, asking a daemon over a UNIX socket, io_uring —
// are refused to every sandboxed program, whatever it is and however it
// spells the call; what only looks stays possible.
func TestSandboxEscapeFamilies(t *testing.T) {
	ws := t.TempDir()
	sandbox := &Policy{Rules: []Rule{{ws, All}, {"/dev/null", Write}}}

	t.Run("daemon socket outside", func(t *testing.T) {
		dir := t.TempDir()
		sock := filepath.Join(dir, "daemon.sock")
		l, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		accepted := make(chan struct{}, 4)
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				accepted <- struct{}{}
				c.Close()
			}
		}()
		if out := probe(t, nil, "unix-connect", sock, nil); out != "done" {
			t.Fatalf("the probe cannot reach the socket even outside the sandbox: %s", out)
		}
		<-accepted
		if out := probe(t, sandbox, "unix-connect", sock, nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a sandboxed program reached a daemon's socket: %s", out)
		}
		select {
		case <-accepted:
			t.Errorf("the daemon accepted a sandboxed program's connection")
		default:
		}
	})

	t.Run("socketpair", func(t *testing.T) {
		if out := probe(t, sandbox, "socketpair", "", nil); out != "done" {
			t.Errorf("socketpair refused: %s", out)
		}
	})

	t.Run("typing into the terminal", func(t *testing.T) {
		ctty := func(tty *os.File) func(*exec.Cmd) {
			return func(c *exec.Cmd) {
				c.Stdin = tty
				c.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
			}
		}
		open := func() (*os.File, *os.File) {
			m, s, err := pty.Open()
			if err != nil {
				t.Skip(err)
			}
			t.Cleanup(func() { m.Close(); s.Close() })
			return m, s
		}
		_, tty := open()
		if out := probe(t, nil, "tiocsti", "", ctty(tty)); out != "done" {
			t.Skipf("TIOCSTI is off on this kernel (dev.tty.legacy_tiocsti): %s", out)
		}
		_, tty = open()
		if out := probe(t, sandbox, "tiocsti", "", ctty(tty)); !strings.HasPrefix(out, "refused") {
			t.Errorf("a sandboxed program typed into its terminal: %s", out)
		}
	})

	t.Run("leaving the session", func(t *testing.T) {
		if out := probe(t, sandbox, "setsid", "", nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a sandboxed program made a session of its own: %s", out)
		}
	})

	t.Run("reading or drawing on the terminal", func(t *testing.T) {
		// The terminal is the probe's controlling one, as nosh's is for
		// a program that did not leave its session; by name or as
		// /dev/tty, neither its keys nor its screen are reachable.
		m, tty, err := pty.Open()
		if err != nil {
			t.Skip(err)
		}
		defer m.Close()
		defer tty.Close()
		ctty := func(c *exec.Cmd) {
			c.Stdin = tty
			c.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
		}
		for _, name := range []string{"read-terminal", "write-terminal"} {
			for _, path := range []string{tty.Name(), "/dev/tty", "/proc/self/fd/0"} {
				if out := probe(t, nil, name, path, ctty); out != "done" {
					t.Fatalf("%s %s outside the sandbox: %s", name, path, out)
				}
				if out := probe(t, sandbox, name, path, ctty); !strings.HasPrefix(out, "refused") {
					t.Errorf("a sandboxed program could %s %s: %s", name, path, out)
				}
			}
		}
		// What a program reads besides files stays readable.
		for _, path := range []string{"/dev/null", "/dev/urandom", "/dev/zero", "/etc/passwd", "/proc/self/status"} {
			if out := probe(t, sandbox, "read-terminal", path, nil); out != "done" {
				t.Errorf("a sandboxed program cannot read %s: %s", path, out)
			}
		}
	})

	t.Run("TCP by port", func(t *testing.T) {
		// Landlock filters TCP connections by port, on every address:
		// a daemon on 127.0.0.1 is out of reach unless its port is
		// listed, and then reachable as any server on that port.
		if abi, _ := Available(); abi < 4 {
			t.Skip("TCP filtering needs Landlock ABI 4")
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		addr := l.Addr().String()
		port := uint16(l.Addr().(*net.TCPAddr).Port)
		if out := probe(t, sandbox, "tcp-connect", addr, nil); out != "done" {
			t.Fatalf("no port list: the daemon is unreachable: %s", out)
		}
		other := &Policy{Rules: sandbox.Rules, TCPPorts: []uint16{443}}
		if out := probe(t, other, "tcp-connect", addr, nil); !strings.HasPrefix(out, "refused") || !strings.Contains(out, "permission denied") {
			t.Errorf("a port not listed was reachable: %s", out)
		}
		listed := &Policy{Rules: sandbox.Rules, TCPPorts: []uint16{443, port}}
		if out := probe(t, listed, "tcp-connect", addr, nil); out != "done" {
			t.Errorf("a listed port was refused: %s", out)
		}
	})

	t.Run("io_uring", func(t *testing.T) {
		if out := probe(t, sandbox, "io_uring", "", nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a sandboxed program set up io_uring: %s", out)
		}
	})
}

// TestSandboxWithoutLandlockFamilies: on a kernel without Landlock (here
// switched off by the policy, as nosh does when the kernel has none) the
// programs of an agent still start under the launcher, and everything
// that needs no Landlock holds: typing into a terminal (TIOCSTI, which
// root may do on any terminal it opens by name), leaving the session,
// asking a daemon over a UNIX socket, io_uring, risky modes, and run as
// root the capabilities beyond reading. Before, such a kernel got no
// launcher at all, and all of these worked.
func TestSandboxWithoutLandlockFamilies(t *testing.T) {
	ws := t.TempDir()
	bare := &Policy{Rules: []Rule{{ws, All}, {"/dev/null", Write}}, NoLandlock: true}

	t.Run("typing into a terminal opened by name", func(t *testing.T) {
		// No controlling terminal (nosh starts an agent's program in a
		// session of its own), the terminal opened by its name: only a
		// process with CAP_SYS_ADMIN may type into it, which is root
		// outside the sandbox.
		m, tty, err := pty.Open()
		if err != nil {
			t.Skip(err)
		}
		defer m.Close()
		defer tty.Close()
		own := func(c *exec.Cmd) { c.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
		if out := probe(t, nil, "tiocsti-by-name", tty.Name(), own); out != "done" {
			t.Skipf("TIOCSTI on a terminal opened by name is refused here already: %s", out)
		}
		if out := probe(t, bare, "tiocsti-by-name", tty.Name(), own); !strings.HasPrefix(out, "refused") {
			t.Errorf("a program confined without Landlock typed into a terminal: %s", out)
		}
	})

	t.Run("leaving the session", func(t *testing.T) {
		if out := probe(t, bare, "setsid", "", nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a program confined without Landlock made a session of its own: %s", out)
		}
	})

	t.Run("daemon socket", func(t *testing.T) {
		sock := filepath.Join(t.TempDir(), "daemon.sock")
		l, err := net.Listen("unix", sock)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close()
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				c.Close()
			}
		}()
		if out := probe(t, bare, "unix-connect", sock, nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a program confined without Landlock reached a daemon's socket: %s", out)
		}
	})

	t.Run("io_uring", func(t *testing.T) {
		if out := probe(t, bare, "io_uring", "", nil); !strings.HasPrefix(out, "refused") {
			t.Errorf("a program confined without Landlock set up io_uring: %s", out)
		}
	})

	t.Run("modes and capabilities", func(t *testing.T) {
		f := filepath.Join(ws, "f")
		os.WriteFile(f, nil, 0o644)
		out, err := sandboxed(t, *bare, "chmod 777 "+f+" 2>/dev/null || echo refused-777; grep '^CapEff:' /proc/self/status")
		if err != nil || !strings.Contains(out, "refused-777") {
			t.Errorf("chmod 777 without Landlock: %v: %s", err, out)
		}
		if os.Geteuid() == 0 && !strings.Contains(out, "0000000000000006") {
			t.Errorf("root kept capabilities beyond reading: %s", out)
		}
	})

	t.Run("what the gate holds", func(t *testing.T) {
		// Writes are the gate's alone here: the launcher cannot refuse
		// them, and says nothing that would make them look held.
		out, err := sandboxed(t, *bare, "echo x > "+filepath.Join(ws, "inside")+" && echo wrote")
		if err != nil || !strings.Contains(out, "wrote") {
			t.Errorf("a program confined without Landlock could not write its workspace: %v: %s", err, out)
		}
	})
}
