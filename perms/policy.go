package perms

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/expand"

	"nosh/config/dialect"
	"nosh/perms/analysis"
	"nosh/perms/programs"
)

// RuleStore persists rules across sessions (see package rulefile).
type RuleStore interface {
	// Load returns the stored rules. When the store is damaged it
	// returns the deny rules it could recover, no allow rules, and an
	// error saying where the damage is.
	Load() (allow, deny []string, err error)
	// AddAllow stores allow rules.
	AddAllow(rules ...string) error
}

// Options configures a Policy.
type Options struct {
	// Dialect is the language the runner parses; the zero value is bash.
	Dialect dialect.Dialect
	// Store holds the persisted rules; nil means none, and Always is not
	// offered.
	Store RuleStore
	// Allow and Deny are extra rules for this policy only, not persisted:
	// nosh perms check --allow/--deny, a project's deny rules.
	Allow, Deny []string
	// Env returns the shell's variables and current directory, used to
	// show what arguments expand to and to resolve ~ and $HOME; nil means
	// the process environment and working directory.
	Env func() (expand.Environ, string)
	// Protected are nosh's own files and directories (configuration,
	// permission rules, state): a command that changes them is denied,
	// since the AI must never change its own permissions. Nil means the
	// usual places, from the environment: $NOSH_CONFIG,
	// $XDG_CONFIG_HOME/nosh and $XDG_STATE_HOME/nosh (or their defaults
	// under $HOME). A project's .nosh.toml is always protected.
	Protected []string
}

// Policy decides whether commands may run: the rules (persisted, extra
// and session) and the built-in lists. It is safe for concurrent use.
type Policy struct {
	opts Options

	mu       sync.Mutex
	session  []Rule
	parsed   map[string]ruleOrErr // rule text → parsed rule
	extra    ruleSet
	extraErr error
}

type ruleOrErr struct {
	rule Rule
	err  error
}

type ruleSet struct {
	allow, deny []Rule
}

// ErrNotOffered is returned by Record for an answer the decision does
// not offer.
var ErrNotOffered = errors.New("answer not offered for this command")

// NewPolicy returns a policy; an error reports extra rules that do not
// parse (the others are used).
func NewPolicy(o Options) (*Policy, error) {
	p := &Policy{opts: o, parsed: make(map[string]ruleOrErr)}
	var errs []error
	p.extra.allow, errs = p.parseRules(o.Allow, errs)
	p.extra.deny, errs = p.parseRules(o.Deny, errs)
	p.extraErr = errors.Join(errs...)
	return p, p.extraErr
}

func (p *Policy) parseRules(texts []string, errs []error) ([]Rule, []error) {
	out := make([]Rule, 0, len(texts))
	for _, t := range texts {
		pr, ok := p.parsed[t]
		if !ok {
			pr.rule, pr.err = ParseRule(t)
			p.parsed[t] = pr
		}
		if pr.err != nil {
			errs = append(errs, pr.err)
			continue
		}
		out = append(out, pr.rule)
	}
	return out, errs
}

// rules returns every rule in force, and why some could not be read.
func (p *Policy) rules() (ruleSet, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	rs := ruleSet{
		allow: append(append([]Rule(nil), p.extra.allow...), p.session...),
		deny:  append([]Rule(nil), p.extra.deny...),
	}
	errs := []error{p.extraErr}
	if p.opts.Store != nil {
		allow, deny, err := p.opts.Store.Load()
		errs = append(errs, err)
		var add []Rule
		add, errs = p.parseRules(allow, errs)
		rs.allow = append(rs.allow, add...)
		add, errs = p.parseRules(deny, errs)
		rs.deny = append(rs.deny, add...)
	}
	return rs, errors.Join(errs...)
}

func (p *Policy) environ() (expand.Environ, string) {
	if p.opts.Env != nil {
		return p.opts.Env()
	}
	dir, _ := os.Getwd()
	return expand.ListEnviron(os.Environ()...), dir
}

