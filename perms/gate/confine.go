package gate

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/interp"

	"nosh/perms"
	"nosh/perms/sandbox"
)

// The agent's commands are confined: the programs they start run in a
// Landlock sandbox (package sandbox) that lets them write only in the
// workspace and the run's scratch directory, and the gate holds what
// nosh does itself (redirections) and what Landlock does not see (chmod,
// chown…) to the same places. A change outside them happens only when
// the user approves the command at a prompt naming it, and then the
// sandbox is widened for that command to exactly what was named.

// WithSandbox is WithApproval for an agent command: its programs run
// under box (enforce false when the kernel has no Landlock, where only
// the gate holds), and the gate refuses, or asks about, changes outside
// it that the approval does not name.
func (g *Gate) WithSandbox(ctx context.Context, a *perms.Approval, box sandbox.Policy, enforce bool) context.Context {
	sc := g.newScope(a)
	sc.box = &box
	sc.enforce = enforce
	return context.WithValue(ctx, ctxKey{}, sc)
}

// Sandbox returns the policy the program with args, about to be started
// under ctx, must run under; ok is false when it is not to be sandboxed
// (not an agent command). Without Landlock the policy says so
// (NoLandlock): the launcher still confines what needs no Landlock.
func Sandbox(ctx context.Context) (box sandbox.Policy, ok bool) {
	sc, _ := ctx.Value(ctxKey{}).(*scope)
	if sc == nil || sc.off || sc.box == nil {
		return sandbox.Policy{}, false
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	box = sc.box.With()
	box.NoLandlock = !sc.enforce
	return box, true
}

// Outside returns a KindOutside finding for every target of d that box
// does not let the command change, to add to d before asking the user
// (see perms.Decision.WithFindings). Targets computed at run time are
// left to the run-time gate and the sandbox.
func Outside(targets []perms.Target, box sandbox.Policy) []perms.Finding {
	var out []perms.Finding
	seen := map[string]bool{}
	for _, t := range targets {
		if t.Path == "" || seen[t.Path] {
			continue
		}
		if t.Op == perms.ViaDaemon {
			seen[t.Path] = true
			out = append(out, perms.Finding{Kind: perms.KindOutside, Text: t.Text, Key: t.Path,
				Reason: t.Reason() + ": allowed for this command only if you approve it"})
			continue
		}
		judged := t
		if t.Op == perms.ChangeMeta {
			// chmod follows a symbolic link it is given: judge where it
			// leads (Landlock, which would see it, does not see chmod).
			if real, err := filepath.EvalSymlinks(t.Path); err == nil {
				judged.Path = real
			}
		}
		if inside(judged, box) {
			continue
		}
		seen[t.Path] = true
		out = append(out, perms.Finding{Kind: perms.KindOutside, Text: t.Op.String() + " " + t.Text, Key: t.Path,
			Reason: "outside the workspace: allowed for this command only if you approve it"})
	}
	return out
}

// inside reports whether box lets a command make the change t.
func inside(t perms.Target, box sandbox.Policy) bool {
	// An entry is made or removed in its directory: a rule for the
	// directory itself does not let it be removed or replaced.
	dir := filepath.Dir(t.Path)
	if t.Entries {
		dir = t.Path // rm ./*.tmp removes entries of the directory
	}
	switch t.Op {
	case perms.CreateEntry:
		return box.Writable(dir, sandbox.Create)
	case perms.RemoveEntry:
		return box.Writable(dir, sandbox.Remove)
	case perms.EditInPlace:
		return box.Writable(dir, sandbox.All)
	}
	return box.Writable(t.Path, sandbox.Write)
}

// Grants returns the sandbox rules that let a command make the changes
// the user approved, each with what it allows in words, as narrow as
// Landlock can express them: a file that is written gets a rule for
// that file alone (a missing one is created empty first, so that the
// rule can name it); an entry that is created or removed gets a rule
// for its directory, which Landlock cannot narrow further. Changes of
// mode or owner need no rule: Landlock does not see them.
func Grants(targets []perms.Target) (rules []sandbox.Rule, described []string, err error) {
	add := func(p string, acc sandbox.Access, dir bool) {
		for _, r := range rules {
			if r.Path == p && r.Access&acc == acc {
				return
			}
		}
		rules = append(rules, sandbox.Rule{Path: p, Access: acc})
		described = append(described, acc.Describe(p, dir))
	}
	var errs []error
	for _, t := range targets {
		if t.Path == "" {
			continue
		}
		fi, statErr := os.Stat(t.Path)
		isDir := statErr == nil && fi.IsDir()
		switch t.Op {
		case perms.ViaDaemon:
			described = append(described, t.Text+" (outside the sandbox)")
		case perms.ChangeMeta:
			rules = append(rules, sandbox.Rule{Path: t.Path, Access: sandbox.Meta})
			described = append(described, "change the mode or owner of "+t.Path)
		case perms.WriteFile:
			// (A redirection is opened by nosh itself, or, inside sh -c
			// code, by a sandboxed shell: it gets a rule either way.)
			switch {
			case isDir && len(t.Into) > 0:
				for _, name := range t.Into {
					p := filepath.Join(t.Path, name)
					if err := precreate(p); err != nil {
						errs = append(errs, err)
						continue
					}
					add(p, sandbox.Write, false)
				}
			case isDir:
				add(t.Path, sandbox.All, true)
			default:
				if errors.Is(statErr, fs.ErrNotExist) {
					if err := precreate(t.Path); err != nil {
						errs = append(errs, err)
						continue
					}
				}
				add(t.Path, sandbox.Write, false)
			}
		case perms.CreateEntry:
			if t.Recursive || isDir && len(t.Into) > 0 {
				add(t.Path, sandbox.All, true)
			}
			add(existingDir(filepath.Dir(t.Path)), sandbox.Create|sandbox.Remove, true)
		case perms.RemoveEntry:
			if isDir && t.Recursive {
				add(t.Path, sandbox.All, true)
			}
			add(filepath.Dir(t.Path), sandbox.Remove, true)
		case perms.EditInPlace:
			add(filepath.Dir(t.Path), sandbox.All, true)
		}
	}
	return rules, described, errors.Join(errs...)
}

// precreate creates an empty file at p, so that a rule can name it.
func precreate(p string) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if errors.Is(err, fs.ErrExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("preparing %s for the sandbox: %w", p, err)
	}
	return f.Close()
}

