package analysis

import (
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Cmd is a unit being classified: which program it runs, what it runs in
// turn and which of its options are risky.
type Cmd struct {
	Analyzer *Analyzer // the analysis the unit belongs to
	idx      int       // the unit in a.units
	Base     string    // basename of argv[0]
	Args     []Word    // argv[1:], brace expansions spliced in
	In       StdinInfo // what feeds the unit's standard input

	CodeArg int // index in args of the code or script the unit runs, -1 if none
}

// Handler classifies one program. Handlers look only at static words:
// an option hidden in a computed word is caught by the run-time gate,
// which sees the expanded argv.
type Handler func(*Cmd)

// Unit records a simple command and classifies it, recursing into the
// commands it runs.
func (a *Analyzer) Unit(u Unit) {
	u.Context = a.context()
	ex := expanded(u.Words)
	if len(ex) != len(u.Words) {
		u.Exp = ex
	}
	idx := len(a.Units)
	a.Units = append(a.Units, u)
	if len(ex) == 0 {
		return
	}
	for _, w := range ex[1:] {
		if w.IsStatic() && subscriptCode(w.Value) {
			a.find(KindEval, u.Pos, FirstLine(w.Value), w.Value, "a subscript that runs a command when the word is used as a variable name (printf -v, read, unset, let, test -v…)")
			break
		}
	}
	resolved := false
	if !ex[0].IsStatic() {
		var ok bool
		if ex, ok = a.resolveName(idx, ex); !ok {
			return
		}
		u = a.Units[idx]
		resolved = true
	}
	c := a.newCmd()
	*c = Cmd{Analyzer: a, idx: idx, Args: ex[1:], In: a.stdin, CodeArg: -1}
	c.Base, _ = u.Base()
	if a.classify != nil {
		a.classify(c)
	}
	defer a.freeCmd() // the unit's Cmd stays in use while a body it calls is walked
	cu := &a.Units[idx]
	if resolved {
		cu.Harmless = "" // a computed name is never allowed without asking
	}
	a.noteDownloads(c, cu, ex)
	a.afterCall(idx, ex)
}

// resolveName replaces a computed command name by its value where
// earlier parts of the command set it, and reports false when the unit
// needs no more classification: the name is not known now, or running
// it is already a catastrophe.
func (a *Analyzer) resolveName(idx int, ex []Word) ([]Word, bool) {
	if ex[0].download {
		a.Units[idx].Catastrophe = "runs a command downloaded by its own substitution"
		return nil, false
	}
	// A name held in a variable assigned earlier in the command
	// ($c -rf x after c=rm) is classified as that name, for the deny
	// rules and the built-in checks; allow rules still see a
	// computed name.
	v, ok := a.Resolve(ex[0])
	if !ok && a.stdin.download && (strings.Contains(ex[0].Value, "SHELL") || strings.Contains(ex[0].Value, "BASH") ||
		strings.Contains(ex[0].Value, "$0") || strings.Contains(ex[0].Value, "$(")) {
		// curl … | $SHELL, | "$BASH", | $0, | $(command -v bash)
		a.Units[idx].Catastrophe = "runs a downloaded script with a shell named at run time"
		return nil, false
	}
	if !ok || v == "" || ex[0].Kind == Fields && strings.ContainsAny(v, "*?[") {
		return nil, false
	}
	head := []Word{{Value: v, download: ex[0].download}}
	if ex[0].Kind == Fields {
		// x='rm -rf /'; $x: the value is split into words.
		head = head[:0]
		for _, f := range a.splitFields(v) {
			head = append(head, Word{Value: f, download: ex[0].download})
		}
		if len(head) == 0 {
			return nil, false
		}
	}
	ex = append(head, ex[1:]...)
	a.Units[idx].Exp = ex
	return ex, true
}

// noteDownloads marks a unit that runs what this command downloaded as
// a catastrophe, and one that passes a download on as downloading.
func (a *Analyzer) noteDownloads(c *Cmd, cu *Unit, ex []Word) {
	if c.CodeArg >= 0 && c.CodeArg < len(c.Args) && cu.Catastrophe == "" {
		w := c.Args[c.CodeArg]
		switch {
		case w.download:
			cu.Catastrophe = "runs code downloaded by its own substitution"
		case w.IsStatic() && a.isFetched(w.Value):
			cu.Catastrophe = "runs " + w.Value + ", downloaded by this command"
		default:
			if v, ok := a.Resolve(w); ok && !w.IsStatic() && a.isFetched(v) {
				cu.Catastrophe = "runs " + v + ", downloaded by this command" // sh ~/i.sh, sh $f
			}
		}
	}
	if name := ex[0].Value; cu.Catastrophe == "" && strings.IndexByte(name, '/') >= 0 && a.isFetched(name) {
		cu.Catastrophe = "runs " + name + ", downloaded by this command"
	}
	if cu.StdinCode && c.In.download && cu.Catastrophe == "" {
		cu.Catastrophe = "runs a downloaded script fed to its standard input"
	}
	if c.In.download && !cu.StdinCode {
		// cat < /dev/tcp/… | sh, curl … | base64 -d | sh: what reads a
		// download passes it on.
		cu.Download = true
	}
	if !cu.StdinCode && c.CodeArg < 0 {
		// x=$(curl …); echo "$x" | sh: a word holding a download is
		// printed, passed on, as data from elsewhere.
		for _, w := range ex[1:] {
			if w.download {
				cu.Download = true
				break
			}
		}
	}
}

// afterCall follows a call of a function defined in the command: its
// body runs with these arguments, what it changes is changed, and a
// function that starts copies of itself is a fork bomb.
func (a *Analyzer) afterCall(idx int, ex []Word) {
	if body := a.bodies[ex[0].Value]; body != nil && len(ex) > 1 && a.calls < 2 && len(a.funcStack) == 0 {
		// f() { rm -rf "$1"; }; f /: the body runs with these arguments.
		a.calls++
		restore := a.BindPositional(ex[1:], false)
		a.push("call of " + ex[0].Value)
		a.stmt(body)
		a.pop()
		restore()
		a.calls--
	}
	if e, ok := a.effects[ex[0].Value]; ok {
		a.applyEffects(e)
	}
	cu := &a.Units[idx] // a.Units may have grown
	if len(a.funcStack) > 0 && cu.Catastrophe == "" {
		name := ex[0].Value
		for _, f := range a.funcStack {
			if f.name == name && (a.pipes > f.pipes || a.bgs > f.bgs) {
				cu.Catastrophe = "fork bomb: function " + name + " starts copies of itself"
			}
		}
	}
}

// newCmd returns a cmd for the current nesting depth; wrappers classify
// their inner units while their own cmd is in use.
func (a *Analyzer) newCmd() *Cmd {
	if a.cmdDepth == len(a.cmds) {
		a.cmds = append(a.cmds, new(Cmd))
	}
	c := a.cmds[a.cmdDepth]
	a.cmdDepth++
	return c
}

func (a *Analyzer) freeCmd() { a.cmdDepth-- }

// Unit returns the unit being classified.
func (c *Cmd) Unit() *Unit { return &c.Analyzer.Units[c.idx] }

// Risk records a risky construct of the unit, once: the option tables
// and a program's handler may both find the same option.
func (c *Cmd) Risk(k Kind, key, reason string) {
	pos := c.Unit().Pos
	for _, f := range c.Analyzer.findings {
		if f.Kind == k && f.Key == key && f.Pos == pos {
			return
		}
	}
	c.Analyzer.find(k, pos, FirstLine(c.Unit().String()), key, reason)
}

// Harmless marks the unit as needing no rule.
func (c *Cmd) Harmless(reason string) {
	if c.Unit().Harmless == "" {
		c.Unit().Harmless = reason
	}
}

// Catastrophe marks the unit as denied whatever the rules say, for
// reason; the first reason given stays.
func (c *Cmd) Catastrophe(reason string) {
	if c.Unit().Catastrophe == "" {
		c.Unit().Catastrophe = reason
	}
}

// Inner records the command a wrapper runs.
func (c *Cmd) Inner(words []Word, ctx string) {
	if len(words) == 0 {
		return
	}
	c.Analyzer.push(ctx)
	c.Analyzer.Unit(Unit{Words: words, Pos: c.Unit().Pos})
	c.Analyzer.pop()
}

// LastInner returns the first unit appended since index before: the
// command a wrapper runs.
func (c *Cmd) LastInner(before int) (Unit, bool) {
	if len(c.Analyzer.Units) <= before {
		return Unit{}, false
	}
	return c.Analyzer.Units[before], true
}

// Code analyses a word the unit runs as shell code.
func (c *Cmd) Code(w Word, ctx string) {
	if !w.IsStatic() {
		c.Risk(KindInlineCode, ctx+" computed", "runs code computed at run time")
		return
	}
	c.Analyzer.Code(w.Value, ctx, c.Unit().Pos)
}

// CodeWords analyses a string the unit runs as shell code, built from
// several words joined by spaces (eval, watch, ssh).
func (c *Cmd) CodeWords(ws []Word, ctx string) {
	if len(ws) == 0 {
		return
	}
	var sb strings.Builder
	computed := false
	for i, w := range ws {
		v := w.Value
		if !w.IsStatic() {
			computed = true
			// eval "$x" with x assigned earlier: what it most likely
			// runs is analysed too, so that a catastrophe is denied.
			r, ok := c.Analyzer.Resolve(w)
			if !ok {
				c.Risk(KindInlineCode, ctx+" computed", "runs code computed at run time")
				return
			}
			v = r
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(v)
	}
	if computed {
		c.Risk(KindInlineCode, ctx+" computed", "runs code computed at run time")
	}
	c.Analyzer.Code(sb.String(), ctx, c.Unit().Pos)
}

// ReadsStdinCode marks the unit as reading a program from its standard
// input.
func (c *Cmd) ReadsStdinCode() {
	c.Unit().StdinCode = true
	reason := "reads a program from standard input"
	if c.In.Here {
		reason = "runs a here-document or here-string as code"
	}
	c.Risk(KindInlineCode, c.Base+" stdin", reason)
	if c.In.Known && IsShell(c.Base) {
		// echo 'rm -rf /' | sh: the program is known, so what it runs
		// is checked too (a catastrophe in it is denied).
		c.Analyzer.Code(c.In.Code, c.Base+" stdin", c.Unit().Pos)
	}
}

// StaticPrefix returns the static values of ws up to the first computed word,
// and whether all were static.
func StaticPrefix(ws []Word) ([]string, bool) {
	out := make([]string, 0, len(ws))
	for _, w := range ws {
		if !w.IsStatic() {
			return out, false
		}
		out = append(out, w.Value)
	}
	return out, true
}

// Operands returns the arguments that are not options: words after "--"
// and words not starting with '-'. Computed words count as operands.
func Operands(ws []Word) []Word {
	var out []Word
	for i, w := range ws {
		if w.IsStatic() && w.Value == "--" {
			return append(out, ws[i+1:]...)
		}
		if w.IsStatic() && len(w.Value) > 1 && w.Value[0] == '-' {
			continue
		}
		out = append(out, w)
	}
	return out
}

// FlagSet holds the options of ws before "--": the letters of short option
// clusters and the names of long options (without =value).
type FlagSet struct {
	short [128]bool
	long  []string
}

// FlagsOf collects the options of ws before "--".
func FlagsOf(ws []Word) *FlagSet {
	fs := &FlagSet{}
	for _, w := range ws {
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		if v == "--" {
			break
		}
		if strings.HasPrefix(v, "--") {
			name, _, _ := strings.Cut(v, "=")
			fs.long = append(fs.long, name)
			continue
		}
		if len(v) > 1 && v[0] == '-' {
			for i := 1; i < len(v); i++ {
				if v[i] < 128 {
					fs.short[v[i]] = true
				}
			}
		}
	}
	return fs
}

// Has reports whether the short option or one of the long ones (or an
// abbreviation of it) was given.
func (fs *FlagSet) Has(short byte, long ...string) bool {
	if short != 0 && fs.short[short] {
		return true
	}
	for _, l := range long {
		for _, have := range fs.long {
			if LongName(have, l) { // rm --rec -f is rm --recursive -f
				return true
			}
		}
	}
	return false
}

// splitFields splits a value as the shell splits an unquoted expansion,
// with $IFS as assigned earlier in the command or the default.
func (a *Analyzer) splitFields(v string) []string {
	ifs, _ := a.ifs()
	return strings.FieldsFunc(v, func(r rune) bool { return strings.ContainsRune(ifs, r) })
}

// ifs returns $IFS as assigned earlier in the command or the default,
// and whether it is known.
func (a *Analyzer) ifs() (string, bool) {
	if x, ok := a.cmdEnv["IFS"]; ok {
		return x, x != varUnknown
	}
	if x, ok := a.vars["IFS"]; ok {
		return x, x != varUnknown && !a.untrusted
	}
	return " \t\n", !a.untrusted
}

// resolvedArgs returns the unit's arguments with the computed words whose
// value is known now (variables assigned earlier in the command) replaced
// by that value, for the built-in catastrophe checks: r=rm f=-rf; $r $f /.
func (c *Cmd) resolvedArgs() []Word {
	var out []Word
	copied := false
	for i, w := range c.Args {
		if w.IsStatic() {
			if copied {
				out = append(out, w)
			}
			continue
		}
		vs, ok := c.Analyzer.FieldsOf(w)
		if !ok {
			if copied {
				out = append(out, w)
			}
			continue
		}
		if !copied {
			out = append(out, c.Args[:i]...)
			copied = true
		}
		for _, v := range vs {
			// (a word that splits is still a pattern where it globs)
			out = append(out, Word{Value: v, Node: w.Node, download: w.download})
		}
	}
	if !copied {
		return c.Args
	}
	return out
}

// FieldsOf returns the arguments a computed word becomes when its value
// is known now: one, or for "${a[@]}" the array's elements, or for an
// unquoted expansion its value split on $IFS.
func (a *Analyzer) FieldsOf(w Word) ([]string, bool) {
	v, ok := a.Resolve(w)
	if !ok {
		return nil, false
	}
	if w.Kind != Fields {
		return []string{v}, true
	}
	if w.Node != nil && len(w.Node.Parts) == 1 {
		if dq, ok := w.Node.Parts[0].(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
			if pe, ok := dq.Parts[0].(*syntax.ParamExp); ok && pe.Param != nil && pe.Index != nil {
				if idx, ok := staticWordNode(pe.Index); ok && idx == "@" {
					if elems := a.arrays[pe.Param.Value]; elems != nil {
						return elems, true
					}
				}
			}
		}
	}
	if _, known := a.ifs(); !known {
		return nil, false
	}
	fs := a.splitFields(v)
	if len(fs) == 0 {
		return nil, false
	}
	return fs, true
}

// LongName reports whether the option name n (without =value) selects the
// long option full. GNU getopt_long and git take any unambiguous prefix,
// so --in-pl is --in-place; a prefix that several options share is
// refused by the program, so reading it as full never misses a risk.
func LongName(n, full string) bool {
	return n == full || len(n) >= 3 && strings.HasPrefix(n, "--") && strings.HasPrefix(full, n)
}

// shells are the names of the shells, which run their arguments or
// their standard input as code.
var shells = []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh",
	"rbash", "fish", "csh", "tcsh", "oksh", "lksh", "pdksh", "ksh93", "elvish", "nu", "xonsh", "nosh"}

// IsShell reports whether name is a shell.
func IsShell(name string) bool { return slices.Contains(shells, name) }

// Shells returns the names of the shells.
func Shells() []string { return slices.Clone(shells) }
