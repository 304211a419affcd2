package perms

import "strings"

// Builtins that run nothing, write nothing and change nothing that
// decides what runs later count as allowed without a rule. Those that
// assign variables are checked for the variables that matter.

const harmlessReason = "shell builtin that runs nothing and writes nothing"

func builtinHarmless(c *cmd) {
	if strings.IndexByte(c.unit().Words[0].Value, '/') >= 0 {
		return
	}
	c.harmless(harmlessReason)
}

// builtinRead is read: harmless unless it assigns a variable that matters.
// What it reads from a here-string or echo of known text is tracked, for
// the commands after it (read d <<< /; rm -rf "$d").
func builtinRead(c *cmd) {
	builtinHarmless(c)
	defer c.trackRead()
	ws := c.args
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
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
func builtinPrintf(c *cmd) {
	builtinHarmless(c)
	for i, w := range c.args {
		if w.IsStatic() && w.Value == "-v" && i+1 < len(c.args) {
			c.checkVar(c.args[i+1])
			c.trackPrintf(i + 1)
		}
		if w.IsStatic() && !strings.HasPrefix(w.Value, "-") {
			break
		}
	}
}

// builtinGetopts is getopts OPTSTRING NAME.
func builtinGetopts(c *cmd) {
	builtinHarmless(c)
	if len(c.args) >= 2 {
		c.checkVar(c.args[1])
	}
}

// builtinMapfile is mapfile/readarray: -C runs a callback.
func builtinMapfile(c *cmd) {
	builtinHarmless(c)
	for i, w := range c.args {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "-C" || strings.HasPrefix(w.Value, "-C") {
			c.unit().Harmless = ""
			c.risk(KindEval, "mapfile -C", "runs a callback command for the lines read")
			if w.Value == "-C" && i+1 < len(c.args) {
				c.code(c.args[i+1], "mapfile -C")
			}
		}
	}
	if ops := operands(c.args); len(ops) > 0 {
		c.checkVar(ops[len(ops)-1])
	}
}

// builtinDeclare is export, local, declare, typeset and readonly when
// the dialect parses them as ordinary commands (POSIX).
func builtinDeclare(c *cmd) {
	builtinHarmless(c)
	for _, w := range c.args {
		if !w.IsStatic() {
			c.unit().Harmless = ""
			c.risk(KindAssign, w.Value, "declares variables whose names are computed at run time")
			continue
		}
		name, _, _ := strings.Cut(w.Value, "=")
		if reason, ok := DangerousVar(name); ok && strings.Contains(w.Value, "=") {
			c.risk(KindAssign, name, reason)
		}
	}
}

// checkVar records a builtin assigning a variable that changes what runs.
func (c *cmd) checkVar(w Word) {
	if !w.IsStatic() {
		return
	}
	name, _, _ := strings.Cut(w.Value, "[")
	if reason, ok := DangerousVar(name); ok {
		c.risk(KindAssign, name, reason)
	}
}

// builtinCommand is command: -v and -V only look commands up; otherwise
// it runs its argument, bypassing functions.
func builtinCommand(c *cmd) {
	i := 0
	lookup := false
	for ; i < len(c.args); i++ {
		w := c.args[i]
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
	if i >= len(c.args) {
		builtinHarmless(c)
		return
	}
	c.risk(KindWrapper, "command", "wrapper: runs the command after it, bypassing functions")
	c.inner(c.args[i:], "command")
}

// builtinBuiltin is builtin NAME ARGS.
func builtinBuiltin(c *cmd) {
	if len(c.args) == 0 {
		builtinHarmless(c)
		return
	}
	c.risk(KindWrapper, "builtin", "wrapper: runs the builtin after it")
	c.inner(c.args, "builtin")
}

// builtinExec is exec: with only redirections it changes the shell's
// files (checked as redirections); with a command it runs it in place
// of the shell.
func builtinExec(c *cmd) {
	i := 0
	for ; i < len(c.args); i++ {
		w := c.args[i]
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
	if i >= len(c.args) {
		builtinHarmless(c)
		return
	}
	c.risk(KindWrapper, "exec", "wrapper: replaces the shell with the command after it")
	c.inner(c.args[i:], "exec")
}

// builtinEval is eval: its arguments, joined, are run as shell code.
func builtinEval(c *cmd) {
	if c.a.runtime {
		c.harmless("the commands eval runs are checked as they run")
		return
	}
	c.risk(KindEval, "eval", "runs a string as shell code")
	if _, static := staticPrefix(c.args); !static {
		// The code is data the command computes, maybe read from a
		// pipe: a download feeding it makes it a downloaded script.
		c.unit().stdinCode = true
	}
	c.codeWords(c.args, "eval")
	if len(c.args) > 0 {
		c.codeArg = 0
		for i, w := range c.args {
			if w.download {
				c.codeArg = i
			}
		}
	}
}

// builtinSource is source and ".": the commands in a file run in this shell.
func builtinSource(c *cmd) {
	if c.a.runtime {
		c.harmless("the commands source runs are checked as they run")
		return
	}
	file := "a file"
	if len(c.args) > 0 {
		file = c.args[0].String()
		c.codeArg = 0
		if w := c.args[0]; w.IsStatic() && isStdinPath(w.Value) {
			c.readsStdinCode()
		}
	}
	c.risk(KindEval, "source", "runs the commands in "+file+" in this shell")
}

// builtinTrap is trap: its first argument runs when a signal arrives or
// the shell exits.
func builtinTrap(c *cmd) {
	if c.a.runtime {
		c.harmless("the commands a trap runs are checked as they run")
		return
	}
	ops := c.args
	if len(ops) > 0 && ops[0].IsStatic() && ops[0].Value == "--" {
		ops = ops[1:]
	}
	if len(ops) == 0 || (ops[0].IsStatic() && (ops[0].Value == "-p" || ops[0].Value == "-l")) {
		builtinHarmless(c)
		return
	}
	if ops[0].IsStatic() && (ops[0].Value == "-" || ops[0].Value == "" || len(ops) == 1 && isFD(ops[0].Value)) {
		builtinHarmless(c)
		return
	}
	c.risk(KindEval, "trap", "runs commands later, when a signal arrives or the shell exits")
	c.code(ops[0], "trap")
	c.codeArg = len(c.args) - len(ops)
}

// builtinAlias is alias: definitions change what later commands run.
func builtinAlias(c *cmd) {
	if c.a.runtime {
		c.harmless("the commands an alias runs are checked as they run")
		return
	}
	defined := false
	for _, w := range c.args {
		if !w.IsStatic() {
			defined = true
			c.risk(KindEval, "alias", "defines aliases computed at run time")
			continue
		}
		name, value, ok := strings.Cut(w.Value, "=")
		if !ok {
			continue
		}
		defined = true
		c.risk(KindEval, "alias "+name, "defines an alias, which changes what later commands run")
		c.a.code(value, "alias "+name, c.unit().Pos)
	}
	if !defined {
		builtinHarmless(c)
	}
}

func isStdinPath(p string) bool {
	switch p {
	case "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return false
}

// builtinSet is set: options, and new positional parameters, which the
// rest of the command's analysis knows (set -- /; rm -rf "$1").
func builtinSet(c *cmd) {
	builtinHarmless(c)
	for i, w := range c.args {
		if !w.IsStatic() {
			return
		}
		switch {
		case w.Value == "--":
			c.a.bindPositional(c.args[i+1:], false)
			return
		case w.Value == "-o" || w.Value == "+o":
			return
		case !strings.HasPrefix(w.Value, "-") && !strings.HasPrefix(w.Value, "+"):
			c.a.bindPositional(c.args[i:], false)
			return
		}
	}
}

func registerBuiltins(t *tableSet) {
	for _, name := range []string{
		":", "true", "false", "echo", "pwd", "cd", "pushd", "popd", "dirs",
		"test", "[", "shift", "break", "continue", "return", "exit", "wait",
		"type", "shopt", "unset", "jobs", "times", "help",
	} {
		t.handlers[name] = builtinHarmless
	}
	t.handlers["set"] = builtinSet
	t.handlers["hash"] = func(c *cmd) {
		// hash -p PATH NAME makes NAME run PATH.
		if flagsOf(c.args).has('p') {
			c.risk(KindEval, "hash -p", "makes a command name run another program")
			return
		}
		builtinHarmless(c)
	}
	t.handlers["read"] = builtinRead
	t.handlers["printf"] = builtinPrintf
	t.handlers["getopts"] = builtinGetopts
	t.handlers["mapfile"] = builtinMapfile
	t.handlers["readarray"] = builtinMapfile
	for _, name := range []string{"export", "local", "declare", "typeset", "readonly"} {
		t.handlers[name] = builtinDeclare
	}
	t.handlers["command"] = builtinCommand
	t.handlers["builtin"] = builtinBuiltin
	t.handlers["exec"] = builtinExec
	t.handlers["eval"] = builtinEval
	t.handlers["source"] = builtinSource
	t.handlers["."] = builtinSource
	t.handlers["trap"] = builtinTrap
	t.handlers["alias"] = builtinAlias
}

// trackRead records the variables read assigns from input known now.
func (c *cmd) trackRead() {
	var names []Word
	for i := 0; i < len(c.args); i++ {
		w := c.args[i]
		if !w.IsStatic() {
			return
		}
		if len(w.Value) > 1 && w.Value[0] == '-' {
			if strings.ContainsAny(w.Value[len(w.Value)-1:], "adnNptui") {
				i++
			}
			continue
		}
		names = append(names, w)
	}
	if len(names) == 0 {
		names = []Word{{Value: "REPLY"}}
	}
	line, _, _ := strings.Cut(c.in.code, "\n")
	for i, n := range names {
		if !isName(n.Value) {
			return
		}
		if !c.in.known {
			delete(c.a.vars, n.Value)
			continue
		}
		fields := c.a.splitFields(line)
		switch {
		case i < len(names)-1 && i < len(fields):
			c.a.setVar(n.Value, fields[i])
		case i == len(names)-1 && i < len(fields):
			c.a.setVar(n.Value, strings.Join(fields[i:], " "))
		default:
			c.a.setVar(n.Value, "")
		}
	}
}

// trackPrintf records the value printf -v NAME FORMAT ARGS… assigns,
// when the format and arguments are known now; i is NAME's index.
func (c *cmd) trackPrintf(i int) {
	name := c.args[i]
	if !name.IsStatic() || !isName(name.Value) {
		return
	}
	delete(c.a.vars, name.Value)
	if i+1 >= len(c.args) {
		return
	}
	var vals []string
	for _, w := range c.args[i+1:] {
		v, ok := c.a.resolve(w)
		if !ok {
			return
		}
		vals = append(vals, c.a.expandHome(v))
	}
	if out, ok := printfText(vals[0], vals[1:]); ok {
		c.a.setVar(name.Value, out)
	}
}