// existingDir returns p or its nearest ancestor that exists (mkdir -p
// creates the missing ones).
func existingDir(p string) string {
	for {
		if fi, err := os.Stat(p); err == nil && fi.IsDir() || p == "/" || p == "." {
			return p
		}
		p = filepath.Dir(p)
	}
}

// outside returns the changes args makes, as d found them, that the
// scope neither contains nor had approved: for the run-time check.
func (sc *scope) outside(d perms.Decision) []perms.Finding {
	if sc.box == nil {
		return nil
	}
	sc.mu.Lock()
	box := sc.box.With()
	sc.mu.Unlock()
	var out []perms.Finding
	for _, f := range Outside(d.Targets, box) {
		if sc.approval.CoversOutside(f.Key) || sc.grantedMeta(f.Key) {
			continue
		}
		out = append(out, f)
	}
	return out
}

// grantedMeta reports whether a change the sandbox cannot see was
// approved during the run.
func (sc *scope) grantedMeta(path string) bool {
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.once["outside "+path]
}

// widen adds what the user approved during the run to the scope.
func (sc *scope) widen(targets []perms.Target, found []perms.Finding) error {
	approved := map[string]bool{}
	for _, f := range found {
		approved[f.Key] = true
	}
	var ts []perms.Target
	for _, t := range targets {
		if approved[t.Path] {
			ts = append(ts, t)
		}
	}
	rules, _, err := Grants(ts)
	sc.mu.Lock()
	defer sc.mu.Unlock()
	*sc.box = sc.box.With(rules...)
	for p := range approved {
		sc.once["outside "+p] = true
	}
	return err
}

// outsideReason is the refusal of a change outside the sandbox's places.
func outsideReason(fs []perms.Finding) string {
	paths := make([]string, len(fs))
	for i, f := range fs {
		paths[i] = f.Key
	}
	return "changes " + strings.Join(paths, ", ") + ", outside the workspace and scratch directory"
}

