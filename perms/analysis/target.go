package analysis

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TargetOp is what a command does to a path it names.
type TargetOp uint8

const (
	// WriteFile writes the file's content (creating it if missing):
	// > f, tee f, cp x f, dd of=f, sort -o f, touch f.
	WriteFile TargetOp = iota + 1
	// CreateEntry creates the entry: mkdir d, ln -s x l, mv x d.
	CreateEntry
	// RemoveEntry removes the entry (and, when Recursive, all under it):
	// rm, rmdir, unlink, the sources of mv.
	RemoveEntry
	// ChangeMeta changes its mode, owner, attributes or times, which
	// Landlock does not see: chmod, chown, chgrp, chattr, setfacl,
	// setfattr.
	ChangeMeta
	// EditInPlace rewrites the file through a temporary file in its
	// directory: sed -i, perl -i.
	EditInPlace
	// ViaDaemon has a process outside the sandbox act for the command
	// (systemd-run, at, docker run, tmux new-window…); Path is "via NAME".
	ViaDaemon
)

var targetOpNames = [...]string{WriteFile: "write", CreateEntry: "create", RemoveEntry: "remove",
	ChangeMeta: "change mode or owner of", EditInPlace: "edit", ViaDaemon: "run outside the sandbox:"}

// String is the operation as a verb: write, create, remove…
func (op TargetOp) String() string {
	if int(op) < len(targetOpNames) && targetOpNames[op] != "" {
		return targetOpNames[op]
	}
	return "change"
}

// Target is a path a command would change, as far as the analysis can
// tell from the words it names: redirections, and the operands of
// programs whose purpose is to change files. Programs it knows nothing
// about change files too; the sandbox holds those.
type Target struct {
	// Text is the word as written.
	Text string
	// Path is the absolute, clean path, or "" when the word is computed
	// at run time and its value is not known now.
	Path string
	Op   TargetOp // what the command does to it
	// Recursive says the operation goes down into a directory (rm -r,
	// chmod -R, cp -r).
	Recursive bool
	// Into lists the base names of the sources copied, moved or linked
	// when Path may be a directory: cp a b DIR writes DIR/a and DIR/b.
	Into []string
	// Redirect says the shell itself opens the file (> f), not a program.
	Redirect bool
	// Entries says the word is a pattern: Path is the directory whose
	// entries it matches, and they are what the command changes.
	Entries bool
	// Why says, for a ViaDaemon target, what the daemon is asked to do.
	Why string
}

// Reason says why a ViaDaemon target is outside the sandbox.
func (t Target) Reason() string { return t.Why }

// Target records a path the unit changes.
func (c *Cmd) Target(w Word, op TargetOp, recursive bool) {
	c.Analyzer.addTarget(w, op, recursive, nil, false)
}

func (a *Analyzer) addTarget(w Word, op TargetOp, recursive bool, into []string, redirect bool) {
	if w.Node != nil && !w.IsStatic() && HasBraces(w.Node) {
		// mv ~/x{,.bak}: each word of the expansion is a target.
		for _, bw := range splitBraceWords([]Word{w}) {
			a.addTarget(bw, op, recursive, into, redirect)
		}
		return
	}
	t := Target{Text: w.String(), Op: op, Recursive: recursive, Into: into, Redirect: redirect}
	if p, ok := a.Absolute(w); ok {
		t.Path = p
		if v, _ := a.Resolve(w); strings.ContainsAny(v, "*?[") && (w.Kind == Fields || w.IsStatic() && w.Node != nil && HasGlob(w.Node)) {
			t.Entries = true
		}
		// Removing or moving a directory above them, or changing all
		// under it, changes them too.
		if what, ok := a.IsProtected(p, op == RemoveEntry || op == ChangeMeta && recursive); ok {
			a.find(KindCatastrophic, a.unitPos(), t.Text, p,
				"changes "+what+": the AI may never change its own configuration, permission rules or state")
		}
	} else if v, ok := a.Resolve(w); ok && path.Base(v) == projectConfig {
		a.find(KindCatastrophic, a.unitPos(), t.Text, v, "changes "+projectConfig+", the project's nosh settings: the AI may never change them")
	}
	a.Targets = append(a.Targets, t)
}

// projectConfig is the name of a project's nosh settings file.
const projectConfig = ".nosh.toml"

// unitPos is the position of the unit being classified.
func (a *Analyzer) unitPos() Pos {
	if len(a.Units) > 0 {
		return a.Units[len(a.Units)-1].Pos
	}
	return Pos{}
}

