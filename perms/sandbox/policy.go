package sandbox

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Access is what a Rule lets a sandboxed program do at a path.
type Access uint8

const (
	// Write lets it open the file for writing and truncate it. On a
	// directory, it covers every file beneath.
	Write Access = 1 << iota
	// Create lets it create entries (files, directories, links, fifos,
	// sockets) anywhere beneath a directory, and move entries in.
	Create
	// Remove lets it remove or move away entries anywhere beneath a
	// directory.
	Remove
	// Meta lets it change modes and owners as it likes: the seccomp
	// filter that otherwise refuses risky modes and every change of
	// owner is left out for the command (it cannot tell one path from
	// another). Given for a chmod or chown the user approved.
	Meta

	// All is everything: the workspace and the scratch directory.
	All = Write | Create | Remove
)

// String is the access as the launcher's argument spells it: some of
// "wcrm", "-" for none.
func (a Access) String() string {
	var b strings.Builder
	for i, c := range "wcrm" {
		if a&(1<<i) != 0 {
			b.WriteRune(c)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// Describe says in words what the access allows at path, for prompts
// and nosh perms check.
func (a Access) Describe(path string, dir bool) string {
	if a&Meta != 0 && a&^Meta == 0 {
		return "change modes or owners (" + path + ")"
	}
	if !dir {
		return "write " + path
	}
	var verbs []string
	if a&Write != 0 {
		verbs = append(verbs, "write files")
	}
	if a&Create != 0 {
		verbs = append(verbs, "create entries")
	}
	if a&Remove != 0 {
		verbs = append(verbs, "remove entries")
	}
	if len(verbs) == 0 {
		return "nothing in " + path
	}
	return strings.Join(verbs, ", ") + " anywhere under " + path
}

// Rule grants access at one path: to the file, or to everything beneath
// the directory.
type Rule struct {
	Path   string
	Access Access
}

// Policy is what a sandboxed program may change. Reading is always
// allowed.
type Policy struct {
	// Rules are the places it may write: the workspace and the scratch
	// directory (All), /dev/null and the terminal (Write), and the
	// outside targets the user approved for this one command.
	Rules []Rule
	// NoNetwork blocks TCP connections and listening sockets, where the
	// kernel's Landlock is recent enough (ABI 4, Linux 6.7).
	NoNetwork bool
	// TCPPorts, when not empty (and NoNetwork not set), are the only TCP
	// ports a program may connect to, on any address: Landlock (ABI 4)
	// filters connections by port alone.
	TCPPorts []uint16
	// NoLandlock says the kernel has no Landlock, so the launcher cannot
	// hold the program's writes to Rules (the run-time gate alone holds
	// what nosh sees of them). It still confines everything that needs
	// no Landlock: no new privileges, only the capabilities reading
	// needs, and the seccomp filter (no typing into a terminal, no
	// session of its own, no UNIX socket, no io_uring, no risky mode or
	// owner), which would otherwise be lost with the file rules.
	NoLandlock bool
	// MaxProcs, when not 0, is the RLIMIT_NPROC the program runs under:
	// how many processes its user may have in all before it (and what
	// it starts) can fork no more, so that a fork bomb stops there
	// instead of at the machine's pid_max. The kernel does not apply it
	// to root.
	MaxProcs int
}

// With returns a copy of p with more rules.
func (p Policy) With(rules ...Rule) Policy {
	p.Rules = append(slices.Clip(p.Rules), rules...)
	return p
}

// Writable reports whether the policy lets a program write the file at
// path (absolute and clean), or create, remove entries in dir when
// dir is set: the path itself or one beneath a rule's directory with
// that access.
func (p Policy) Writable(path string, need Access) bool {
	for _, r := range p.Rules {
		if r.Access&need != need {
			continue
		}
		if path == r.Path || strings.HasPrefix(path, strings.TrimSuffix(r.Path, "/")+"/") {
			return true
		}
	}
	return false
}

// Flag is the argument that makes nosh a launcher: it must be argv[1].
const Flag = "--nosh-sandbox"

// SelfPath is the running nosh, even if its file was replaced or
// removed since it started: the launcher, and what runs scripts that
// lack a #! line.
const SelfPath = "/proc/self/exe"

// LauncherName is the launcher installed beside nosh (cmd/nosh-sandbox):
// a program that links only this package, so that it starts in about
// half the time nosh does.
const LauncherName = "nosh-sandbox"

// Launcher, when not empty, is the program Command starts as the
// launcher; empty means the one beside the running executable, else
// nosh itself. Benchmarks set it.
var Launcher string

var (
	launcherOnce sync.Once
	launcherPath string
)

// launcher returns the launcher to start: Launcher, else nosh-sandbox
// beside the running executable, else the running nosh (SelfPath),
// whose main dispatches to Launch first thing.
func launcher() string {
	if Launcher != "" {
		return Launcher
	}
	launcherOnce.Do(func() {
		launcherPath = SelfPath
		exe, err := os.Executable()
		if err != nil {
			return
		}
		p := filepath.Join(filepath.Dir(exe), LauncherName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0 {
			launcherPath = p
		}
	})
	return launcherPath
}

// Command returns the path and argv that run the program at path with
// argv (argv[0] included) under p: nosh as its launcher.
func Command(path string, argv []string, p Policy) (string, []string) {
	out := make([]string, 0, len(argv)+len(p.Rules)+5)
	out = append(out, "nosh", Flag)
	if p.NoLandlock {
		out = append(out, "landlock=off")
	}
	if p.MaxProcs > 0 {
		out = append(out, "nproc="+strconv.Itoa(p.MaxProcs))
	}
	if p.NoNetwork {
		out = append(out, "net=off")
	} else if len(p.TCPPorts) > 0 {
		ports := make([]string, len(p.TCPPorts))
		for i, port := range p.TCPPorts {
			ports[i] = strconv.Itoa(int(port))
		}
		out = append(out, "tcp="+strings.Join(ports, ","))
	}
	for _, r := range p.Rules {
		out = append(out, r.Access.String()+":"+r.Path)
	}
	out = append(out, "--", path)
	out = append(out, argv...)
	return launcher(), out
}

// launch is a parsed launcher command line.
type launch struct {
	policy Policy
	path   string
	argv   []string
}

var errUsage = errors.New("usage: nosh " + Flag + " [landlock=off] [nproc=N] [net=off|tcp=PORT,…] [ACCESS:PATH]... -- PROGRAM ARGV0 [ARG]...")

// parse reads the launcher's arguments (os.Args).
func parse(args []string) (launch, error) {
	var l launch
	if len(args) < 2 || args[1] != Flag {
		return l, errUsage
	}
	i := 2
	for ; i < len(args) && args[i] != "--"; i++ {
		a := args[i]
		if a == "net=off" {
			l.policy.NoNetwork = true
			continue
		}
		if a == "landlock=off" {
			l.policy.NoLandlock = true
			continue
		}
		if n, ok := strings.CutPrefix(a, "nproc="); ok {
			v, err := strconv.Atoi(n)
			if err != nil || v <= 0 {
				return l, fmt.Errorf("bad process limit %q: %w", n, errUsage)
			}
			l.policy.MaxProcs = v
			continue
		}
		if list, ok := strings.CutPrefix(a, "tcp="); ok {
			for _, f := range strings.Split(list, ",") {
				port, err := strconv.ParseUint(f, 10, 16)
				if err != nil || port == 0 {
					return l, fmt.Errorf("bad port %q: %w", f, errUsage)
				}
				l.policy.TCPPorts = append(l.policy.TCPPorts, uint16(port))
			}
			continue
		}
		acc, p, ok := strings.Cut(a, ":")
		if !ok || !filepath.IsAbs(p) {
			return l, fmt.Errorf("bad rule %q: %w", a, errUsage)
		}
		var access Access
		for _, c := range acc {
			switch c {
			case 'w':
				access |= Write
			case 'c':
				access |= Create
			case 'r':
				access |= Remove
			case 'm':
				access |= Meta
			case '-':
			default:
				return l, fmt.Errorf("bad access %q: %w", acc, errUsage)
			}
		}
		l.policy.Rules = append(l.policy.Rules, Rule{Path: p, Access: access})
	}
	if i+2 >= len(args) {
		return l, errUsage
	}
	l.path, l.argv = args[i+1], args[i+2:]
	return l, nil
}

// Workspace returns the directory an agent started in dir may write in,
// or "" and why it may not: the home directory or above it, or a tree
// holding any of the protected paths (nosh's own files), since Landlock
// cannot leave holes in a tree it grants, and granting that much would
// make the sandbox pointless.
func Workspace(dir, home string, protected []string) (string, string) {
	ws := filepath.Clean(dir)
	if p, err := filepath.EvalSymlinks(ws); err == nil {
		ws = p
	}
	show := ws
	if home != "" {
		home = filepath.Clean(home)
		if ws == home || strings.HasPrefix(ws, home+"/") {
			show = "~" + ws[len(home):]
		}
	}
	if ws == "/" || home != "" && (ws == home || strings.HasPrefix(home+"/", ws+"/")) {
		return "", "the workspace " + show + " is your home directory or above it"
	}
	for _, p := range protected {
		if p == ws || strings.HasPrefix(p, ws+"/") {
			return "", "the workspace " + show + " holds nosh's own files"
		}
	}
	return ws, ""
}
