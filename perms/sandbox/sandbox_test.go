package sandbox

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	// The test binary is its own launcher, as nosh is.
	Launch(os.Args)
	os.Exit(m.Run())
}

func TestCommandRoundTrip(t *testing.T) {
	p := Policy{Rules: []Rule{{"/work space", All}, {"/dev/null", Write}, {"/a:b", Create | Remove}, {"/m", Meta}}, NoNetwork: true, NoLandlock: true}
	path, argv := Command("/bin/echo", []string{"echo", "--", "a b"}, p)
	if path != launcher() || argv[1] != Flag {
		t.Fatalf("Command = %q %q", path, argv)
	}
	l, err := parse(argv)
	if err != nil {
		t.Fatal(err)
	}
	if l.path != "/bin/echo" || !reflect.DeepEqual(l.argv, []string{"echo", "--", "a b"}) || !reflect.DeepEqual(l.policy, p) {
		t.Fatalf("parse gave %+v", l)
	}
	procs := Policy{Rules: p.Rules, MaxProcs: 1500}
	if l, err := parse(second(Command("/bin/echo", []string{"echo"}, procs))); err != nil || !reflect.DeepEqual(l.policy, procs) {
		t.Errorf("parse gave %+v, %v; want %+v", l.policy, err, procs)
	}
	ports := Policy{Rules: p.Rules, TCPPorts: []uint16{443, 22}}
	if l, err := parse(second(Command("/bin/echo", []string{"echo"}, ports))); err != nil || !reflect.DeepEqual(l.policy, ports) {
		t.Errorf("parse gave %+v, %v; want %+v", l.policy, err, ports)
	}
	for _, bad := range [][]string{
		{"nosh", Flag, "tcp=0", "--", "/bin/echo", "echo"},
		{"nosh", Flag, "nproc=0", "--", "/bin/echo", "echo"},
		{"nosh", Flag, "nproc=x", "--", "/bin/echo", "echo"},
		{"nosh", Flag, "tcp=70000", "--", "/bin/echo", "echo"},
		{"nosh", Flag},
		{"nosh", Flag, "--", "/bin/echo"},
		{"nosh", Flag, "w:relative", "--", "/bin/echo", "echo"},
		{"nosh", Flag, "x:/tmp", "--", "/bin/echo", "echo"},
	} {
		if _, err := parse(bad); err == nil {
			t.Errorf("parse(%q) accepted", bad)
		}
	}
}

func TestWritable(t *testing.T) {
	p := Policy{Rules: []Rule{{"/ws", All}, {"/dev/null", Write}, {"/home/u", Remove}}}
	for _, c := range []struct {
		path string
		need Access
		want bool
	}{
		{"/ws", All, true},
		{"/ws/a/b", Write, true},
		{"/wsx", Write, false},
		{"/dev/null", Write, true},
		{"/dev/null2", Write, false},
		{"/home/u/x", Remove, true},
		{"/home/u/x", Write, false},
		{"/etc/passwd", Write, false},
	} {
		if got := p.Writable(c.path, c.need); got != c.want {
			t.Errorf("Writable(%q, %s) = %v", c.path, c.need, got)
		}
	}
}

