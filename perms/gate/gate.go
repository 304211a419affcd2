package gate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"nosh/perms"
	"nosh/perms/sandbox"
)

// Sentinel is the argv[0] the call handler substitutes for a refused
// command, so that the exec middleware can report it: a call handler
// cannot refuse a command without halting the runner.
const Sentinel = "\x00nosh-denied"

// ErrNotAllowed is the error of a refused write.
var ErrNotAllowed = errors.New("not allowed by nosh permissions")

// AskFunc asks the user about a command the approval does not cover and
// returns the answer; it should offer only d.Offers(). It is never
// called for a deny verdict, and never twice at once.
type AskFunc func(d perms.Decision) perms.Answer

// Gate enforces a policy on everything an interp.Runner executes.
type Gate struct {
	policy *perms.Policy
	ask    AskFunc
	report io.Writer

	askMu sync.Mutex
	def   *scope
}

// scope is one approved run: what the user approved and the state the
// gate keeps while it runs.
type scope struct {
	off      bool
	approval *perms.Approval
	// box, for an agent command, is where it may write (the sandbox's
	// policy, widened by what the user approves while it runs); enforce
	// says its programs run in the kernel's sandbox.
	box     *sandbox.Policy
	enforce bool
	// inShell says the command runs in the user's shell itself (a `?`
	// translation): every variable that is not the user's own is
	// watched, and each call is judged as perms.CheckArgvInShell does.
	inShell bool

	mu       sync.Mutex
	baseline map[string]string // the variables watched (see watched), as they were
	once     map[string]bool   // argvs and write paths approved during the run
}

type ctxKey struct{}

// New returns a gate for policy p. approved is what the user approved
// for the runs that do not get their own approval through WithApproval
// (nil approves nothing beyond the rules). ask is called when a command
// or write is covered neither by the rules nor by the approval; nil
// refuses such commands. Refusals are reported to report, or to the
// runner's standard error when report is nil.
func New(p *perms.Policy, approved *perms.Approval, ask AskFunc, report io.Writer) *Gate {
	g := &Gate{policy: p, ask: ask, report: report}
	g.def = g.newScope(approved)
	return g
}

func (g *Gate) newScope(a *perms.Approval) *scope {
	env, _ := g.policy.Environ()
	return &scope{approval: a, baseline: snapshot(env, false), once: make(map[string]bool)}
}

// WithShellApproval is WithApproval for a `?` translation, which runs in
// the user's shell itself: what it sets there outlives it, so a change
// to a variable that is not the user's own, an option or a trap made
// while it runs, and not announced by the approved command (inside an
// approved eval or source), is asked about at its next command.
func (g *Gate) WithShellApproval(ctx context.Context, a *perms.Approval) context.Context {
	// The baseline is the shell's variables as its first command is
	// checked (changed): nothing of the translation has run before it,
	// since code it did not show runs only through a command (eval,
	// source, a function).
	sc := &scope{approval: a, once: make(map[string]bool), inShell: true}
	return context.WithValue(ctx, ctxKey{}, sc)
}

// WithApproval returns a context under which the runner's commands are
// checked against a, the approval of one command the user answered. It
// also records the variables that change what runs as they are now, so
// that changes the approved command did not announce are caught.
func (g *Gate) WithApproval(ctx context.Context, a *perms.Approval) context.Context {
	return context.WithValue(ctx, ctxKey{}, g.newScope(a))
}

// Bypass returns a context under which a gate lets everything run: for
// commands the user typed, in a runner shared with the AI.
func Bypass(ctx context.Context) context.Context {
	return context.WithValue(ctx, ctxKey{}, &scope{off: true})
}

func (g *Gate) scopeOf(ctx context.Context) *scope {
	if s, ok := ctx.Value(ctxKey{}).(*scope); ok {
		return s
	}
	return g.def
}

// RunnerOptions returns the options that install the gate: CallHandler,
// ExecHandlers and OpenHandler. A runner that needs handlers of its own
// should compose them with the methods below instead, keeping the gate
// outermost.
func (g *Gate) RunnerOptions() []interp.RunnerOption {
	return []interp.RunnerOption{
		interp.CallHandler(g.CallHandler(nil)),
		interp.ExecHandlers(g.ExecMiddleware),
		interp.OpenHandler(g.OpenHandler(nil)),
	}
}

// CallHandler returns a call handler that checks every simple command
// after expansion (builtins and function calls included) and replaces a
// refused one with Sentinel; next, if not nil, handles the commands let
// through.
func (g *Gate) CallHandler(next interp.CallHandlerFunc) interp.CallHandlerFunc {
	return func(ctx context.Context, args []string) ([]string, error) {
		if ok, why := g.check(ctx, args, true); !ok {
			return append([]string{Sentinel, why}, args...), nil
		}
		if next != nil {
			return next(ctx, args)
		}
		return args, nil
	}
}

