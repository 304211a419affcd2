package programs

import (
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"

	"nosh/perms/analysis"
)

// Safe by construction: for a program with options that can run code or
// write files, the engine lists the options known to be harmless, and
// any other option, cluster or attached spelling makes the command ask,
// whatever the allow rules say. A list of dangerous options is never
// complete; a list of harmless ones fails closed.

// optTable lists the options known to be harmless for one program.
type optTable struct {
	// short are the letters of short options taking no argument; arg
	// those taking one, attached (-k2) or in the next word (-k 2);
	// attached those whose argument, optional, can only be attached
	// (git log -M50%).
	short, arg, attached string
	// long are the long options, each "--name" (no value), "--name="
	// (a value, attached with = or in the next word) or "--name?" (an
	// optional =value). An abbreviation is not accepted: GNU getopt
	// takes any unambiguous prefix, and whether a prefix is unambiguous
	// depends on options not listed here.
	long []string
	// handled are short letters and long names the program's handler
	// judges itself (code given to awk -e, the command of find -exec):
	// they are skipped here, with their argument when they take one
	// (those in handledArg).
	handled, handledArg string
	handledLong         []string
	// digits accepts -NUM (head -5, git log -3).
	digits bool
	// negations accepts --no-NAME flags (git's negated options turn a
	// feature off).
	negations bool
	// value judges the argument of an option whose value matters
	// (ssh -o KEY=V, git -C DIR); nil when none does.
	value func(c *analysis.Cmd, opt string, v analysis.Word)

	// built from long on first use
	flags, withArg, optional map[string]bool
}

func (t *optTable) build() {
	if t.flags != nil {
		return
	}
	t.flags, t.withArg, t.optional = map[string]bool{}, map[string]bool{}, map[string]bool{}
	for _, l := range t.long {
		switch {
		case strings.HasSuffix(l, "="):
			t.withArg[l[:len(l)-1]] = true
		case strings.HasSuffix(l, "?"):
			t.optional[l[:len(l)-1]] = true
		default:
			t.flags[l] = true
		}
	}
	for _, l := range t.handledLong {
		name, arg := strings.CutSuffix(l, "=")
		if arg {
			t.withArg[name] = true
		} else {
			t.flags[name] = true
		}
	}
}

// isHandledLong reports whether the handler judges long option name.
func (t *optTable) isHandledLong(name string) bool {
	for _, l := range t.handledLong {
		if strings.TrimSuffix(l, "=") == name {
			return true
		}
	}
	return false
}

// checkOptions records, for every static option in ws before "--" that
// t does not list, a risk: an option not known to be harmless. It
// returns the operands, the words that are neither options nor their
// arguments.
func checkOptions(c *analysis.Cmd, t *optTable, ws []analysis.Word) []analysis.Word {
	t.build()
	var ops []analysis.Word
	unknown := func(opt string) {
		c.Risk(analysis.KindOption, c.Base+" "+opt, "an option not known to be harmless for "+c.Base+": it may run code or write files")
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			// An option hidden in a computed word is judged at run time,
			// when the gate sees it expanded.
			ops = append(ops, w)
			continue
		}
		v := w.Value
		switch {
		case v == "--":
			return append(ops, ws[i+1:]...)
		case len(v) < 2 || v[0] != '-':
			ops = append(ops, w)
		case strings.HasPrefix(v, "--"):
			name, val, hasValue := strings.Cut(v, "=")
			switch {
			case t.flags[name] && !hasValue:
			case t.negations && strings.HasPrefix(name, "--no-") && !hasValue:
			case t.optional[name]:
			case t.withArg[name]:
				if !hasValue {
					i++
					if i < len(ws) {
						val = ws[i].Value
						if t.value != nil && !t.isHandledLong(name) {
							t.value(c, name, ws[i])
						}
					}
				} else if t.value != nil && !t.isHandledLong(name) {
					t.value(c, name, analysis.Word{Value: val})
				}
			default:
				unknown(name)
			}
		case t.digits && analysis.IsFD(v[1:]):
		case t.flags[v]:
			// a single-dash long option (xxd -autoskip)
		case t.withArg[strings.SplitN(v, "=", 2)[0]]:
			if !strings.Contains(v, "=") {
				i++
			}
		default:
			// A cluster: letters that take no argument, up to one that
			// takes the rest of the word, or the next word.
			for j := 1; j < len(v); j++ {
				ch := v[j]
				switch {
				case strings.IndexByte(t.short, ch) >= 0:
					continue
				case strings.IndexByte(t.handled, ch) >= 0:
					continue
				case strings.IndexByte(t.attached, ch) >= 0:
					// the rest of the word is its argument
				case strings.IndexByte(t.arg, ch) >= 0 || strings.IndexByte(t.handledArg, ch) >= 0:
					opt := "-" + string(ch)
					arg := analysis.Word{Value: v[j+1:]}
					if j+1 == len(v) {
						i++
						if i < len(ws) {
							arg = ws[i]
						}
					}
					if t.value != nil && strings.IndexByte(t.arg, ch) >= 0 {
						t.value(c, opt, arg)
					}
				default:
					unknown("-" + string(ch))
				}
				break
			}
		}
	}
	return ops
}

