package analysis

import (
	"path"
	"strconv"
	"strings"
)

// Builtins that run nothing, write nothing and change nothing that
// decides what runs later count as allowed without a rule. Those that
// assign variables are checked for the variables that matter.

const harmlessReason = "shell builtin that runs nothing and writes nothing"

func builtinHarmless(c *Cmd) {
	if strings.IndexByte(c.Unit().Words[0].Value, '/') >= 0 {
		return
	}
	c.Harmless(harmlessReason)
}

// builtinRead is read: harmless unless it assigns a variable that matters.
// What it reads from a here-string or echo of known text is tracked, for
// the commands after it (read d <<< /; rm -rf "$d").
func builtinRead(c *Cmd) {
	builtinHarmless(c)
	defer c.trackRead()
	ws := c.Args
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			c.shellVarWord(w) // read "$v": a name computed at run time
			continue
		}
		v := w.Value
		if len(v) > 1 && v[0] == '-' {
			// -a NAME, -d DELIM, -n N, -N N, -p PROMPT, -t T, -u FD, -i TEXT
			last := v[len(v)-1]
			if strings.IndexByte("adnNptui", last) >= 0 && i+1 < len(ws) {
				i++
				if last == 'a' {
					c.checkVar(ws[i])
				}
			}
			continue
		}
		c.checkVar(w)
	}
}

// builtinPrintf is printf: harmless unless -v assigns a variable that
// matters. A value printf -v assigns from known text is tracked for the
// commands after it.
func builtinPrintf(c *Cmd) {
	builtinHarmless(c)
	for i, w := range c.Args {
		if w.IsStatic() && w.Value == "-v" && i+1 < len(c.Args) {
			c.checkVar(c.Args[i+1])
			c.trackPrintf(i + 1)
		}
		if w.IsStatic() && !strings.HasPrefix(w.Value, "-") {
			break
		}
	}
}

// builtinGetopts is getopts OPTSTRING NAME.
func builtinGetopts(c *Cmd) {
	builtinHarmless(c)
	if len(c.Args) >= 2 {
		c.checkVar(c.Args[1])
		if c.Args[1].IsStatic() {
			c.Analyzer.forget(c.Args[1].Value)
		}
	}
	c.Analyzer.forget("OPTARG")
	c.Analyzer.forget("OPTIND")
}

// builtinMapfile is mapfile/readarray: -C runs a callback.
func builtinMapfile(c *Cmd) {
	builtinHarmless(c)
	for i, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "-C" || strings.HasPrefix(w.Value, "-C") {
			c.Unit().Harmless = ""
			c.Risk(KindEval, "mapfile -C", "runs a callback command for the lines read")
			if w.Value == "-C" && i+1 < len(c.Args) {
				c.Code(c.Args[i+1], "mapfile -C")
			}
		}
	}
	ops := Operands(c.Args)
	if len(ops) > 0 {
		c.checkVar(ops[len(ops)-1])
	}
	// The array it fills, read from input the analysis does not split.
	name := "MAPFILE"
	if len(ops) > 0 && ops[len(ops)-1].IsStatic() {
		name = ops[len(ops)-1].Value
	}
	c.Analyzer.forget(name)
	c.Analyzer.setArray(name, nil)
}

// builtinDeclare is export, local, declare, typeset and readonly when
// the dialect parses them as ordinary commands (POSIX).
func builtinDeclare(c *Cmd) {
	builtinHarmless(c)
	for _, w := range c.Args {
		if !w.IsStatic() {
			c.Unit().Harmless = ""
			c.Risk(KindAssign, w.Value, "declares variables whose names are computed at run time")
			continue
		}
		name, _, _ := strings.Cut(w.Value, "=")
		if reason, ok := DangerousVar(name); ok && strings.Contains(w.Value, "=") {
			c.Risk(KindAssign, name, reason)
		}
		if !strings.HasPrefix(w.Value, "-") && !FlagsOf(c.Args).Has('p') {
			c.shellVarWord(w)
		}
	}
}

// checkVar records a builtin assigning a variable that changes what runs.
func (c *Cmd) checkVar(w Word) {
	c.shellVarWord(w)
	if !w.IsStatic() {
		return
	}
	name, _, _ := strings.Cut(w.Value, "[")
	if reason, ok := DangerousVar(name); ok {
		c.Risk(KindAssign, name, reason)
	}
}