// sandboxed runs script with sh under p and returns its combined output.
func sandboxed(t *testing.T, p Policy, script string) (string, error) {
	t.Helper()
	if _, err := Available(); err != nil && !p.NoLandlock {
		t.Skip(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	_, argv := Command("/bin/sh", []string{"sh", "-c", script}, p)
	cmd := &exec.Cmd{Path: self, Args: argv}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestSandboxConfinesWrites(t *testing.T) {
	ws, outside := t.TempDir(), t.TempDir()
	victim := filepath.Join(outside, "victim")
	os.WriteFile(victim, []byte("keep\n"), 0o644)
	os.WriteFile(filepath.Join(outside, "readable"), []byte("read me\n"), 0o644)
	p := Policy{Rules: []Rule{{ws, All}, {"/dev/null", Write}}}
	script := `cd "$1" || exit 9
echo inside > new && mkdir d && echo x > d/f && mv d/f d/g && rm -r d && echo ok-inside
cat "$2/readable"
echo bad > "$2/victim" || echo refused-write
rm -f "$2/victim" || echo refused-rm
mkdir "$2/sub" 2>/dev/null || echo refused-mkdir
ln -s /etc "$2/link" 2>/dev/null || echo refused-link
echo quiet > /dev/null && echo devnull-ok
sh -c 'echo grandchild > "$1/gc"' _ "$2" 2>/dev/null || echo refused-grandchild`
	out, err := sandboxed(t, p, strings.ReplaceAll(strings.ReplaceAll(script, `"$1"`, `'`+ws+`'`), `"$2`, `"`+outside))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"ok-inside", "read me", "refused-write", "refused-rm", "refused-mkdir", "refused-link", "devnull-ok", "refused-grandchild"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if b, _ := os.ReadFile(victim); string(b) != "keep\n" {
		t.Errorf("victim changed: %q", b)
	}
	entries, _ := os.ReadDir(outside)
	if len(entries) != 2 {
		t.Errorf("outside now holds %d entries", len(entries))
	}
	if b, _ := os.ReadFile(filepath.Join(ws, "new")); string(b) != "inside\n" {
		t.Errorf("write inside: %q", b)
	}
}

func TestSandboxGrantsOneFile(t *testing.T) {
	outside := t.TempDir()
	target, other := filepath.Join(outside, "target"), filepath.Join(outside, "other")
	os.WriteFile(target, nil, 0o644)
	os.WriteFile(other, nil, 0o644)
	p := Policy{Rules: []Rule{{target, Write}}}
	out, err := sandboxed(t, p, "echo granted > '"+target+"'; echo no > '"+other+"' || echo refused; rm -f '"+target+"' || echo kept")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if b, _ := os.ReadFile(target); string(b) != "granted\n" {
		t.Errorf("granted file holds %q (%s)", b, out)
	}
	if b, _ := os.ReadFile(other); len(b) != 0 || !strings.Contains(out, "refused") || !strings.Contains(out, "kept") {
		t.Errorf("other file holds %q, output %s", b, out)
	}
}

func TestSandboxNetwork(t *testing.T) {
	abi, err := Available()
	if err != nil || abi < 4 {
		t.Skip("no Landlock network restriction here")
	}
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Skip(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	probe := "exec 3<>/dev/tcp/127.0.0.1/" + strconv.Itoa(port) + " && echo connected"
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is needed for /dev/tcp")
	}
	run := func(p Policy) string {
		self, _ := os.Executable()
		_, argv := Command("/bin/bash", []string{"bash", "-c", probe}, p)
		out, _ := (&exec.Cmd{Path: self, Args: argv}).CombinedOutput()
		return string(out)
	}
	if out := run(Policy{}); !strings.Contains(out, "connected") {
		t.Errorf("network allowed by default, yet: %s", out)
	}
	if out := run(Policy{NoNetwork: true}); strings.Contains(out, "connected") {
		t.Errorf("NoNetwork still connected: %s", out)
	}
}

func TestLaunchReportsMissingProgram(t *testing.T) {
	if _, err := Available(); err != nil {
		t.Skip(err)
	}
	self, _ := os.Executable()
	_, argv := Command("/nonexistent/prog", []string{"prog"}, Policy{})
	cmd := &exec.Cmd{Path: self, Args: argv}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 127 || !strings.Contains(string(out), "prog") {
		t.Fatalf("err %v, output %q", err, out)
	}
}

// TestSandboxSignalsStayInside: from Landlock ABI 6 a sandboxed program
// cannot signal a process outside the sandbox (here, the test itself).
func TestSandboxSignalsStayInside(t *testing.T) {
	if abi, err := Available(); err != nil || abi < 6 {
		t.Skip("no Landlock scopes here")
	}
	out, err := sandboxed(t, Policy{}, "kill -0 "+strconv.Itoa(os.Getpid())+" 2>/dev/null && echo reached || echo refused; kill -0 $$ && echo self")
	if err != nil || !strings.Contains(out, "refused") || !strings.Contains(out, "self") {
		t.Fatalf("%v: %s", err, out)
	}
}

// TestSandboxModesAndOwners: what Landlock does not see, the seccomp
// filter holds: no mode that others may write or that is setuid, none
// the owner cannot read, no change of owner; ordinary modes pass.
func TestSandboxModesAndOwners(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	os.WriteFile(f, nil, 0o644)
	script := `f=` + f + `
chmod 755 "$f" && echo ok-755
chmod 600 "$f" && echo ok-600
chmod 777 "$f" 2>/dev/null || echo refused-777
chmod u+s "$f" 2>/dev/null || echo refused-setuid
chmod 000 "$f" 2>/dev/null || echo refused-000
chown "$(id -u)" "$f" 2>/dev/null || echo refused-chown`
	out, err := sandboxed(t, Policy{Rules: []Rule{{dir, All}}}, script)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	for _, want := range []string{"ok-755", "ok-600", "refused-777", "refused-setuid", "refused-000", "refused-chown"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if fi, _ := os.Stat(f); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode now %v", fi.Mode())
	}
}

// TestSandboxMetaGrant: a command whose chmod the user approved runs
// without the filter.
func TestSandboxMetaGrant(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "f")
	os.WriteFile(f, nil, 0o644)
	out, err := sandboxed(t, Policy{Rules: []Rule{{dir, All}, {f, Meta}}}, "chmod 777 "+f+" && echo ok-777")
	if err != nil || !strings.Contains(out, "ok-777") {
		t.Fatalf("%v: %s", err, out)
	}
}

// TestSandboxDropsPrivileges: run as root, a sandboxed program keeps only
// the capabilities reading needs, and executing gives none back, so that
// what Landlock does not see (the host name, the clock, the network's
// configuration, device nodes) stays out of reach. The host name is tried
// in a UTS namespace of the test's own, so that a failure changes nothing.
func TestSandboxDropsPrivileges(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	dir := t.TempDir()
	p := Policy{Rules: []Rule{{dir, All}, {"/dev/null", Write}}}
	out, err := sandboxed(t, p, "grep -E '^Cap(Eff|Prm|Bnd|Amb):' /proc/self/status")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// CAP_DAC_OVERRIDE (1) and CAP_DAC_READ_SEARCH (2).
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		v, _ := strconv.ParseUint(f[1], 16, 64)
		if v&^0x6 != 0 {
			t.Errorf("%s", line)
		}
	}
	out, err = sandboxed(t, p, "mknod "+dir+"/disk b 8 0 && echo made-device")
	if err == nil || strings.Contains(out, "made-device") {
		t.Errorf("a device node was made in the workspace: %s", out)
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip(err)
	}
	self, _ := os.Executable()
	_, argv := Command("/bin/sh", []string{"sh", "-c", "hostname pwned-by-agent; hostname"}, p)
	cmd := exec.Command(unshare, append([]string{"-u", self}, argv[1:]...)...)
	b, _ := cmd.CombinedOutput()
	if strings.Contains(string(b), "pwned-by-agent") {
		t.Errorf("the sandboxed program set the host name: %s", b)
	}
}

func second(_ string, argv []string) []string { return argv }

// TestSandboxProcessLimit: the programs of a run may have only so many
// processes (RLIMIT_NPROC, lowered, never raised), with or without
// Landlock, so that a fork bomb stops there and not at the machine's
// pid_max. (The kernel does not apply it to root, which this test does
// not need: it reads the limit.)
func TestSandboxProcessLimit(t *testing.T) {
	for _, noLandlock := range []bool{false, true} {
		p := Policy{Rules: []Rule{{"/dev/null", Write}}, MaxProcs: 4321, NoLandlock: noLandlock}
		out, err := sandboxed(t, p, "grep '^Max processes' /proc/self/limits")
		if err != nil || len(strings.Fields(out)) < 4 || strings.Fields(out)[2] != "4321" || strings.Fields(out)[3] != "4321" {
			t.Errorf("Landlock off %v: %v: %q", noLandlock, err, out)
		}
	}
}