// ExecMiddleware reports and fails commands the call handler refused
// (status 126). It must come before any middleware that would run them.
// It also re-checks a program named like a function the approved command
// defined, since it turned out not to be one.
func (g *Gate) ExecMiddleware(next interp.ExecHandlerFunc) interp.ExecHandlerFunc {
	return func(ctx context.Context, args []string) error {
		if args[0] == Sentinel {
			why, cmd := "", args[1:]
			if len(cmd) > 0 {
				why, cmd = cmd[0], cmd[1:]
			}
			g.refused(ctx, cmd, why)
			return interp.ExitStatus(126)
		}
		if sc := g.scopeOf(ctx); !sc.off && sc.approval.IsFunction(args[0]) {
			if ok, why := g.check(ctx, args, false); !ok {
				g.refused(ctx, args, why)
				return interp.ExitStatus(126)
			}
		}
		return next(ctx, args)
	}
}

// OpenHandler returns an open handler that lets the shell open a file
// for writing only if the approval covers it (or the user allows it when
// asked); a refused write fails with an *os.PathError, which the runner
// prints, setting status 1. next nil means interp.DefaultOpenHandler.
func (g *Gate) OpenHandler(next interp.OpenHandlerFunc) interp.OpenHandlerFunc {
	if next == nil {
		next = interp.DefaultOpenHandler()
	}
	return func(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
		writes := flag&(os.O_WRONLY|os.O_RDWR|os.O_APPEND|os.O_CREATE|os.O_TRUNC) != 0
		sc := g.scopeOf(ctx)
		if sc.off || !writes && sc.box == nil {
			return next(ctx, path, flag, perm)
		}
		hc := interp.HandlerCtx(ctx)
		abs := path
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(hc.Dir, abs)
		}
		abs = filepath.Clean(abs)
		if sc.box != nil {
			if w := standardStream(abs, hc, writes); w != nil {
				// The command's own input or output, which the agent
				// reads, not whatever nosh's descriptor is.
				return w, nil
			}
			if sandbox.OwnProcess(abs) {
				// nosh's descriptors (the terminal, its history, the
				// AI helper's pipe), memory and environment: opened by
				// nosh itself they would be out of the sandbox's reach
				// rules, which keep its programs out of them.
				return nil, g.refuseOpen(ctx, path, writes, "it is inside nosh's own process (descriptors, memory, environment), out of the sandbox's reach; the command's streams are /dev/stdin, /dev/stdout, /dev/stderr")
			}
			if sandbox.Device(abs) {
				// The terminal above all: opened by nosh it would give
				// the agent's command the keys the user types, or the
				// screen, which its programs cannot open themselves.
				return nil, g.refuseOpen(ctx, path, writes, "it is a device ("+deviceWhat(abs)+"), out of the sandbox's reach: the agent's commands neither read the keys you type nor draw on your screen")
			}
			if !writes {
				return next(ctx, path, flag, perm)
			}
		}
		// What is written is the file the path really names, through
		// every link: judged there, and (for an agent command) opened
		// there and nowhere else.
		real, err := sandbox.Resolve(abs)
		if err != nil {
			if sc.box != nil {
				return nil, g.refuseWrite(ctx, path, err.Error())
			}
			real = abs
		}
		for _, p := range []string{abs, real} {
			if what, ok := g.policy.Protects(p); ok {
				return nil, g.refuseWrite(ctx, path, "it is "+what+": the AI may never change its own configuration, permission rules or state")
			}
		}
		open := func() (io.ReadWriteCloser, error) {
			if sc.box != nil {
				f, err := sandbox.OpenResolved(real, flag, perm)
				if err != nil {
					// Keep the name the command used.
					var pe *os.PathError
					if errors.As(err, &pe) {
						pe.Path = path
					}
					return nil, err
				}
				return f, nil
			}
			return next(ctx, path, flag, perm)
		}
		if sc.box != nil {
			// nosh opens the file itself, outside the sandbox: the gate
			// holds it to the same places.
			if err := g.confineWrite(ctx, sc, path, abs, real); err != nil {
				return nil, err
			}
			if sc.inside(real) && !g.policy.Sensitive(real) {
				// Any program the rules allow may write it all the same.
				return open()
			}
		}
		if sc.approval.CoversWrite(path, hc.Dir) || sc.approved("> "+path) {
			return open()
		}
		d := g.policy.CheckWrite(path)
		if d.Verdict == perms.Allow || d.Verdict == perms.Ask && g.asked(sc, d, "> "+path) {
			return open()
		}
		return nil, g.refuseWrite(ctx, path, reason(d))
	}
}