// builtinCommand is command: -v and -V only look commands up; otherwise
// it runs its argument, bypassing functions.
func builtinCommand(c *Cmd) {
	i := 0
	lookup := false
	for ; i < len(c.Args); i++ {
		w := c.Args[i]
		if !w.IsStatic() || !strings.HasPrefix(w.Value, "-") || w.Value == "-" {
			break
		}
		if w.Value == "--" {
			i++
			break
		}
		if strings.ContainsAny(w.Value, "vV") {
			lookup = true
		}
	}
	if lookup {
		builtinHarmless(c)
		return
	}
	if i >= len(c.Args) {
		builtinHarmless(c)
		return
	}
	c.Risk(KindWrapper, "command", "wrapper: runs the command after it, bypassing functions")
	c.Inner(c.Args[i:], "command")
}

// builtinBuiltin is builtin NAME ARGS.
func builtinBuiltin(c *Cmd) {
	if len(c.Args) == 0 {
		builtinHarmless(c)
		return
	}
	c.Risk(KindWrapper, "builtin", "wrapper: runs the builtin after it")
	c.Inner(c.Args, "builtin")
}

// builtinExec is exec: with only redirections it changes the shell's
// files (checked as redirections); with a command it runs it in place
// of the shell.
func builtinExec(c *Cmd) {
	i := 0
	for ; i < len(c.Args); i++ {
		w := c.Args[i]
		if !w.IsStatic() || !strings.HasPrefix(w.Value, "-") {
			break
		}
		if w.Value == "--" {
			i++
			break
		}
		if w.Value == "-a" {
			i++
		}
	}
	if i >= len(c.Args) {
		builtinHarmless(c)
		return
	}
	c.Risk(KindWrapper, "exec", "wrapper: replaces the shell with the command after it")
	c.Inner(c.Args[i:], "exec")
}

// builtinEval is eval: its arguments, joined, are run as shell code.
func builtinEval(c *Cmd) {
	if c.Analyzer.Runtime {
		c.Harmless("the commands eval runs are checked as they run")
		return
	}
	c.Risk(KindEval, "eval", "runs a string as shell code")
	if _, static := StaticPrefix(c.Args); !static {
		// The code is data the command computes, maybe read from a
		// pipe: a download feeding it makes it a downloaded script.
		c.Unit().StdinCode = true
	}
	c.CodeWords(c.Args, "eval")
	if len(c.Args) > 0 {
		c.CodeArg = 0
		for i, w := range c.Args {
			if w.download {
				c.CodeArg = i
			}
		}
	}
}

// builtinSource is source and ".": the commands in a file run in this shell.
func builtinSource(c *Cmd) {
	if c.Analyzer.Runtime {
		c.Harmless("the commands source runs are checked as they run")
		return
	}
	file := "a file"
	if len(c.Args) > 0 {
		file = c.Args[0].String()
		c.CodeArg = 0
		if w := c.Args[0]; w.IsStatic() && IsStdinPath(w.Value) {
			c.ReadsStdinCode()
		}
	}
	c.Risk(KindEval, "source", "runs the commands in "+file+" in this shell")
}

// builtinTrap is trap: its first argument runs when a signal arrives or
// the shell exits.
func builtinTrap(c *Cmd) {
	ops := c.Args
	if len(ops) > 0 && ops[0].IsStatic() && ops[0].Value == "--" {
		ops = ops[1:]
	}
	if c.Analyzer.Runtime {
		c.Harmless("the commands a trap runs are checked as they run")
		if c.Analyzer.inShellNow() && len(ops) > 1 {
			c.Unit().Harmless = ""
			c.Risk(KindEval, "trap", "changes what your shell does when a signal arrives or it exits ("+FirstLine(c.Unit().String())+")")
		}
		return
	}
	if len(ops) == 0 || (ops[0].IsStatic() && (ops[0].Value == "-p" || ops[0].Value == "-l")) {
		builtinHarmless(c)
		return
	}
	if c.Analyzer.inShellNow() && len(ops) > 1 {
		// trap '' INT, trap - INT in your shell: Ctrl+C no longer
		// stops a command, or your own trap is gone.
		c.Risk(KindEval, "trap", "changes what your shell does when a signal arrives or it exits ("+FirstLine(c.Unit().String())+")")
		if ops[0].IsStatic() && (ops[0].Value == "-" || ops[0].Value == "") {
			return
		}
		c.Code(ops[0], "trap")
		c.CodeArg = len(c.Args) - len(ops)
		return
	}
	if ops[0].IsStatic() && (ops[0].Value == "-" || ops[0].Value == "" || len(ops) == 1 && IsFD(ops[0].Value)) {
		builtinHarmless(c)
		return
	}
	c.Risk(KindEval, "trap", "runs commands later, when a signal arrives or the shell exits")
	c.Code(ops[0], "trap")
	c.CodeArg = len(c.Args) - len(ops)
}