// evalLike reports whether an option of a program the tables do not know
// looks like one that runs code given to it: -e, -c, --eval, --exec…
func evalLike(v string) bool {
	if strings.HasPrefix(v, "--") {
		name, _, _ := strings.Cut(strings.ToLower(v[2:]), "=")
		for _, w := range []string{"eval", "exec", "command", "cmd", "expr", "script", "code", "run", "shell",
			"load", "require", "import", "preload", "init", "hook", "plugin", "program", "filter", "pager", "editor"} {
			if strings.Contains(name, w) {
				return true
			}
		}
		return false
	}
	if len(v) < 2 || v[0] != '-' {
		return false
	}
	// -e CODE, -c CODE, -xe CODE, -lne CODE; -ecode with the code
	// attached; single-dash long options (erl -eval).
	name := strings.ToLower(v[1:])
	if len(name) <= 3 {
		return strings.ContainsAny(name, "ec")
	}
	return name[0] == 'e' || name[0] == 'c' || strings.Contains(name, "eval") || strings.Contains(name, "exec")
}

// unknownProgram judges a program the tables know nothing about: an
// option that looks like it evaluates code asks, since an unknown
// interpreter's -e is as dangerous as python -c.
func unknownProgram(c *analysis.Cmd) {
	for _, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "--" {
			return
		}
		if evalLike(w.Value) {
			c.Risk(analysis.KindOption, c.Base+" "+w.Value, "an option that may run code given on the command line, for a program the permission check does not know")
			return
		}
	}
	// crystal eval, deno eval, nix eval…: a subcommand that evaluates.
	if len(c.Args) > 0 && c.Args[0].IsStatic() {
		switch c.Args[0].Value {
		case "eval", "exec", "run-script", "repl", "-":
			c.Risk(analysis.KindOption, c.Base+" "+c.Args[0].Value, "a subcommand that may run code given on the command line, for a program the permission check does not know")
		}
	}
}

// globOptionPrograms are programs that take options among their operands
// (GNU getopt permutes) and have options that run code, write, delete
// or widen what they change: a file named like one of those options,
// matched by a glob, becomes that option (tar's
// --checkpoint-action=exec=…, chmod's --reference=…, rm's -r).
func globOptionPrograms() map[string]bool {
	globOptionProgramsOnce.Do(func() { globOptionProgramsValue = makeGlobOptionPrograms() })
	return globOptionProgramsValue
}

var (
	globOptionProgramsOnce  sync.Once
	globOptionProgramsValue map[string]bool
)

func makeGlobOptionPrograms() map[string]bool {
	return map[string]bool{
		"tar": true, "gtar": true, "bsdtar": true, "chmod": true, "chown": true, "chgrp": true, "rsync": true,
		"zip": true, "7z": true, "sort": true, "rm": true, "cp": true, "mv": true, "ln": true, "sed": true,
		"scp": true, "find": true, "truncate": true, "shred": true, "file": true, "install": true, "uniq": true,
		"rg": true, "ag": true, "fd": true, "fdfind": true, "man": true, "less": true, "more": true, "make": true,
		"gmake": true, "ssh": true, "sftp": true, "date": true, "hostname": true, "xxd": true,
		"gsed": true, "gsort": true, "unzip": true,
	}
}

// globOperands records a risk for an operand of such a program that is
// a glob whose matches could start with "-", unless "--" comes before
// it or a literal prefix (./*, src/*) keeps it from looking like an
// option.
func globOperands(c *analysis.Cmd) {
	if !globOptionPrograms()[c.Base] {
		return
	}
	for _, w := range c.Args {
		if w.IsStatic() && w.Value == "--" {
			return
		}
		if w.IsStatic() || w.Node == nil || len(w.Node.Parts) == 0 || !mayStartWithDash(c.Analyzer, w) {
			continue
		}
		if c.Base == "rm" && (analysis.Recursive(c.Args, false) || cannotBeRmOption(w)) {
			// What rm's options add is -r: nothing when it is recursive
			// already, and they take no value, so a pattern with a
			// character no option has (*.o) is safe.
			continue
		}
		c.Risk(analysis.KindOption, c.Base+" "+w.String(), "a glob whose matches may start with -, and so be read as options; write ./"+w.String()+" or put -- before it")
		return
	}
}

