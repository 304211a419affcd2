package analysis

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"nosh/perms/sandbox"
)

// A `?` translation runs in the user's shell itself, as if typed: what it
// assigns, exports, unsets, traps or turns on outlives it and changes how
// nosh behaves from then on (HISTFILE=/dev/null, set +o history, trap ''
// INT, PROMPT_COMMAND=…, XDG_STATE_HOME=/tmp). With InShell set, every
// such change is a finding, so that it is asked about and the question
// says what it changes, except for the variables that are the user's
// own. Which those are is an allow-list by construction, not a list of
// the names known to matter: POSIX leaves the names holding a lowercase
// letter to applications ("without modifying the behavior of the
// standard utilities"); nosh, bash and the programs they start read
// uppercase names, and the few lowercase ones some do read are not
// the user's either.

// userResult reports whether name is one of the uppercase variables
// builtins fill with their results (read, mapfile, getopts, select): the
// user's to set. A switch, not a map literal, so that linking the package
// runs no code at start-up.
func userResult(name string) bool {
	switch name {
	case "REPLY", "MAPFILE", "OPTARG", "OPTIND":
		return true
	}
	return false
}

// UserVariable reports whether a command run in the user's shell may set
// the variable without asking: a name with a lowercase letter that no
// shell or program reads as configuration, or a builtin's result
// variable.
func UserVariable(name string) bool {
	if userResult(name) {
		return true
	}
	if strings.ToUpper(name) == name {
		return false
	}
	if _, dangerous := DangerousVar(name); dangerous {
		return false
	}
	switch lower := strings.ToLower(name); {
	case strings.HasSuffix(lower, "_proxy"): // http_proxy, no_proxy: where programs connect
		return false
	case name == "histchars", name == "auto_resume", name == "path", name == "cdpath", name == "fpath", name == "manpath":
		// bash's history characters and job names; zsh's arrays tied
		// to PATH and the like.
		return false
	}
	return true
}

// ShellVarEffect says what setting the variable in the user's shell
// changes, for the question.
func ShellVarEffect(name string) string {
	switch {
	case strings.HasPrefix(name, "HIST"):
		return "changes how your shell keeps its history (what is saved, how much, where)"
	case strings.HasPrefix(name, "PS") && len(name) == 3 && name[2] >= '0' && name[2] <= '4', name == "PROMPT_COMMAND":
		return "runs code later: your shell expands it, running its substitutions, at every prompt or command"
	case strings.HasPrefix(name, "XDG_"):
		return "changes where your shell (and programs) keep configuration and state: nosh's history, settings and permission rules"
	case name == "TMOUT":
		return "makes your shell exit after that many idle seconds"
	case name == "LANG", name == "LANGUAGE", strings.HasPrefix(name, "LC_"):
		return "changes your shell's language and character set"
	case name == "TERM", name == "COLUMNS", name == "LINES", name == "TERMINFO", name == "NO_COLOR", name == "COLORTERM":
		return "changes how your shell draws on the terminal"
	case name == "INPUTRC":
		return "names the file your shell's line editor reads its keys from"
	case name == "FIGNORE", name == "GLOBIGNORE":
		return "changes what your shell's completion or patterns match"
	case name == "MAIL", name == "MAILPATH", name == "MAILCHECK":
		return "changes which files your shell watches for mail"
	}
	if r, ok := DangerousVar(name); ok {
		return r
	}
	return "sets it in your shell, where the shell and every program it starts later may read it (names with a lowercase letter are left to you)"
}

// shellVar records, for a command run in the user's shell (InShell), a
// change to a variable that is not the user's own. A variable that
// changes what runs is found already, with its own reason.
func (a *Analyzer) shellVar(name string, p Pos, text string) {
	if !a.inShellNow() || name == "" || UserVariable(name) {
		return
	}
	if _, dangerous := DangerousVar(name); dangerous {
		return
	}
	a.find(KindAssign, p, FirstLine(text), name, "changes "+name+" in your shell: "+ShellVarEffect(name))
}