// builtinAlias is alias: definitions change what later commands run.
func builtinAlias(c *Cmd) {
	if c.Analyzer.Runtime {
		c.Harmless("the commands an alias runs are checked as they run")
		return
	}
	defined := false
	for _, w := range c.Args {
		if !w.IsStatic() {
			defined = true
			c.Risk(KindEval, "alias", "defines aliases computed at run time")
			continue
		}
		name, value, ok := strings.Cut(w.Value, "=")
		if !ok {
			continue
		}
		defined = true
		c.Risk(KindEval, "alias "+name, "defines an alias, which changes what later commands run")
		c.Analyzer.Code(value, "alias "+name, c.Unit().Pos)
	}
	if !defined {
		builtinHarmless(c)
	}
}

// IsStdinPath reports whether a file name given to a program means its
// standard input: -, /dev/stdin, /dev/fd/0, /proc/self/fd/0.
func IsStdinPath(p string) bool {
	if p == "-" {
		return true
	}
	if !strings.HasPrefix(p, "/") {
		return false
	}
	switch p = path.Clean(p); {
	case p == "/dev/stdin", p == "/dev/fd/0":
		return true
	case strings.HasPrefix(p, "/proc/") && strings.HasSuffix(p, "/fd/0"):
		return true // /proc/self/fd/0, /proc/$$/fd/0
	}
	return false
}

// builtinSet is set: options, and new positional parameters, which the
// rest of the command's analysis knows (set -- /; rm -rf "$1").
func builtinSet(c *Cmd) {
	builtinHarmless(c)
	c.shellOptionChange()
	for i, w := range c.Args {
		if !w.IsStatic() {
			return
		}
		switch {
		case w.Value == "--":
			c.Analyzer.BindPositional(c.Args[i+1:], false)
			return
		case w.Value == "-o" || w.Value == "+o":
			return
		case !strings.HasPrefix(w.Value, "-") && !strings.HasPrefix(w.Value, "+"):
			c.Analyzer.BindPositional(c.Args[i:], false)
			return
		}
	}
}

// RegisterBuiltins adds the handlers of the shell's builtins to h.
func RegisterBuiltins(h map[string]Handler) {
	for _, name := range []string{
		":", "true", "false", "echo", "pwd", "cd", "pushd", "popd", "dirs",
		"test", "[", "break", "continue", "return", "exit", "wait",
		"type", "jobs", "times", "help",
	} {
		h[name] = builtinHarmless
	}
	h["shopt"] = func(c *Cmd) {
		builtinHarmless(c)
		c.shellOptionChange()
	}
	h["unset"] = builtinUnset
	h["shift"] = builtinShift
	h["set"] = builtinSet
	h["hash"] = func(c *Cmd) {
		// hash -p PATH NAME makes NAME run PATH.
		if FlagsOf(c.Args).Has('p') {
			c.Risk(KindEval, "hash -p", "makes a command name run another program")
			return
		}
		builtinHarmless(c)
	}
	h["read"] = builtinRead
	h["printf"] = builtinPrintf
	h["getopts"] = builtinGetopts
	h["mapfile"] = builtinMapfile
	h["readarray"] = builtinMapfile
	for _, name := range []string{"export", "local", "declare", "typeset", "readonly"} {
		h[name] = builtinDeclare
	}
	h["command"] = builtinCommand
	h["builtin"] = builtinBuiltin
	h["exec"] = builtinExec
	h["eval"] = builtinEval
	h["source"] = builtinSource
	h["."] = builtinSource
	h["trap"] = builtinTrap
	h["alias"] = builtinAlias
}