// lazyEnv defers building the environment until a check needs it.
type lazyEnv struct {
	p    *Policy
	once sync.Once
	env  expand.Environ
	dir  string
	// extra are NAME=value variables set over the policy's environment
	// (see CheckWith).
	extra []string
}

func (l *lazyEnv) get() expand.Environ {
	l.once.Do(func() {
		l.env, l.dir = l.p.environ()
		if len(l.extra) > 0 {
			l.env = overlayEnv{base: l.env, vars: expand.ListEnviron(l.extra...)}
		}
	})
	return l.env
}

// overlayEnv is an environment with some variables set over another's.
type overlayEnv struct {
	base, vars expand.Environ
}

func (o overlayEnv) Get(name string) expand.Variable {
	if vr := o.vars.Get(name); vr.IsSet() {
		return vr
	}
	return o.base.Get(name)
}

func (o overlayEnv) Each(f func(name string, vr expand.Variable) bool) {
	stopped := false
	o.vars.Each(func(name string, vr expand.Variable) bool {
		stopped = !f(name, vr)
		return !stopped
	})
	if stopped {
		return
	}
	o.base.Each(func(name string, vr expand.Variable) bool {
		if o.vars.Get(name).IsSet() {
			return true
		}
		return f(name, vr)
	})
}

// directory is the directory the policy's commands start in.
func (l *lazyEnv) directory() string {
	l.get()
	return l.dir
}

func (l *lazyEnv) Get(name string) expand.Variable { return l.get().Get(name) }

func (l *lazyEnv) Each(f func(name string, vr expand.Variable) bool) { l.get().Each(f) }

// unitLists recycles the unit lists of Check's analyses: decide copies
// every unit into the decision, so the list itself dies with Check.
var unitLists = sync.Pool{New: func() any { return new([]analysis.Unit) }}

// maxPooledUnits bounds the unit lists kept for reuse, so that one huge
// command does not pin its memory.
const maxPooledUnits = 1024

// Check analyses a command line and decides whether it may run.
func (p *Policy) Check(command string) Decision {
	return p.CheckConfined(command, Confined{})
}

// Confined is how an agent command will run: the variables its commands
// see besides the shell's (the scratch directory), and the places the
// sandbox lets them write.
type Confined struct {
	Vars []string
	// Writable reports whether the sandbox lets a command create or
	// write the file at path (absolute and clean). A redirection to an
	// ordinary file there is not asked about: any program the rules
	// allow may write it all the same. Startup files, hooks and other
	// files that make code run later still are.
	Writable func(path string) bool
}

// CheckConfined is Check for a command that will run confined as c says.
func (p *Policy) CheckConfined(command string, c Confined) Decision {
	return p.check(command, c, false)
}

// CheckInShell is Check for a command that runs in the user's shell
// itself, as a `?` translation does ("as if typed"): what it changes
// there outlives it, so an assignment, export or unset of a variable
// that is not the user's own (a name with a lowercase letter:
// analysis.UserVariable), a set or shopt that changes an option, a trap,
// and exec with redirections alone are asked about, each saying what it
// changes (HISTFILE, PROMPT_COMMAND, XDG_STATE_HOME, set +o history,
// trap "" INT…).
func (p *Policy) CheckInShell(command string) Decision {
	return p.check(command, Confined{}, true)
}

func (p *Policy) check(command string, c Confined, inShell bool) Decision {
	list := unitLists.Get().(*[]analysis.Unit)
	le := &lazyEnv{p: p, extra: c.Vars}
	a := analysis.NewAnalyzer(p.opts.Dialect, le, le.directory, programs.Classify)
	a.InShell = inShell
	a.Writable = c.Writable
	a.SetProtected(p.opts.Protected)
	a.Units = (*list)[:0]
	a.File(command)
	d := p.decide(command, a.Result())
	if cap(a.Units) <= maxPooledUnits {
		clear(a.Units) // let the words and strings of this command go
		*list = a.Units[:0]
		unitLists.Put(list)
	}
	if d.Verdict == Ask {
		p.addPreviews(&d, le)
	}
	return d
}