// shellVarWord is shellVar for a builtin's operand naming a variable
// (read, printf -v, mapfile, getopts, export…): a name computed at run
// time is judged by its value when the analysis knows it, and asked
// about when it does not (v=HISTSIZE; read "$v").
func (c *Cmd) shellVarWord(w Word) {
	if !c.Analyzer.inShellNow() {
		return
	}
	v := w.Value
	if !w.IsStatic() {
		var ok bool
		if v, ok = c.Analyzer.Resolve(w); !ok {
			c.Risk(KindAssign, w.Value, "assigns, in your shell, a variable whose name is computed at run time")
			return
		}
	}
	name, _, _ := strings.Cut(v, "[")
	name, _, _ = strings.Cut(name, "=")
	c.Analyzer.shellVar(strings.TrimSuffix(name, "+"), c.Unit().Pos, c.Unit().String())
}

// agentDevice records, for an agent's command (confined: Writable set),
// a redirection that opens a device its programs may not: the terminal
// above all (< /dev/tty, 2>/dev/pts/0, exec 3<>/dev/console). They run
// with no terminal (sandbox.ReadableDevice), and nosh, which opens a
// redirection itself, refuses it when it runs; the verdict says so at
// once, whatever the rules say.
func (a *Analyzer) agentDevice(r *syntax.Redirect, w Word) {
	if a.Writable == nil || !w.IsStatic() {
		return
	}
	switch r.Op {
	case syntax.DplIn, syntax.DplOut, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return
	}
	p := path.Clean(w.Value)
	if !strings.HasPrefix(p, "/dev/") || sandbox.ReadableDevice(p) || IsStdinPath(p) ||
		p == "/dev/stdout" || p == "/dev/stderr" || strings.HasPrefix(p, "/dev/fd/") ||
		strings.HasPrefix(p, "/dev/tcp/") || strings.HasPrefix(p, "/dev/udp/") {
		return
	}
	a.find(KindCatastrophic, a.pos(r.Pos()), a.source(r), p, "opens "+p+", a device (the terminal, a disk…) the agent's commands may not: they have no terminal, and neither read the keys you type nor draw on your screen")
}

// shellExecRedirs records `exec` with redirections and no command run in
// the user's shell: they become the shell's own descriptors for every
// later command (exec 0</dev/null, exec >log, exec 2>&-).
func (a *Analyzer) shellExecRedirs(s *syntax.Stmt) {
	if !a.inShellNow() || len(s.Redirs) == 0 {
		return
	}
	c, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(c.Args) == 0 {
		return
	}
	if name, ok := StaticWord(c.Args[0]); !ok || name != "exec" {
		return
	}
	for _, w := range c.Args[1:] {
		if v, ok := StaticWord(w); !ok || !strings.HasPrefix(v, "-") {
			return // exec PROGRAM: a wrapper, judged as one
		}
	}
	a.find(KindEval, a.pos(s.Pos()), FirstLine(a.source(s)), "exec", "changes your shell's own input, output or descriptors for every later command")
}

// shellOptionChange records, for a command run in the user's shell, a
// set or shopt that changes an option (not one that only prints them
// or sets the positional parameters).
func (c *Cmd) shellOptionChange() {
	if !c.Analyzer.inShellNow() {
		return
	}
	args := c.Args
	switch c.Base {
	case "set":
		for i, w := range args {
			if !w.IsStatic() {
				c.Risk(KindOption, "set", "changes your shell's options (computed at run time)")
				return
			}
			v := w.Value
			switch {
			case v == "--" || v == "-":
				return
			case (v == "-o" || v == "+o") && i+1 == len(args):
				return // prints the options
			case strings.HasPrefix(v, "-") || strings.HasPrefix(v, "+"):
				c.Risk(KindOption, "set "+v, "changes your shell's options ("+FirstLine(c.Unit().String())+"): history, tracing, exiting on errors… stay changed after the command")
				return
			default:
				return // positional parameters
			}
		}
	case "shopt":
		for _, w := range args {
			if !w.IsStatic() {
				c.Risk(KindOption, "shopt", "changes your shell's options (computed at run time)")
				return
			}
			if strings.HasPrefix(w.Value, "-") && strings.ContainsAny(w.Value, "su") {
				c.Risk(KindOption, "shopt "+w.Value, "changes your shell's options ("+FirstLine(c.Unit().String())+"), which stay changed after the command")
				return
			}
		}
	}
}

// inShellNow reports whether what the walk is at runs in the user's
// shell itself: InShell, and in no subshell.
func (a *Analyzer) inShellNow() bool { return a.InShell && a.subshells == 0 }