// trackRead records the variables read assigns from input known now:
// a here-string or echo of known text, split as read splits it. Options
// that change what is read or how (-d, -n, -N, -u, -a, -e, -i) and a
// line with backslashes read without -r leave the names unknown.
func (c *Cmd) trackRead() {
	var names []string
	exact := true
	delim, count, countAll := "\n", -1, false
	for i := 0; i < len(c.Args); i++ {
		w := c.Args[i]
		if !w.IsStatic() {
			exact = false
			continue
		}
		if len(w.Value) > 1 && w.Value[0] == '-' {
			opts := w.Value[1:]
			for j := 0; j < len(opts); j++ {
				switch o := opts[j]; {
				case o == 'r' || o == 's':
				case strings.IndexByte("adnNptui", o) >= 0:
					arg := opts[j+1:]
					if arg == "" && i+1 < len(c.Args) {
						i++ // the option's argument
						arg = c.Args[i].Value
						exact = exact && c.Args[i].IsStatic()
					}
					switch o {
					case 'a':
						names = append(names, arg) // the array
						exact = false
					case 'd':
						delim = arg
						if delim == "" {
							delim = "\x00"
						}
						delim = delim[:1]
					case 'n', 'N':
						n, err := strconv.Atoi(arg)
						exact = exact && err == nil && n >= 0
						count, countAll = n, o == 'N'
					case 'p', 't':
					default:
						exact = false
					}
					j = len(opts)
				default:
					exact = false
				}
			}
			continue
		}
		names = append(names, w.Value)
	}
	if len(names) == 0 {
		names = []string{"REPLY"}
	}
	raw := FlagsOf(c.Args).Has('r')
	line := c.In.Code
	if countAll {
		delim = ""
	}
	if delim != "" {
		line, _, _ = strings.Cut(line, delim)
	}
	if count >= 0 {
		if r := []rune(line); len(r) > count {
			line = string(r[:count])
		}
	}
	ifs, ifsKnown := c.Analyzer.ifs()
	var fields []string
	if c.In.Known && exact && ifsKnown && (raw || !strings.Contains(line, "\\")) {
		fields = readSplit(line, ifs, len(names))
	}
	for i, n := range names {
		if !IsName(n) {
			continue
		}
		if fields == nil {
			c.Analyzer.forget(n)
			continue
		}
		c.Analyzer.setVar(n, fields[i])
	}
}

// readSplit splits a line into n values as read does with that IFS:
// IFS whitespace around a field is trimmed and runs of it separate
// fields, each other IFS character separates one; the last name gets the
// rest of the line, without trailing IFS whitespace (and without a
// single delimiter ending its only field).
func readSplit(line, ifs string, n int) []string {
	isWS := func(b byte) bool { return (b == ' ' || b == '\t' || b == '\n') && strings.IndexByte(ifs, b) >= 0 }
	isDelim := func(b byte) bool { return strings.IndexByte(ifs, b) >= 0 && !isWS(b) }
	isIFS := func(b byte) bool { return strings.IndexByte(ifs, b) >= 0 }
	i := 0
	skipWS := func() {
		for i < len(line) && isWS(line[i]) {
			i++
		}
	}
	// skipSep passes one separator: IFS whitespace, at most one other
	// IFS character, IFS whitespace.
	skipSep := func() {
		skipWS()
		if i < len(line) && isDelim(line[i]) {
			i++
			skipWS()
		}
	}
	out := make([]string, n)
	skipWS()
	for k := 0; k < n-1; k++ {
		start := i
		for i < len(line) && !isIFS(line[i]) {
			i++
		}
		out[k] = line[start:i]
		skipSep()
	}
	rest := line[i:]
	end := len(rest)
	for end > 0 && isWS(rest[end-1]) {
		end--
	}
	rest = rest[:end]
	// One field and one delimiter after it: the delimiter goes.
	j := 0
	for j < len(rest) && !isIFS(rest[j]) {
		j++
	}
	if j < len(rest) {
		k := j
		for k < len(rest) && isWS(rest[k]) {
			k++
		}
		if k < len(rest) && isDelim(rest[k]) {
			k++
			for k < len(rest) && isWS(rest[k]) {
				k++
			}
			if k == len(rest) {
				rest = rest[:j]
			}
		}
	}
	out[n-1] = rest
	return out
}

// trackPrintf records the value printf -v NAME FORMAT ARGS… assigns,
// when the format and arguments are known now; i is NAME's index.
func (c *Cmd) trackPrintf(i int) {
	name := c.Args[i]
	if !name.IsStatic() || !IsName(name.Value) {
		return
	}
	c.Analyzer.forget(name.Value)
	if i+1 >= len(c.Args) {
		return
	}
	var vals []string
	for _, w := range c.Args[i+1:] {
		v, ok := c.Analyzer.Resolve(w)
		if !ok {
			return
		}
		vals = append(vals, c.Analyzer.ExpandHome(v))
	}
	if out, ok := printfText(vals[0], vals[1:]); ok {
		c.Analyzer.setVar(name.Value, out)
	}
}