// IsProtected reports whether changing p changes nosh's own files, and
// names what it changes.
// above says that a change of p also changes what is under it.
func (a *Analyzer) IsProtected(p string, above bool) (string, bool) {
	if path.Base(p) == projectConfig {
		return projectConfig + ", the project's nosh settings", true
	}
	for _, pr := range a.ProtectedPaths() {
		if p == pr || strings.HasPrefix(p, pr+"/") || above && (p == "/" || strings.HasPrefix(pr, p+"/")) {
			return "nosh's " + pr, true
		}
	}
	return "", false
}

// SetProtected gives the paths nosh protects (its own files and
// directories); nil leaves the defaults, found from the environment.
func (a *Analyzer) SetProtected(paths []string) {
	a.protected, a.protKnown = paths, paths != nil
}

// ProtectedPaths returns nosh's own files and directories: the policy's,
// or the usual places from the environment.
func (a *Analyzer) ProtectedPaths() []string {
	if a.protKnown {
		return a.protected
	}
	a.protKnown = true
	home := a.Home()
	xdg := func(name, fallback string) string {
		if v, ok := a.lookup(name); ok && path.IsAbs(v) {
			return path.Join(v, "nosh")
		}
		if path.IsAbs(home) {
			return path.Join(home, fallback, "nosh")
		}
		return ""
	}
	for _, p := range []string{xdg("XDG_CONFIG_HOME", ".config"), xdg("XDG_STATE_HOME", ".local/state")} {
		if p != "" {
			a.protected = append(a.protected, p)
		}
	}
	if v, ok := a.lookup("NOSH_CONFIG"); ok && path.IsAbs(v) {
		a.protected = append(a.protected, path.Clean(v))
	}
	return a.protected
}

// Absolute returns the absolute, clean path a word names, when it is
// known now: resolved, with ~ expanded and relative names taken from
// where the cd commands seen so far went.
func (a *Analyzer) Absolute(w Word) (string, bool) {
	p, ok := a.Resolve(w)
	if !ok || p == "" {
		return "", false
	}
	if w.Kind == Fields && strings.ContainsAny(p, "*?[") {
		// A pattern: the directory it lists in is what is changed.
		p = p[:strings.LastIndexByte(p[:strings.IndexAny(p, "*?[")], '/')+1]
		if p == "" {
			p = "."
		}
	}
	p = a.inCwd(p)
	if strings.HasPrefix(p, "~") {
		if p != "~" && !strings.HasPrefix(p, "~/") {
			return "", false // another user's home
		}
		h := a.Home()
		if h == "" {
			return "", false
		}
		p = h + p[1:]
	}
	if p[0] != '/' {
		return "", false
	}
	return path.Clean(p), true
}

// OperandTargets records every operand of the unit as a target.
func (c *Cmd) OperandTargets(op TargetOp, recursive bool) {
	for _, w := range Operands(c.Args) {
		c.Target(w, op, recursive)
	}
}

// destTargets records what cp, mv, install and ln change: the
// destination (a file, or a directory the sources go into) and, for
// mv, the sources it takes away.
func (c *Cmd) destTargets(dests []Word) {
	if len(dests) != 1 {
		return
	}
	dest := dests[0]
	var into []string
	for _, src := range Operands(c.Args) {
		if src.Kind == dest.Kind && src.Value == dest.Value {
			continue
		}
		if v, ok := c.Analyzer.Resolve(src); ok {
			into = append(into, path.Base(v))
		}
		if c.Base == "mv" {
			c.Target(src, RemoveEntry, false)
		}
	}
	op := WriteFile
	if c.Base == "mv" || c.Base == "ln" {
		op = CreateEntry
	}
	c.Analyzer.addTarget(dest, op, Recursive(c.Args, false) || FlagsOf(c.Args).Has('a', "--archive"), into, false)
}

// splitBraceWords returns ws with each computed word holding a brace
// expansion replaced by the words it expands to (static brace words are
// expanded already, see expanded).
func splitBraceWords(ws []Word) []Word {
	var out []Word
	for i, w := range ws {
		if w.IsStatic() || w.Node == nil || !HasBraces(w.Node) {
			if out != nil {
				out = append(out, w)
			}
			continue
		}
		if out == nil {
			out = append([]Word(nil), ws[:i]...)
		}
		cp := *w.Node
		syntax.SplitBraces(&cp)
		n := 0
		for bw, err := range expand.BracesSeq(nil, &cp) {
			if err != nil || n == maxBraces {
				break
			}
			n++
			if v, ok := StaticWord(bw); ok {
				out = append(out, Word{Value: v, Node: bw})
			} else {
				out = append(out, Word{Kind: Field, Value: w.Value, Node: bw})
			}
		}
	}
	if out == nil {
		return ws
	}
	return out
}
