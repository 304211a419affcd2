package assistant

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"

	"nosh/perms/sandbox"
	"nosh/shell/internal/guard"
)

// agentBox is the sandbox of one `??` run: the programs its commands
// start may write only in the workspace (the directory where `??` was
// typed, and its tree), the run's scratch directory and /dev/null, and
// may not open the terminal at all. Rules and YOLO never widen it; only the user's answer to a
// prompt naming a change outside does, for that one command.
type agentBox struct {
	policy sandbox.Policy
	// enforce says the kernel confines the programs' files (Landlock);
	// without it the gate alone holds their writes, and the launcher
	// what needs no Landlock (sandbox.Policy.NoLandlock).
	enforce   bool
	workspace string // "" when the workspace may not be written; see newAgentBox
	scratch   string
	// notice says, in one line, why the workspace is not writable.
	notice string
	// programs are the run's programs (guard.Track), which the
	// questions freeze.
	programs *guard.Programs
}

// landlockState is what the kernel offers, looked up once per session.
type landlockState struct {
	checked bool
	abi     int
	err     error
	told    bool // the first `??` said that there is no sandbox
}

func (a *Assistant) landlock() *landlockState {
	if !a.sandboxState.checked {
		a.sandboxState.checked = true
		a.sandboxState.abi, a.sandboxState.err = sandbox.Available()
	}
	return &a.sandboxState
}

// newAgentBox makes the sandbox of a run started in dir: its scratch
// directory, and the places its commands may write. A workspace that is
// the home directory or above, or that holds nosh's own files, is not
// writable: the sandbox cannot leave holes in a tree it grants, and
// granting that much would make it pointless.
func (a *Assistant) newAgentBox(dir string) (*agentBox, error) {
	scratch, err := os.MkdirTemp("", "nosh-agent-")
	if err != nil {
		return nil, fmt.Errorf("creating the agent's scratch directory: %w", err)
	}
	if p, err := filepath.EvalSymlinks(scratch); err == nil {
		scratch = p
	}
	b := &agentBox{scratch: scratch}
	ll := a.landlock()
	b.enforce = ll.err == nil
	b.policy.NoNetwork = !a.cfg.AI.SandboxNetwork
	for _, p := range a.cfg.AI.SandboxTCPPorts {
		b.policy.TCPPorts = append(b.policy.TCPPorts, uint16(p))
	}
	if uid := os.Getuid(); uid != 0 {
		// A fork bomb stops a thousand processes past what the user
		// runs now, not at the machine's pid_max (root is exempt from
		// the limit in the kernel).
		b.policy.MaxProcs = userProcesses(uid) + agentExtraProcs
	}
	home := a.host.Getenv("HOME")
	if ws, why := sandbox.Workspace(dir, home, a.protectedPaths()); ws != "" {
		b.workspace = ws
		b.policy.Rules = append(b.policy.Rules, sandbox.Rule{Path: ws, Access: sandbox.All})
	} else {
		b.notice = why + ": the agent's commands may write only in the scratch directory"
	}
	// Not the terminal: the run's programs have none (they start in a
	// session of their own, reading /dev/null, their output shown by
	// nosh), and may neither read the keys typed nor draw on the screen.
	b.policy.Rules = append(b.policy.Rules,
		sandbox.Rule{Path: scratch, Access: sandbox.All},
		sandbox.Rule{Path: "/dev/null", Access: sandbox.Write})
	return b, nil
}

// agentExtraProcs is how many processes beyond the user's own at the
// run's start the run's programs may make (RLIMIT_NPROC counts every
// process of the user): room for make -j and a test suite, not for a fork
// bomb.
const agentExtraProcs = 1024

// userProcesses counts the tasks of uid as the kernel counts them for
// RLIMIT_NPROC (threads included; near enough: by the owner of
// /proc/PID).
func userProcesses(uid int) int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		name := e.Name()
		if name == "" || name[0] < '0' || name[0] > '9' {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if st, ok := info.Sys().(*syscall.Stat_t); !ok || int(st.Uid) != uid {
			continue
		}
		n += threadsOf(name)
	}
	return n
}