// CheckArgv decides whether one simple command may run as it is about to
// run, every expansion done (see AnalyzeArgv), in directory dir (for
// relative operands; "" means the policy's). env is the environment it
// runs in (for ~ and $HOME); nil means the policy's.
func (p *Policy) CheckArgv(argv []string, env expand.Environ, dir string) Decision {
	return p.checkArgv(argv, env, dir, false)
}

// CheckArgvInShell is CheckArgv for a command of a `?` translation, run
// in the user's shell itself (see CheckInShell): read HISTSIZE, set +o
// history or trap "" INT computed at run time are found as they run.
func (p *Policy) CheckArgvInShell(argv []string, env expand.Environ, dir string) Decision {
	return p.checkArgv(argv, env, dir, true)
}

func (p *Policy) checkArgv(argv []string, env expand.Environ, dir string, inShell bool) Decision {
	le := &lazyEnv{p: p}
	if env == nil {
		env = le
	}
	if dir == "" {
		dir = le.directory()
	}
	a := analysis.NewAnalyzer(p.opts.Dialect, env, func() string { return dir }, programs.Classify)
	a.Runtime = true
	a.InShell = inShell
	a.SetProtected(p.opts.Protected)
	a.Unit(analysis.Unit{Words: analysis.StaticWords(argv)})
	return p.decide(strings.Join(argv, " "), a.Result())
}

// decide applies the rules to an analysis.
func (p *Policy) decide(command string, an analysis.Analysis) Decision {
	rs, rerr := p.rules()
	d := Decision{
		Command:  command,
		Units:    make([]UnitVerdict, len(an.Units)),
		Findings: an.Findings,
		Targets:  an.Targets,
		RulesErr: rerr,
		persist:  p.opts.Store != nil,
	}
	for i, u := range an.Units {
		d.Units[i] = judge(u, rs)
	}
	d.Verdict = verdictOf(d.Units, d.Findings)
	return d
}

// judge gives one unit its verdict.
func judge(u analysis.Unit, rs ruleSet) UnitVerdict {
	uv := UnitVerdict{Unit: u}
	if u.Catastrophe != "" {
		uv.Verdict, uv.Rule, uv.Reason = Deny, "built-in", u.Catastrophe
		return uv
	}
	for _, r := range rs.deny {
		if r.denies(u) {
			uv.Verdict, uv.Rule, uv.Reason = Deny, r.text, "matches a deny rule"
			return uv
		}
	}
	if u.Harmless != "" {
		uv.Verdict, uv.Reason = Allow, u.Harmless
		return uv
	}
	var best Rule
	for _, r := range rs.allow {
		if len(r.words) > len(best.words) && r.allows(u) {
			best = r
		}
	}
	if !best.IsZero() {
		uv.Verdict, uv.Rule, uv.Reason = Allow, best.text, "allowed by a rule"
		return uv
	}
	uv.Verdict = Ask
	name, static := u.Name()
	switch {
	case len(u.Words) > 0 && !u.Words[0].IsStatic():
		uv.Reason = "the command name is computed at run time"
	case !static:
		uv.Reason = "the command name is computed at run time"
	case strings.IndexByte(name, '/') >= 0:
		uv.Reason = "runs a program by path, which no allow rule matches"
	default:
		uv.Reason = "no allow rule"
	}
	return uv
}