// cannotBeRmOption reports whether a pattern's literal text holds a
// character that no rm option has: its matches cannot be options.
func cannotBeRmOption(w analysis.Word) bool {
	for _, p := range w.Node.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok {
			return false
		}
		for i := 0; i < len(lit.Value); i++ {
			ch := lit.Value[i]
			if strings.IndexByte("*?[]", ch) >= 0 {
				continue
			}
			if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch == '-' || ch == '=') {
				return true
			}
		}
	}
	return false
}

// optUse is one use of an option found by optionUses: its value, and
// the index of the first word after it.
type optUse struct {
	val  analysis.Word
	next int
}

// optionUses finds every use of the option named short (a letter, 0 for
// none) or long (its full name, "" for none) among ws, in every spelling
// getopt and git accept: -x V, -xV, in a cluster (-abx V, -abxV),
// --long V, --long=V and an abbreviation of --long. args are the short
// letters that take an argument, where a cluster ends; the option is
// taken to take one. Handlers find options this way rather than by one
// spelling, so that what the allow-list accepts and what a handler sees
// are the same options.
func optionUses(ws []analysis.Word, args string, short byte, long string) []optUse {
	var out []optUse
	value := func(i int, attached string, hasAttached bool) optUse {
		if hasAttached {
			return optUse{val: analysis.Word{Value: attached}, next: i + 1}
		}
		if i+1 < len(ws) {
			return optUse{val: ws[i+1], next: i + 2}
		}
		return optUse{val: analysis.Word{Value: ""}, next: i + 1}
	}
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		switch {
		case v == "--":
			return out
		case strings.HasPrefix(v, "--"):
			name, val, eq := strings.Cut(v, "=")
			if long != "" && analysis.LongName(name, long) {
				out = append(out, value(i, val, eq))
			}
		case len(v) > 1 && v[0] == '-':
			for j := 1; j < len(v); j++ {
				ch := v[j]
				if ch == short {
					out = append(out, value(i, v[j+1:], j+1 < len(v)))
					break
				}
				if strings.IndexByte(args, ch) >= 0 {
					break // the rest of the word, or the next, is its argument
				}
			}
		}
	}
	return out
}

// mayStartWithDash reports whether a computed word may expand to an
// argument that starts with "-": it has no literal text before its first
// glob, brace expansion or expansion whose value is not known now (”,
// "" and $” are no text: ”* is *).
func mayStartWithDash(a *analysis.Analyzer, w analysis.Word) bool {
	if vs, ok := a.FieldsOf(w); ok && !analysis.HasBraces(w.Node) {
		for _, v := range vs {
			// (a value holding a pattern came from one, set -- *: it may
			// start with - where the pattern starts with a wildcard)
			if strings.HasPrefix(v, "-") || v != "" && strings.IndexByte("*?[", v[0]) >= 0 && !analysis.HasGlob(w.Node) {
				return true
			}
		}
		// A known value is a pattern only where the word has an
		// unquoted glob: its literal prefix decides.
		if !analysis.HasGlob(w.Node) {
			return false
		}
	}
	for _, p := range w.Node.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			for i := 0; i < len(p.Value); i++ {
				switch c := p.Value[i]; c {
				case '\\':
					return i+1 < len(p.Value) && p.Value[i+1] == '-'
				case '*', '?', '[', '{':
					return true
				default:
					return c == '-'
				}
			}
		case *syntax.SglQuoted:
			if p.Value != "" {
				return strings.HasPrefix(p.Value, "-")
			}
		case *syntax.DblQuoted:
			if len(p.Parts) == 0 {
				continue
			}
			if l, ok := p.Parts[0].(*syntax.Lit); ok && l.Value != "" {
				return strings.HasPrefix(l.Value, "-")
			}
			if cs, ok := p.Parts[0].(*syntax.CmdSubst); ok {
				return !printsAbsolutePath(cs)
			}
			return true
		case *syntax.CmdSubst:
			return !printsAbsolutePath(p)
		default:
			return true
		}
	}
	return false
}

// printsAbsolutePath reports whether a command substitution runs one of
// the commands that print absolute paths: $(which ls), $(pwd).
func printsAbsolutePath(cs *syntax.CmdSubst) bool {
	if len(cs.Stmts) != 1 {
		return false
	}
	call, ok := cs.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) == 0 {
		return false
	}
	var args []string
	for _, w := range call.Args {
		v, ok := analysis.StaticWord(w)
		if !ok {
			v = "$"
		}
		args = append(args, v)
	}
	switch args[0] {
	case "which", "pwd", "realpath", "mktemp":
		return true
	case "command":
		return len(args) > 1 && args[1] == "-v"
	case "type":
		return len(args) > 1 && (args[1] == "-p" || args[1] == "-P")
	case "readlink":
		return len(args) > 1 && (args[1] == "-f" || args[1] == "-e" || args[1] == "-m")
	}
	return false
}