// threadsOf returns the number of threads of process pid (field 20 of
// /proc/PID/stat), 1 when it cannot be read.
func threadsOf(pid string) int {
	b, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return 1
	}
	// The command name, in parentheses, may hold spaces: count fields
	// after its closing one.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 1
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 18 {
		return 1
	}
	t, err := strconv.Atoi(string(f[17]))
	if err != nil || t < 1 {
		return 1
	}
	return t
}

// landlockAvailable is sandbox.Available, asked once (not a
// sync.OnceValues, which would be made at every process's start).
func landlockAvailable() (int, error) {
	landlockOnce.Do(func() { landlockABI, landlockErr = sandbox.Available() })
	return landlockABI, landlockErr
}

var (
	landlockOnce sync.Once
	landlockABI  int
	landlockErr  error
)

// readOnlyBox may write nothing but /dev/null, and connect nowhere.
var readOnlyBox = sandbox.Policy{Rules: []sandbox.Rule{{Path: "/dev/null", Access: sandbox.Write}}, NoNetwork: true}

// ConfineReadOnly starts a program nosh runs for itself (git for the
// prompt and for completion) in a sandbox that may write nothing, where
// the kernel has Landlock: a repository's configuration can make git run
// any program (core.fsmonitor, clean filters, a submodule's own), and an
// agent may have written it; whatever it runs then cannot change a file
// (without Landlock, it still gets the seccomp filter and no capability
// beyond reading).
func ConfineReadOnly(path string, argv []string) (string, []string) {
	box := readOnlyBox
	if _, err := landlockAvailable(); err != nil {
		box.NoLandlock = true
	}
	return sandbox.Command(path, argv, box)
}

// protectedPaths are nosh's own files and directories, which the AI may
// never change.
func (a *Assistant) protectedPaths() []string {
	var out []string
	for _, p := range []string{a.paths.ConfigDir, a.paths.ConfigFile, a.paths.StateDir, a.paths.PermissionsFile, a.cfg.History.File} {
		if p != "" && filepath.IsAbs(p) {
			out = append(out, filepath.Clean(p))
		}
	}
	return out
}

// close removes the scratch directory.
func (b *agentBox) close() {
	if b != nil && b.scratch != "" {
		os.RemoveAll(b.scratch)
	}
}

// env is what the agent's commands get in their environment: where the
// scratch directory is, also as the directory for temporary files.
func (b *agentBox) env() []string {
	return []string{"NOSH_SCRATCH=" + b.scratch, "TMPDIR=" + b.scratch}
}

// describe tells the model where its commands may write.
func (b *agentBox) describe() string {
	var where string
	if b.workspace != "" {
		where = "in the current directory " + b.workspace + " (and below) and in the scratch directory " + b.scratch
	} else {
		where = "only in the scratch directory " + b.scratch
	}
	s := "Commands run in a sandbox: they can read everything, but write " + where +
		" ($NOSH_SCRATCH, also $TMPDIR; removed when you answer); writes elsewhere fail with \"Permission denied\" unless the user approves that one command." +
		" Put temporary files, downloads and build caches (e.g. GOCACHE=$NOSH_SCRATCH/go-build) in the scratch directory." +
		" Commands have no terminal: their input is /dev/null and /dev/tty cannot be opened, so use non-interactive options (ssh -o BatchMode=yes, apt-get -y, git --no-pager)."
	if b.policy.NoNetwork {
		s += " Network connections are blocked."
	} else if len(b.policy.TCPPorts) > 0 {
		s += fmt.Sprintf(" TCP connections are allowed only to ports %v.", b.policy.TCPPorts)
	}
	s += " Builtins that would change the user's shell (bind, complete, history, hash, ulimit, fg, nosh's own options…) are refused; kill and wait reach only programs you started; programs still running when you answer are stopped."
	return s
}