// check decides whether a command may run under the context's scope.
func (g *Gate) check(ctx context.Context, args []string, mayBeFunction bool) (bool, string) {
	sc := g.scopeOf(ctx)
	if sc.off || len(args) == 0 {
		return true, ""
	}
	hc := interp.HandlerCtx(ctx)
	var d perms.Decision
	if sc.inShell {
		d = g.policy.CheckArgvInShell(args, hc.Env, hc.Dir)
	} else {
		d = g.policy.CheckArgv(args, hc.Env, hc.Dir)
	}
	d = g.throughLinks(args, hc.Env, hc.Dir, d)
	if d.Verdict == perms.Deny {
		return false, reason(d)
	}
	if out := sc.outside(d); len(out) > 0 {
		// A change outside the workspace that the user did not approve:
		// ask about it alone, never widening by a rule.
		od := perms.Decision{Command: d.Command, Findings: out, Targets: d.Targets}
		od = od.WithFindings()
		if !g.asked(sc, od, "outside\x00"+strings.Join(args, "\x00")) {
			return false, outsideReason(out)
		}
		if err := sc.widen(d.Targets, out); err != nil && g.report != nil {
			fmt.Fprintf(g.report, "nosh: %v\n", err)
		}
	}
	changed := sc.changedIn(hc.Env, subshellEntry(ctx))
	if len(changed) > 0 {
		d = d.WithFindings(changed...)
	}
	key := strings.Join(args, "\x00")
	if sc.approval.Covers(d, mayBeFunction) || len(changed) == 0 && sc.approved(key) {
		sc.accept(hc.Env, changed)
		return true, ""
	}
	if g.asked(sc, d, key) {
		sc.accept(hc.Env, changed)
		return true, ""
	}
	return false, reason(d)
}

// asked asks the user about d and reports whether the answer lets it run.
// A Once answer covers the same command or write again during the run.
func (g *Gate) asked(sc *scope, d perms.Decision, key string) bool {
	if g.ask == nil {
		return false
	}
	g.askMu.Lock()
	ans := g.ask(d)
	g.askMu.Unlock()
	switch ans {
	case perms.Once:
	case perms.Session, perms.Always:
		if err := g.policy.Record(d, ans); err != nil && g.report != nil {
			fmt.Fprintf(g.report, "nosh: %v\n", err)
		}
	default:
		return false
	}
	sc.mu.Lock()
	sc.once[key] = true
	sc.mu.Unlock()
	return true
}

func (sc *scope) approved(key string) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.once[key]
}

// changed returns a finding for every variable that changes what runs
// and differs from the scope's baseline without the approval announcing
// it.
func (sc *scope) changed(env expand.Environ) []perms.Finding {
	return sc.changedIn(env, nil)
}