// inside reports whether the scope's sandbox lets a command write the
// file real (an existing one, or a new one in its directory), without
// what the user approved during the run.
func (sc *scope) inside(real string) bool {
	need := sandbox.Write
	if _, err := os.Lstat(real); errors.Is(err, fs.ErrNotExist) {
		need = sandbox.Create
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.box.Writable(real, need) && !sc.once["outside "+real]
}

// confineWrite holds a file the shell opens for writing (path, at abs,
// really the file real) to the scope's places: outside them only if the
// user approved it.
func (g *Gate) confineWrite(ctx context.Context, sc *scope, path, abs, real string) error {
	need := sandbox.Write
	if _, err := os.Lstat(real); errors.Is(err, fs.ErrNotExist) {
		need = sandbox.Create
	}
	sc.mu.Lock()
	ok := sc.box.Writable(real, need)
	sc.mu.Unlock()
	if ok || sc.approval.CoversOutside(real) || sc.grantedMeta(real) {
		return nil
	}
	text := "> " + path
	if real != abs {
		text += " (which is " + real + ")"
	}
	out := []perms.Finding{{Kind: perms.KindOutside, Text: text, Key: real,
		Reason: "outside the workspace: allowed for this command only if you approve it"}}
	od := perms.Decision{Command: "> " + path, Findings: out}.WithFindings()
	if g.asked(sc, od, "outside\x00> "+real) {
		sc.mu.Lock()
		sc.once["outside "+real] = true
		sc.mu.Unlock()
		return nil
	}
	return g.refuseWrite(ctx, path, outsideReason(out))
}

// refuseWrite reports a refused write and returns its error.
func (g *Gate) refuseWrite(ctx context.Context, path, why string) error {
	return g.refuseOpen(ctx, path, true, why)
}

// refuseOpen is refuseWrite for a file opened for writing or (writes
// false) only for reading.
func (g *Gate) refuseOpen(ctx context.Context, path string, writes bool, why string) error {
	what, verb := "> "+path, "write"
	if !writes {
		what, verb = "< "+path, "read"
	}
	if f := RefusalHook(ctx); f != nil {
		f(what, why)
	} else if g.report != nil {
		fmt.Fprintf(g.report, "nosh: refused to %s %s: %s\n", verb, path, why)
	}
	return &os.PathError{Op: "open", Path: path, Err: ErrNotAllowed}
}

type refusalKey struct{}

// OnRefusal returns a context under which the gate tells f, instead of
// its report writer, what it refuses (a command, or "> PATH" for a
// write) and why: the agent shows it as a refusal and tells the model.
func OnRefusal(ctx context.Context, f func(what, why string)) context.Context {
	return context.WithValue(ctx, refusalKey{}, f)
}

// RefusalHook returns the function OnRefusal installed in ctx, or nil.
func RefusalHook(ctx context.Context) func(what, why string) {
	f, _ := ctx.Value(refusalKey{}).(func(what, why string))
	return f
}

// standardStream returns the command's own standard input, output or
// error for the paths that name them, opened for reading (writes false)
// or writing, or nil.
func standardStream(abs string, hc interp.HandlerContext, writes bool) io.ReadWriteCloser {
	switch abs {
	case "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		if !writes {
			return readOnly{hc.Stdin}
		}
	case "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1":
		if writes {
			return writeOnly{hc.Stdout}
		}
	case "/dev/stderr", "/dev/fd/2", "/proc/self/fd/2":
		if writes {
			return writeOnly{hc.Stderr}
		}
	}
	return nil
}

// readOnly is a stream a redirection or source reads from and never
// closes: the command's input stays open for what comes after.
type readOnly struct{ r io.Reader }

func (r readOnly) Read(p []byte) (int, error) {
	if r.r == nil {
		return 0, io.EOF
	}
	return r.r.Read(p)
}
func (readOnly) Write(p []byte) (int, error) { return 0, os.ErrInvalid }
func (readOnly) Close() error                { return nil }

// writeOnly is a stream a redirection writes to and never closes.
type writeOnly struct{ w io.Writer }

func (w writeOnly) Write(p []byte) (int, error) {
	if w.w == nil {
		return len(p), nil
	}
	return w.w.Write(p)
}
func (writeOnly) Read([]byte) (int, error) { return 0, io.EOF }
func (writeOnly) Close() error             { return nil }

// deviceWhat names the sort of device at path, for a refusal.
func deviceWhat(path string) string {
	if sandbox.Terminal(path) {
		return "a terminal"
	}
	return "not one a sandboxed program may open"
}