// Record applies the user's answer to a decision: Session and Always
// store an allow rule for each unit that asked (Always also in the rule
// store); Once and Refuse store nothing. It returns ErrNotOffered for an
// answer the decision does not offer.
func (p *Policy) Record(d Decision, a Answer) error {
	switch a {
	case Once, Refuse:
		if !d.Offered(a) {
			return fmt.Errorf("%s: %w", a, ErrNotOffered)
		}
		return nil
	case Session, Always:
	default:
		return fmt.Errorf("answer %d: %w", a, ErrNotOffered)
	}
	if !d.Offered(a) {
		return fmt.Errorf("%s: %w", a, ErrNotOffered)
	}
	texts := d.SuggestedRules()
	if err := p.AddSession(texts...); err != nil {
		return err
	}
	if a == Always {
		if err := p.opts.Store.AddAllow(texts...); err != nil {
			return fmt.Errorf("storing allow rules: %w", err)
		}
	}
	return nil
}

// AddSession adds allow rules that last until the policy is discarded.
func (p *Policy) AddSession(rules ...string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	var errs []error
	var add []Rule
	add, errs = p.parseRules(rules, errs)
	for _, r := range add {
		dup := false
		for _, have := range p.session {
			if have.String() == r.String() {
				dup = true
			}
		}
		if !dup {
			p.session = append(p.session, r)
		}
	}
	return errors.Join(errs...)
}

// SessionRules lists the session allow rules.
func (p *Policy) SessionRules() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, len(p.session))
	for i, r := range p.session {
		out[i] = r.String()
	}
	return out
}

// Dialect is the language the policy parses commands in.
func (p *Policy) Dialect() dialect.Dialect { return p.opts.Dialect }

// Environ returns the environment and directory the policy previews
// expansions in.
func (p *Policy) Environ() (expand.Environ, string) { return p.environ() }

// Protects reports whether changing path (absolute) changes nosh's own
// configuration, permission rules or state, which the AI may never do,
// and says what it is.
func (p *Policy) Protects(path string) (string, bool) {
	le := &lazyEnv{p: p}
	a := analysis.NewAnalyzer(p.opts.Dialect, le, le.directory, nil)
	a.SetProtected(p.opts.Protected)
	return a.IsProtected(path, false)
}

// ProtectedPaths lists nosh's own files and directories, which the AI may
// never change (see Options.Protected).
func (p *Policy) ProtectedPaths() []string {
	le := &lazyEnv{p: p}
	a := analysis.NewAnalyzer(p.opts.Dialect, le, le.directory, nil)
	a.SetProtected(p.opts.Protected)
	return append([]string(nil), a.ProtectedPaths()...)
}

// Sensitive reports whether writing path (absolute) changes what runs
// later: a startup file, a hook, a dotfile, a directory on $PATH.
func (p *Policy) Sensitive(path string) bool {
	le := &lazyEnv{p: p}
	a := analysis.NewAnalyzer(p.opts.Dialect, le, le.directory, nil)
	_, ok := a.Sensitive(analysis.Word{Value: path})
	return ok
}

// CheckWrite decides whether the shell may open path for writing, as a
// redirection does at run time: writing to /dev/null and the standard
// streams is allowed, onto a disk device or nosh's own files denied,
// anything else asked.
func (p *Policy) CheckWrite(path string) Decision {
	d := Decision{Command: "> " + path, persist: p.opts.Store != nil}
	what, protected := "", false
	if filepath.IsAbs(path) {
		what, protected = p.Protects(filepath.Clean(path))
	}
	switch {
	case analysis.HarmlessWrite(path):
	case protected:
		d.Findings = []analysis.Finding{{Kind: analysis.KindCatastrophic, Text: "> " + path, Key: path,
			Reason: "changes " + what + ": the AI may never change its own configuration, permission rules or state"}}
	case analysis.IsDiskDevice(path):
		d.Findings = []analysis.Finding{{Kind: analysis.KindCatastrophic, Text: "> " + path, Key: path, Reason: "writes onto a disk device"}}
	default:
		d.Findings = []analysis.Finding{{Kind: analysis.KindRedirect, Text: "> " + path, Key: path, Reason: "writes to a file"}}
	}
	d.Verdict = verdictOf(nil, d.Findings)
	return d
}
