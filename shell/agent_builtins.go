package shell

import (
	"context"
	"fmt"
	"io"
	"nosh/shell/internal/options"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"nosh/shell/jobs"
)

// Builtins run inside nosh, outside the kernel's sandbox. An agent
// command runs in a subshell of the user's shell, which keeps variables,
// functions, aliases, the directory, interp's options and EXIT traps to
// itself; but some builtins act on the whole session (the line editor,
// completion, history, the job table, the command hash table, nosh's own
// options, the umask and resource limits of the nosh process) or on
// other processes. So an agent command may run only the builtins known
// to keep their effects inside its subshell, and some of those only in
// a form that changes nothing; every other builtin, including any added
// later, is refused with a message the model can act on. A program of
// the same name, run as `command -p NAME` or by path, runs in the
// sandbox as usual.

// agentBuiltinRule decides whether an agent command may run a builtin
// with args; why says what to do instead when it may not.
type agentBuiltinRule func(c *call) (ok bool, why string)

// contained is the rule of builtins whose effects stay in the runner
// that runs them.
func contained(*call) (bool, string) { return true, "" }

// agentBuiltins lists the builtins an agent command may run, and when.
var agentBuiltins = sync.OnceValue(func() map[string]agentBuiltinRule {
	return map[string]agentBuiltinRule{
		".": contained, "source": contained, "eval": contained, "exec": contained,
		"[": contained, "test": contained, "echo": contained, "printf": contained,
		"read": contained, "getopts": contained, "let": contained, "shift": contained,
		"unset": contained, "declare": contained, "typeset": contained, "local": contained,
		"export": contained, "readonly": contained, "alias": contained, "unalias": contained,
		"cd": contained, "pwd": contained, "dirs": contained, "pushd": contained, "popd": contained,
		"break": contained, "continue": contained, "return": contained, "exit": contained,
		"logout": contained, "command": contained, "type": contained, "times": contained,
		"compgen": contained, "jobs": contained,
		// Signal traps set in a subshell do nothing (trap's doc); EXIT and
		// ERR traps are the runner's.
		"trap": contained,
		// kill and wait reach only the agent's own programs (killForAgent,
		// agentOwnedTargets).
		"kill": contained,
		"wait": agentWait,

		"set":   agentSet,
		"shopt": agentShopt,
		"umask": onlyReading("umask", "umask changes the mask of the whole shell; set it inside the command instead: sh -c 'umask 077; …'",
			func(args []string) bool { return allOptions(args, "Sp") }),
		"ulimit": onlyReading("ulimit", "ulimit changes the limits of the whole shell; set them inside the command instead: sh -c 'ulimit -n 64; …'",
			func(args []string) bool { return allOptions(args, "aSHRcdefilmnpqrstuvx") }),
		"hash": onlyReading("hash", "hash changes your shell's table of commands",
			func(args []string) bool { return len(args) == 0 || len(args) == 1 && args[0] == "-l" }),
		"history": onlyReading("history", "history changes your shell's history",
			func(args []string) bool {
				return len(args) == 0 || len(args) == 1 && isUnsigned(args[0]) || args[0] == "-p"
			}),
		"fc": onlyReading("fc", "fc runs and edits your history: use fc -l to list it",
			func(args []string) bool {
				listing := false
				for _, a := range args {
					if !strings.HasPrefix(a, "-") || a == "-" || isUnsigned(a[1:]) {
						break // an operand: a history number or prefix
					}
					if strings.Trim(a[1:], "lnr") != "" {
						return false
					}
					listing = listing || strings.Contains(a, "l")
				}
				return listing
			}),
		"bind": onlyReading("bind", "bind changes your line editor's keys",
			func(args []string) bool {
				for i := 0; i < len(args); i++ {
					switch args[i] {
					case "-l", "-p", "-P", "-v", "-V", "-s", "-S", "-X":
					case "-q", "-m":
						i++
					default:
						return false
					}
				}
				return true
			}),
		"complete": onlyReading("complete", "complete changes your shell's completions",
			func(args []string) bool {
				if len(args) > 0 && args[0] != "-p" {
					return false
				}
				for _, a := range args[min(1, len(args)):] {
					if strings.HasPrefix(a, "-") {
						return false
					}
				}
				return true
			}),
		"compopt": refused("compopt changes your shell's completions"),
		"fg":      refused("fg takes your shell's jobs into the foreground"),
		"bg":      refused("bg resumes your shell's jobs"),
		"disown":  refused("disown removes your shell's jobs"),
	}
})

func refused(why string) agentBuiltinRule {
	return func(*call) (bool, string) { return false, why }
}

// onlyReading allows a builtin in the forms reading accepts.
func onlyReading(name, why string, reading func(args []string) bool) agentBuiltinRule {
	return func(c *call) (bool, string) {
		if reading(c.args) {
			return true, ""
		}
		return false, why
	}
}