// builtinUnset is unset: the names lose the values the analysis knew.
func builtinUnset(c *Cmd) {
	builtinHarmless(c)
	if c.Analyzer.inShellNow() && FlagsOf(c.Args).Has('f') {
		// unset -f rm: a function of the user's (a safety wrapper such
		// as rm -i) is gone for good, as defining one asks.
		for _, w := range c.Args {
			if !w.IsStatic() || !strings.HasPrefix(w.Value, "-") {
				c.Risk(KindAssign, w.Value, "removes the function "+w.Value+" from your shell")
			}
		}
	}
	if c.Analyzer.inShellNow() && !FlagsOf(c.Args).Has('f') {
		// unset HISTFILE: the history is no longer saved.
		for _, w := range c.Args {
			if !w.IsStatic() {
				c.Risk(KindAssign, w.Value, "unsets variables whose names are computed at run time in your shell")
			} else if !strings.HasPrefix(w.Value, "-") {
				name, _, _ := strings.Cut(w.Value, "[")
				if !UserVariable(name) {
					c.Risk(KindAssign, name, "unsets "+name+" in your shell: "+ShellVarEffect(name))
				}
			}
		}
	}
	for _, w := range c.Args {
		if v, ok := c.Analyzer.Resolve(w); ok && !strings.HasPrefix(v, "-") {
			name, _, _ := strings.Cut(v, "[")
			if name == v && IsName(v) && !FlagsOf(c.Args).Has('n') && !FlagsOf(c.Args).Has('f') {
				c.Analyzer.setVar(name, varUnset)
				if _, ok := c.Analyzer.arrays[name]; ok {
					c.Analyzer.setArray(name, nil)
				}
				continue
			}
			c.Analyzer.forget(name)
		}
	}
}

// builtinShift is shift: the positional parameters move.
func builtinShift(c *Cmd) {
	builtinHarmless(c)
	c.Analyzer.forgetPositional("shift")
}

// Builtins that change the shell's own session: what they change
// outlives the command (a key binding or completion that runs code, the
// history, limits, the mask, the jobs). Only their forms that read are
// harmless; the agent's run-time check refuses the rest whatever the
// rules say (see shell/aibuiltins.go).

// sessionBuiltin returns a handler for a builtin whose reading forms are
// accepted by reads.
func sessionBuiltin(why string, reads func(args []string) bool) Handler {
	return func(c *Cmd) {
		args, static := StaticPrefix(c.Args)
		if static && reads(args) {
			builtinHarmless(c)
			return
		}
		c.Risk(KindEval, c.Base, why)
	}
}

// onlyOptions reports whether every argument is an option cluster of
// the given letters.
func onlyOptions(args []string, letters string) bool {
	for _, a := range args {
		if len(a) < 2 || a[0] != '-' || strings.Trim(a[1:], letters) != "" {
			return false
		}
	}
	return true
}

// RegisterSessionBuiltins adds the handlers of the builtins that change
// the interactive session (history, bind, complete, ulimit, jobs…) to h.
func RegisterSessionBuiltins(h map[string]Handler) {
	history := sessionBuiltin("changes the shell's history, or writes it to a file", func(args []string) bool {
		return len(args) == 0 || len(args) == 1 && IsFD(args[0]) || args[0] == "-p"
	})
	h["history"] = func(c *Cmd) {
		history(c)
		// history -w FILE, -a FILE: the file it writes.
		for i, w := range c.Args {
			if w.IsStatic() && (w.Value == "-w" || w.Value == "-a") && i+1 < len(c.Args) {
				c.Target(c.Args[i+1], WriteFile, false)
				c.SensitiveWrite(c.Args[i+1])
			}
		}
	}
	h["fc"] = sessionBuiltin("runs commands from the history", func(args []string) bool {
		return len(args) > 0 && strings.HasPrefix(args[0], "-") && strings.Contains(args[0], "l") && strings.Trim(args[0][1:], "lnr") == ""
	})
	h["bind"] = sessionBuiltin("changes the line editor's keys, which can run commands later", func(args []string) bool {
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
	})
	h["complete"] = sessionBuiltin("defines completions, which can run commands later", func(args []string) bool {
		return len(args) == 0 || args[0] == "-p"
	})
	h["compopt"] = sessionBuiltin("changes completions", func([]string) bool { return false })
	h["ulimit"] = sessionBuiltin("changes the shell's resource limits", func(args []string) bool {
		return onlyOptions(args, "aSHRcdefilmnpqrstuvx")
	})
	h["umask"] = sessionBuiltin("changes the mode of the files the shell creates", func(args []string) bool {
		return onlyOptions(args, "Sp")
	})
	for _, name := range []string{"disown", "fg", "bg"} {
		h[name] = sessionBuiltin("changes the shell's jobs", func([]string) bool { return false })
	}
}