// changedIn is changed for a command that runs in a subshell that
// started with the variables entry (nil: not in a subshell). What a
// subshell assigns ends with it, so a variable watched only because it
// outlives the translation (HISTSIZE…) is judged by its value as the
// subshell started; one that changes what runs (PATH, LD_PRELOAD…) as
// it is now.
func (sc *scope) changedIn(env, entry expand.Environ) []perms.Finding {
	now := snapshot(env, sc.inShell)
	if entry != nil {
		before := snapshot(entry, sc.inShell)
		for name := range now {
			if _, runs := perms.DangerousVar(name); !runs {
				delete(now, name)
			}
		}
		for name, v := range before {
			if _, runs := perms.DangerousVar(name); !runs {
				now[name] = v
			}
		}
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.baseline == nil {
		sc.baseline = now
		return nil
	}
	var out []perms.Finding
	check := func(name string) {
		if now[name] == sc.baseline[name] || sc.approval.CoversVar(name) {
			return
		}
		why, ok := perms.DangerousVar(name)
		if !ok {
			why = perms.ShellVarEffect(name)
		}
		value := now[name]
		if len(value) > 40 {
			value = value[:37] + "…"
		}
		out = append(out, perms.Finding{Kind: perms.KindAssign, Key: name,
			Text: name + "=" + value, Reason: "changed since the command was approved: " + why})
	}
	for name := range now {
		check(name)
	}
	for name := range sc.baseline {
		if _, ok := now[name]; !ok {
			check(name)
		}
	}
	return out
}

// subshellKey marks a context whose commands run in a subshell; its
// value is the shell's variables as the outermost subshell started.
type subshellKey struct{}

// InSubshell marks ctx as running in a subshell of the shell (( … ),
// $( … ), a background job) that started with the variables entry (a
// copy, made as it started): what its commands assign ends with it. The
// shell says so (a context value, which no command can forge). The
// translation's watch then judges the variables that matter only by
// outliving the translation (HISTSIZE…) by their values at the
// subshell's start, and only those that change what runs (PATH,
// LD_PRELOAD…) as they are: `(eval "$x")` setting HISTSIZE is no
// question, while a change hidden before the subshell still is.
func InSubshell(ctx context.Context, entry expand.Environ) context.Context {
	return context.WithValue(ctx, subshellKey{}, entry)
}

func subshellEntry(ctx context.Context) expand.Environ {
	entry, _ := ctx.Value(subshellKey{}).(expand.Environ)
	return entry
}

// ShellChanges returns, for a translation's scope (WithShellApproval),
// the changes to variables that are not the user's own made since its
// first command that neither the approved command announced nor the
// user was asked about: what its last statements set through an eval or
// source, with no later command to be checked against. env is the
// shell's variables after the run.
func ShellChanges(ctx context.Context, env expand.Environ) []perms.Finding {
	sc, _ := ctx.Value(ctxKey{}).(*scope)
	if sc == nil || !sc.inShell {
		return nil
	}
	sc.mu.Lock()
	started := sc.baseline != nil
	sc.mu.Unlock()
	if !started {
		return nil
	}
	return sc.changed(env)
}

// accept makes the current values of changed variables the baseline, so
// that an allowed change is not reported again.
func (sc *scope) accept(env expand.Environ, changed []perms.Finding) {
	now := snapshot(env, sc.inShell)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for name := range now {
		if sc.approval.CoversVar(name) {
			sc.baseline[name] = now[name]
		}
	}
	for _, f := range changed {
		if v, ok := now[f.Key]; ok {
			sc.baseline[f.Key] = v
		} else {
			delete(sc.baseline, f.Key)
		}
	}
}

// snapshot returns the variables watched: those that change what runs,
// and with inShell every one that is not the user's own but those the
// shell itself changes as it runs (PWD, SECONDS, LINENO…). IFS unset
// and IFS set to its default are the same.
func snapshot(env expand.Environ, inShell bool) map[string]string {
	out := make(map[string]string)
	if env == nil {
		return out
	}
	env.Each(func(name string, vr expand.Variable) bool {
		if !vr.IsSet() {
			return true
		}
		if _, ok := perms.DangerousVar(name); ok || inShell && watchedInShell(name) {
			out[name] = vr.String()
		}
		return true
	})
	if _, ok := out["IFS"]; !ok {
		out["IFS"] = " \t\n"
	}
	return out
}

// reason is the first line explaining why d was not allowed. The
// command itself is d's first unit; inner units are named.
func reason(d perms.Decision) string {
	name := func(i int, u perms.UnitVerdict) string {
		if i == 0 {
			return u.Reason
		}
		return u.String() + ": " + u.Reason
	}
	for i, u := range d.Units {
		if u.Verdict == perms.Deny {
			return name(i, u)
		}
	}
	for _, f := range d.Findings {
		if f.Kind == perms.KindCatastrophic {
			return f.Text + ": " + f.Reason
		}
	}
	for i, u := range d.Units {
		if u.Verdict == perms.Ask {
			return name(i, u)
		}
	}
	for _, f := range d.Findings {
		return f.Text + ": " + f.Reason
	}
	return "not approved"
}

// refused reports a refused command.
func (g *Gate) refused(ctx context.Context, argv []string, why string) {
	if f := RefusalHook(ctx); f != nil {
		f(quoteArgv(argv), why)
		return
	}
	w := g.report
	if w == nil {
		w = interp.HandlerCtx(ctx).Stderr
	}
	if w == nil {
		return
	}
	fmt.Fprintf(w, "nosh: refused: %s: %s\n", quoteArgv(argv), why)
}

// quoteArgv writes argv as a command line.
func quoteArgv(argv []string) string {
	words := make([]string, len(argv))
	for i, a := range argv {
		words[i] = a
		if q, err := syntax.Quote(a, syntax.LangBash); err == nil {
			words[i] = q
		}
	}
	return strings.Join(words, " ")
}

// shellKept reports whether the shell itself changes the variable as a
// command runs (cd, a pipeline, a clock): not the command's doing. A
// switch, not a map literal, so that linking the package runs no code at
// start-up.
func shellKept(name string) bool {
	switch name {
	case "PWD", "OLDPWD", "_", "RANDOM", "SRANDOM", "SECONDS",
		"LINENO", "EPOCHSECONDS", "EPOCHREALTIME", "BASHPID", "PIPESTATUS",
		"BASH_REMATCH", "DIRSTACK", "HISTCMD", "COLUMNS", "LINES",
		"BASH_COMMAND", "BASH_LINENO", "BASH_SOURCE", "FUNCNAME", "BASH_ARGC", "BASH_ARGV",
		"BASH_SUBSHELL":
		return true
	}
	return false
}

// watchedInShell reports whether a change to the variable made by a `?`
// translation is asked about.
func watchedInShell(name string) bool {
	return !perms.UserVariable(name) && !shellKept(name) && strings.IndexByte(name, 0) < 0
}