// allOptions reports whether every argument is an option cluster of the
// given letters: a builtin that only prints.
func allOptions(args []string, letters string) bool {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], letters) != "" {
			return false
		}
	}
	return true
}

// interpSetOptions are set's options that live in the runner: an agent
// command may change them in its subshell.
var interpSetOptions = map[string]bool{"allexport": true, "errexit": true, "noexec": true,
	"noglob": true, "nounset": true, "pipefail": true}

// agentSet lets an agent command set the runner's options (-e, -u, -f,
// -n, -a, -o pipefail…) and positional parameters, and list options;
// nosh's own options (-x, -C, -o vi…) are the whole shell's.
func agentSet(c *call) (bool, string) {
	const why = "this option of set is your whole shell's, not the command's (-e, -u, -f, -a, -n and -o pipefail are the command's own); for a trace, run the command with sh -x -c '…'"
	args := c.args
	for len(args) > 0 {
		a := args[0]
		if a == "-" {
			return false, why // turns off -x and -v
		}
		if a == "--" || len(a) < 2 || a[0] != '-' && a[0] != '+' {
			return true, "" // positional parameters
		}
		args = args[1:]
		for i := 1; i < len(a); i++ {
			switch ch := a[i]; {
			case ch == 'o':
				if len(args) == 0 || strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[0], "+") {
					continue // a listing
				}
				if !interpSetOptions[args[0]] {
					return false, why
				}
				args = args[1:]
			case strings.IndexByte("aefnu", ch) < 0:
				return false, why
			}
		}
	}
	return true, ""
}

// agentShopt lets an agent command query every option and set those that
// live in the runner (globbing, aliases).
func agentShopt(c *call) (bool, string) {
	const why = "this shell option is your whole shell's, not the command's (dotglob, extglob, globstar, nullglob, nocaseglob and expand_aliases are the command's own)"
	changes, setO := false, false
	var names []string
	for i, a := range c.args {
		if a == "--" {
			names = c.args[i+1:]
			break
		}
		if len(a) < 2 || a[0] != '-' {
			names = c.args[i:]
			break
		}
		changes = changes || strings.ContainsAny(a, "su")
		setO = setO || strings.Contains(a, "o")
	}
	if !changes || len(names) == 0 {
		return true, "" // a query, or a listing
	}
	for _, n := range names {
		o, _ := options.LookupShopt(n)
		if setO && !interpSetOptions[n] || !setO && !o.Interp && !o.ReadOnly {
			return false, why
		}
	}
	return true, ""
}

// agentWait lets an agent command wait for its own jobs only.
func agentWait(c *call) (bool, string) {
	for _, a := range c.args {
		if strings.HasPrefix(a, "%") {
			return false, "job specs name your shell's jobs; wait for the agent's own with wait $! or wait alone"
		}
	}
	return true, ""
}

// checkAgentBuiltin reports whether an agent command may run the builtin
// c calls, printing why not.
func (s *Shell) checkAgentBuiltin(ctx context.Context, c *call) bool {
	if strings.HasPrefix(c.name, "\x00") {
		return true // nosh's own machinery, inserted by its rewrites
	}
	rule, ok := agentBuiltins()[c.name]
	why := "it is not known to keep its effects inside the agent's command"
	if ok {
		var allowed bool
		if allowed, why = rule(c); allowed {
			if c.name == "wait" {
				return s.agentOwnsAll(ctx, c, "wait")
			}
			return true
		}
	}
	s.reportAgentRefusal(ctx, c.stderr, c.name+" "+strings.Join(c.args, " "), "the builtin "+c.name+" is not available to the agent: "+why)
	return false
}

// agentProcs are the programs one `??` run started in the sandbox, by
// process ID, with their jobs: the only ones its commands may signal
// or wait for.
type agentProcs struct {
	mu    sync.Mutex
	procs map[int]agentProc
}

type agentProc struct {
	p *jobs.Process
	j *jobs.Job
}

type agentProcsKey struct{}

func withAgentProcs(ctx context.Context, ap *agentProcs) context.Context {
	return context.WithValue(ctx, agentProcsKey{}, ap)
}

func agentProcsOf(ctx context.Context) *agentProcs {
	ap, _ := ctx.Value(agentProcsKey{}).(*agentProcs)
	return ap
}

// note records a program started in the sandbox for an agent command.
func (ap *agentProcs) note(p *jobs.Process, j *jobs.Job) {
	if ap == nil || p == nil {
		return
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	if ap.procs == nil {
		ap.procs = map[int]agentProc{}
	}
	ap.procs[p.Pid] = agentProc{p, j}
}

// lookup returns the live program pid names, or nil.
func (ap *agentProcs) lookup(pid int) *jobs.Process {
	if ap == nil {
		return nil
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	if e, ok := ap.procs[pid]; ok && e.p.State() != jobs.Done {
		return e.p
	}
	return nil
}

// owns reports whether every process of j is one of the agent's.
func (ap *agentProcs) owns(j *jobs.Job) bool {
	if ap == nil || j == nil {
		return false
	}
	ps := j.Processes()
	if len(ps) == 0 {
		return false
	}
	ap.mu.Lock()
	defer ap.mu.Unlock()
	for _, p := range ps {
		if e, ok := ap.procs[p.Pid]; !ok || e.p != p {
			return false
		}
	}
	return true
}

// stop ends the programs still running when the run is over, with their
// jobs, and returns how many there were.
func (ap *agentProcs) stop() int {
	if ap == nil {
		return 0
	}
	ap.mu.Lock()
	live := map[*jobs.Job][]*jobs.Process{}
	for _, e := range ap.procs {
		if e.p.State() != jobs.Done {
			live[e.j] = append(live[e.j], e.p)
		}
	}
	ap.procs = nil
	ap.mu.Unlock()
	n := 0
	for j, ps := range live {
		n += len(ps)
		if j != nil && j.Kill(syscall.SIGTERM) == nil {
			continue
		}
		for _, p := range ps {
			p.Signal(syscall.SIGTERM)
		}
	}
	return n
}

// agentTarget is what a kill or wait operand names among the agent's
// programs: a job ($! of a background command) or a process.
type agentTarget struct {
	j *jobs.Job
	p *jobs.Process
}

// agentTargetOf finds the agent's program or job operand names, or says
// why it is not one.
func (s *Shell) agentTargetOf(ctx context.Context, operand string) (agentTarget, string) {
	ap := agentProcsOf(ctx)
	if strings.HasPrefix(operand, "%") {
		return agentTarget{}, "job specs name your shell's jobs, not the agent's: use $! of the agent's background command"
	}
	pid, err := strconv.Atoi(operand)
	if err != nil || pid <= 0 {
		return agentTarget{}, "only processes the agent started can be named, by their process ID"
	}
	if j := s.jobs().ByPid(pid); j != nil && ap.owns(j) {
		return agentTarget{j: j}, ""
	}
	if p := ap.lookup(pid); p != nil {
		return agentTarget{p: p}, ""
	}
	return agentTarget{}, "process " + operand + " is not one the agent started in this run: signals and waits reach only the agent's own programs"
}

// agentOwnsAll checks that every operand of the kill or wait c runs names
// one of the agent's programs, printing why not.
func (s *Shell) agentOwnsAll(ctx context.Context, c *call, what string) bool {
	for _, a := range operands(c.args, what) {
		if _, why := s.agentTargetOf(ctx, a); why != "" {
			s.reportAgentRefusal(ctx, c.stderr, what+" "+strings.Join(c.args, " "), why)
			return false
		}
	}
	return true
}

// operands returns the PID and job operands of a kill or wait.
func operands(args []string, what string) []string {
	for len(args) > 0 && strings.HasPrefix(args[0], "-") && len(args[0]) > 1 {
		a := args[0]
		args = args[1:]
		if a == "--" {
			break
		}
		if what == "kill" && (a == "-s" || a == "-n") || what == "wait" && strings.HasSuffix(a, "p") {
			if len(args) > 0 {
				args = args[1:]
			}
		}
		if what == "kill" {
			// -SIGNAL, then the operands (kill's own parsing).
			if len(args) > 0 && args[0] == "--" {
				args = args[1:]
			}
			break
		}
	}
	return args
}

// killForAgent is kill in an agent command: each target must be one of
// the programs the agent started in this run (a process ID, or $! of its
// background command); the signal then goes to that program alone, or
// its job, and never to a process group or every process.
func (c *call) killForAgent(ctx context.Context, sig syscall.Signal, targets []string) error {
	status := 0
	for _, t := range targets {
		at, why := c.sh.agentTargetOf(ctx, t)
		var err error
		switch {
		case why != "":
			c.sh.reportAgentRefusal(ctx, c.stderr, "kill "+t, why)
			status = 1
			continue
		case at.j != nil:
			err = at.j.Kill(sig)
		default:
			err = at.p.Signal(sig)
		}
		if err != nil {
			c.errorf(1, "(%s) - %s", t, describeKillError(err))
			status = 1
		}
	}
	return statusError(status)
}

// reportAgentRefusal says that part of an agent command was refused, and
// why: on the command's standard error, which the model reads, and on
// the screen as a refusal.
func (s *Shell) reportAgentRefusal(ctx context.Context, stderr io.Writer, what, why string) {
	if g := guardOf(ctx); g != nil && g.Refused(ctx, strings.TrimSpace(what), why) {
		return
	}
	fmt.Fprintf(stderr, "%s: refused: %s: %s\n", s.Name, strings.TrimSpace(what), why)
}

// TrackAgentPrograms returns a context under which the programs an agent
// command starts in the sandbox are recorded: its kill and wait reach
// only them, and stop ends those still running when the run is over and
// says how many there were.
func TrackAgentPrograms(ctx context.Context) (tracked context.Context, stop func() int) {
	ap := &agentProcs{}
	return withAgentProcs(ctx, ap), ap.stop
}
