package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// Options of interactive and developer tools that run commands.

// lessCmd flags initial commands that run programs (less +'!cmd') and
// log files.
func lessCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		switch {
		case strings.HasPrefix(v, "+") && !plainLessStart(v[1:]):
			c.Risk(analysis.KindOption, c.Base+" +cmd", "initial commands can run programs (!, |) or save the input to a file (s)")
		case strings.HasPrefix(v, "-o") || strings.HasPrefix(v, "-O") || longOpt(v, "--log-file") || longOpt(v, "--LOG-FILE"):
			c.Risk(analysis.KindOption, c.Base+" -o", "writes a log file")
		case strings.HasPrefix(v, "-k") || longOpt(v, "--lesskey-file") || longOpt(v, "--lesskey-src") ||
			longOpt(v, "--lesskey-content"):
			c.Risk(analysis.KindOption, c.Base+" -k", "reads key bindings, which can set LESSOPEN to a command")
		}
	})
}

// plainLessStart reports whether a less initial command only moves:
// +F, +G, +g, +N (a line), +/pattern, +?pattern, +:N.
func plainLessStart(s string) bool {
	switch {
	case s == "F" || s == "G" || s == "g" || s == "" || s == "R":
		return true
	case strings.HasPrefix(s, "/") || strings.HasPrefix(s, "?"):
		return !strings.ContainsAny(s, "!|")
	}
	s = strings.TrimPrefix(s, ":")
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return i > 0 && (s[i:] == "g" || s[i:] == "G" || s[i:] == "%")
		}
	}
	return s != ""
}

// outputOperand flags programs that write to their second operand:
// uniq IN OUT, xxd IN OUT.
func outputOperand(c *analysis.Cmd) {
	args := c.Args
	withArg := map[string]optSpec{
		"xxd":  {short: "clsgon"},
		"uniq": {short: "fsw", long: []string{"--skip-fields", "--skip-chars", "--check-chars"}},
	}[c.Base]
	var ops []analysis.Word
	for i := 0; i < len(args); i++ {
		w := args[i]
		if w.IsStatic() && len(w.Value) > 1 && w.Value[0] == '-' {
			v := w.Value
			if v == "--" {
				ops = append(ops, args[i+1:]...)
				break
			}
			// -l 64: the value of an option is not an operand.
			if len(v) == 2 && strings.IndexByte(withArg.short, v[1]) >= 0 || contains(withArg.long, v) ||
				strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && len(v) > 2 && c.Base == "xxd" &&
					(v == "-len" || v == "-seek" || v == "-cols" || v == "-groupsize" || v == "-offset" || v == "-name") {
				i++
			}
			continue
		}
		ops = append(ops, w)
	}
	if len(ops) >= 2 && !(ops[1].IsStatic() && analysis.HarmlessWrite(ops[1].Value)) {
		c.Risk(analysis.KindOption, c.Base+" output", "writes to "+ops[1].String())
	}
}

// outputOption flags -o/--output style options of programs that
// otherwise only print: shuf -o, iconv -o, openssl -out, yq -i.
func outputOption(c *analysis.Cmd) {
	scanOpts(c.Args, func(i int, v string) {
		switch c.Base {
		case "openssl":
			switch v {
			case "-out", "-keyout":
				c.Risk(analysis.KindOption, "openssl "+v, "writes to a file")
			case "engine", "-engine", "-provider", "-provider-path", "-config":
				c.Risk(analysis.KindOption, "openssl "+v, "loads a library or configuration, which can run code")
			case "s_client":
				c.Unit().Download = true // its output is data from the server
			}
		case "yq":
			if v == "-i" || longOpt(v, "--inplace") {
				c.Risk(analysis.KindOption, "yq -i", "edits files in place")
			}
			if v == "-s" || longOpt(v, "--split-exp") {
				c.Risk(analysis.KindOption, "yq -s", "writes each document to a file it names")
			}
		case "ag":
			if longOpt(v, "--pager") {
				c.Risk(analysis.KindOption, "ag --pager", "runs a pager command of its choosing")
			}
		case "make", "gmake":
			if longOpt(v, "--eval") {
				c.Risk(analysis.KindOption, "make --eval", "runs makefile code given on the command line")
			}
			if name, val, ok := strings.Cut(v, "="); ok && (name == "SHELL" || name == "MAKEFLAGS" || name == "MAKESHELL" ||
				name == ".SHELLFLAGS" || strings.Contains(val, "$(shell") || strings.Contains(val, "${shell")) {
				c.Risk(analysis.KindOption, "make "+name+"=", "changes the shell make runs recipes with, or runs a command")
			}
			if v == "-E" || strings.HasPrefix(v, "-E") {
				c.Risk(analysis.KindOption, "make -E", "runs makefile code given on the command line")
			}
			if (v == "-f" || longOpt(v, "--file") || longOpt(v, "--makefile")) && i+1 < len(c.Args) && c.Args[i+1].Value == "-" || v == "-f-" {
				c.Risk(analysis.KindOption, "make -f -", "reads a makefile from its standard input")
			}
		default:
			if v == "-o" || strings.HasPrefix(v, "-o") && !strings.HasPrefix(v, "--") || longOpt(v, "--output") {
				c.Risk(analysis.KindOption, c.Base+" -o", "writes to a file")
			}
		}
	})
}

// dbShell flags database clients given commands that run programs or
// write files: sqlite3 .shell/.system/.output at the start of a line,
// psql \! \o \g \w \copy anywhere, mysql system.
func dbShell(c *analysis.Cmd) {
	for _, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		switch w.Value {
		case "-init", "-f", "--file", "-cmd", "--init-command":
			c.Risk(analysis.KindEval, c.Base+" "+w.Value, "runs the commands in a file or option at start")
			return
		}
		if reason := dbEscape(w.Value); reason != "" {
			c.Risk(analysis.KindInlineCode, c.Base+" command", reason)
			return
		}
	}
}

func dbEscape(v string) string {
	l := strings.ToLower(v)
	for _, bad := range []string{"to program", "from program", "edit(", "load_extension", "\\i ", "\\ir ", "\\lo_export",
		"\\lo_import", "\\copy", "\\o", "\\w ", "\\g ", "\\!", "\\setenv", "\\gexec"} {
		if strings.Contains(l, bad) {
			return "client command or SQL that runs a program, reads or writes a file: " + strings.TrimSpace(bad)
		}
	}
	for _, line := range strings.FieldsFunc(l, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, ".") && !strings.HasPrefix(line, ".tables") && !strings.HasPrefix(line, ".schema") &&
			!strings.HasPrefix(line, ".headers") && !strings.HasPrefix(line, ".mode") && !strings.HasPrefix(line, ".indexes") &&
			!strings.HasPrefix(line, ".databases") && !strings.HasPrefix(line, ".width") && !strings.HasPrefix(line, ".timer") {
			// sqlite3 dot-commands take any unambiguous prefix (.sys is
			// .system): only the ones that show things are let through.
			return "sqlite3 dot-command that may run a program or read or write a file: " + line
		}
		for _, word := range []string{"system", "pager", "tee", "source", "\\."} {
			if strings.HasPrefix(line, word) {
				return "mysql client command that runs a program or reads or writes a file: " + word
			}
		}
	}
	if l := strings.ToLower(v); strings.Contains(l, "attach ") || strings.Contains(l, "vacuum into") {
		return "SQL that writes another database file: ATTACH, VACUUM INTO"
	}
	for _, esc := range []string{`\!`, `\o `, `\g `, `\w `, `\copy`, `\gexec`} {
		if strings.Contains(v, esc) {
			return "client command that runs a program or writes a file: " + strings.TrimSpace(esc)
		}
	}
	for _, line := range strings.FieldsFunc(v, func(r rune) bool { return r == '\n' || r == ';' }) {
		line = strings.TrimSpace(line)
		if strings.Contains(strings.ToLower(line), "load_extension") {
			return "SQL that loads a library into the client: load_extension"
		}
		for _, dot := range []string{".shell", ".system", ".output", ".once", ".load", ".excel", "system ", ".import", ".save", ".backup", ".log"} {
			if strings.HasPrefix(line, dot) {
				return "client command that runs a program or writes a file: " + strings.TrimSpace(dot)
			}
		}
	}
	return ""
}

// edCmd flags ed scripts fed on standard input: ! runs a command.
func edCmd(c *analysis.Cmd) {
	if c.In.Here {
		c.Unit().StdinCode = true
		c.Risk(analysis.KindInlineCode, "ed stdin", "runs an ed script, which can run commands")
	}
}

func gdbCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		for _, o := range []string{"-ex", "--ex", "-x", "--command", "-iex", "-ix", "--eval-command", "--init-eval-command", "--init-command"} {
			if longOpt(v, o) {
				c.Risk(analysis.KindOption, "gdb "+o, "runs debugger commands, which can run programs")
				return
			}
		}
	})
}

// tmuxCmd flags tmux commands that start programs or type into panes.
func tmuxCmd(c *analysis.Cmd) {
	for _, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		switch w.Value {
		case "new", "new-session", "new-window", "neww", "split-window", "splitw", "send-keys", "send",
			"run-shell", "run", "respawn-pane", "respawnp", "respawn-window", "respawnw", "if-shell", "if", "pipe-pane", "pipep", "source-file", "source":
			c.Risk(analysis.KindWrapper, "tmux "+w.Value, "runs commands in a terminal multiplexer")
			// The last word is usually the shell command to run: check
			// it as code, so that a catastrophe in it is denied.
			if last := c.Args[len(c.Args)-1]; last.IsStatic() && last.Value != w.Value && !strings.HasPrefix(last.Value, "-") {
				c.Analyzer.Code(last.Value, "tmux "+w.Value, c.Unit().Pos)
			}
			return
		}
	}
}

func screenCmd(c *analysis.Cmd) {
	i := (optSpec{short: "cdDhLlmpRrSsTtUxX"}).skip(c.Args, 0)
	if i < len(c.Args) || analysis.FlagsOf(c.Args).Has('X') {
		c.Risk(analysis.KindWrapper, "screen", "runs commands in a terminal multiplexer")
	}
	if i < len(c.Args) {
		c.Inner(c.Args[i:], "screen") // screen -dm rm -rf /
	}
}

func cargoCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		if longOpt(v, "--config") || v == "-Z" {
			c.Risk(analysis.KindOption, "cargo --config", "changes cargo configuration, which can name programs it runs")
		}
	})
}

func npmCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		if longOpt(v, "--script-shell") || longOpt(v, "--userconfig") || longOpt(v, "--globalconfig") {
			c.Risk(analysis.KindOption, c.Base+" "+v, "changes npm configuration, which can name programs it runs")
		}
	})
	if len(c.Args) > 0 && c.Args[0].IsStatic() && (c.Args[0].Value == "config" || c.Args[0].Value == "set") {
		for _, w := range c.Args[1:] {
			if w.IsStatic() && (w.Value == "set" || w.Value == "edit") {
				c.Risk(analysis.KindOption, "npm config set", "changes npm configuration, which can name programs it runs")
				break
			}
		}
	}
	if execCode(c) {
		return
	}
	runnerCmd(c)
}

// execCode checks npm exec -c 'code' and npx -c 'code': the string runs
// in a shell.
func execCode(c *analysis.Cmd) bool {
	for i, w := range c.Args {
		if w.IsStatic() && (w.Value == "-c" || w.Value == "--call") && i+1 < len(c.Args) {
			c.Risk(analysis.KindWrapper, c.Base+" -c", "runs a string as shell code")
			c.Code(c.Args[i+1], c.Base+" -c")
			return true
		}
	}
	return false
}

// containerCmd flags container runs that hand the container the host:
// --privileged, the host's namespaces, its root or docker's socket.
func containerCmd(c *analysis.Cmd) {
	if len(c.Args) == 0 || !c.Args[0].IsStatic() {
		return
	}
	switch c.Args[0].Value {
	case "run", "create", "exec":
	default:
		return
	}
	args := c.Args[1:]
	val := func(i int) string {
		if i < len(args) {
			if v, ok := c.Analyzer.Resolve(args[i]); ok {
				return c.Analyzer.ExpandHome(v)
			}
		}
		return ""
	}
	for i, w := range args {
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		if (v == "--pid" || v == "--net" || v == "--network" || v == "--ipc" || v == "--userns" || v == "--uts") && val(i+1) == "host" {
			v += "=host" // --pid host
		}
		mount := ""
		switch {
		case v == "--privileged" || longOpt(v, "--cap-add") || longOpt(v, "--security-opt") || longOpt(v, "--device"):
			c.Risk(analysis.KindOption, c.Base+" "+v, "gives the container powers over the host")
			return
		case v == "--pid=host" || v == "--net=host" || v == "--network=host" || v == "--ipc=host" || v == "--userns=host" || v == "--uts=host":
			c.Risk(analysis.KindOption, c.Base+" "+v, "shares the host's namespaces with the container")
			return
		case (v == "-v" || v == "--volume" || v == "--mount") && i+1 < len(args):
			mount = val(i + 1)
			if mount == "" && !strings.Contains(strings.ToLower(args[i+1].Value), "pwd") {
				c.Risk(analysis.KindOption, c.Base+" -v", "mounts a host path computed at run time into the container")
				return
			}
		case strings.HasPrefix(v, "-v") && !strings.HasPrefix(v, "--"):
			mount = strings.TrimPrefix(v[2:], "=")
		case strings.HasPrefix(v, "--volume=") || strings.HasPrefix(v, "--mount="):
			_, mount, _ = strings.Cut(v, "=")
		}
		if mount == "" {
			continue
		}
		src, _, _ := strings.Cut(mount, ":")
		for _, f := range strings.Split(mount, ",") {
			// --mount type=bind,source=/,target=/host
			if k, v, ok := strings.Cut(f, "="); ok && (k == "source" || k == "src") {
				src = v
			}
		}
		if home := c.Analyzer.Home(); home != "" && (src == home || strings.HasPrefix(src, home+"/")) {
			src = "~" + src[len(home):]
		}
		if src == "/" || strings.Contains(mount, "docker.sock") || src == "~" || strings.HasPrefix(src, "~/.") || strings.HasPrefix(src, "$HOME") ||
			strings.HasPrefix(src, "/etc") || strings.HasPrefix(src, "/root") || strings.HasPrefix(src, "/proc") ||
			strings.HasPrefix(src, "/sys") || strings.HasPrefix(src, "/dev") || strings.HasPrefix(src, "/var/run") || strings.HasPrefix(src, "/boot") {
			c.Risk(analysis.KindOption, c.Base+" -v "+src, "mounts the host's files into the container")
			return
		}
	}
}

// packageRunnerCmd is npx and its kin: they download a package and run it.
func packageRunnerCmd(c *analysis.Cmd) {
	c.Unit().Download = true
	c.Risk(analysis.KindWrapper, c.Base, "downloads a package and runs it")
	execCode(c)
}

// stdinCommands is for programs that run the commands on their standard
// input (ed, ex, vim -es, dc, m4, gdb, sqlite3, psql, mysql, sftp -b -):
// commands piped or redirected in may run programs or write files.
func stdinCommands(next analysis.Handler) analysis.Handler {
	return func(c *analysis.Cmd) {
		if c.In.Piped || c.In.Here || c.In.Redirected {
			c.Risk(analysis.KindInlineCode, c.Base+" stdin", "runs the commands on its standard input, which can run programs or write files")
		}
		if next != nil {
			next(c)
		}
	}
}

// riskyOptions flags the listed options (long ones also abbreviated).
func riskyOptions(reason string, opts ...string) analysis.Handler {
	return func(c *analysis.Cmd) {
		scanOpts(c.Args, func(_ int, v string) {
			for _, o := range opts {
				if strings.HasPrefix(o, "--") && longOpt(v, o) || v == o || !strings.HasPrefix(o, "--") && len(o) == 2 && strings.HasPrefix(v, o) {
					c.Risk(analysis.KindOption, c.Base+" "+o, reason)
					return
				}
			}
		})
	}
}

// registerCommandReaders runs after the other registrations: it wraps
// the handlers of programs that read commands on standard input.
func registerCommandReaders(t *tableSet) {
	t.handlers["kubectl"] = riskyOptions("reads a kubeconfig, which can name commands it runs", "--kubeconfig")
	t.handlers["tree"] = riskyOptions("writes to a file", "-o")
	t.handlers["journalctl"] = riskyOptions("deletes or rotates logs", "--vacuum-size", "--vacuum-time", "--vacuum-files", "--rotate", "--flush")
	t.handlers["sftp"] = riskyOptions("runs batch commands or another server program", "-b", "-D", "-S")
	for _, n := range []string{"ed", "ex", "dc", "m4", "gdb", "bc"} {
		t.handlers[n] = stdinCommands(t.handlers[n])
	}
	t.handlers["m4"] = stdinCommands(func(c *analysis.Cmd) {
		c.Risk(analysis.KindInlineCode, "m4", "expands macros, and syscmd/esyscmd run commands")
	})
	t.handlers["dc"] = stdinCommands(func(c *analysis.Cmd) {
		for _, w := range c.Args {
			if !w.IsStatic() || strings.Contains(w.Value, "!") || !strings.HasPrefix(w.Value, "-") {
				c.Risk(analysis.KindInlineCode, "dc", "runs dc code, where ! runs a command")
				return
			}
		}
	})
	for _, n := range []string{"sqlite3", "psql", "mysql", "mariadb"} {
		t.handlers[n] = stdinCommands(t.handlers[n])
	}
	t.handlers["vim"] = stdinCommands(t.handlers["vim"])
	t.handlers["nvim"] = stdinCommands(t.handlers["nvim"])
}

func registerTools(t *tableSet) {
	for _, n := range []string{"docker", "podman", "nerdctl"} {
		t.handlers[n] = containerCmd
	}
	for _, n := range []string{"npx", "bunx", "pnpx"} {
		t.handlers[n] = packageRunnerCmd
	}
	t.handlers["uniq"] = outputOperand
	t.handlers["xxd"] = outputOperand
	for _, n := range []string{"shuf", "iconv", "openssl", "yq", "ag", "make", "gmake", "base64"} {
		t.handlers[n] = outputOption
	}
	for _, n := range []string{"sqlite3", "psql", "mysql", "mariadb"} {
		t.handlers[n] = dbShell
	}
	t.handlers["ed"] = edCmd
	t.handlers["less"] = lessCmd
	t.handlers["more"] = lessCmd
	t.handlers["gdb"] = gdbCmd
	t.handlers["tmux"] = tmuxCmd
	t.handlers["screen"] = screenCmd
	t.handlers["cargo"] = cargoCmd
	t.handlers["npm"] = npmCmd
	t.handlers["pnpm"] = npmCmd
	t.handlers["yarn"] = npmCmd
}

func unzipCmd(c *analysis.Cmd) {
	if d, ok := analysis.DirOption(c.Args, "-d", ""); ok {
		c.IntoDir(d, "extracts")
	} else if us := optionUses(c.Args, "dxPIO", 'd', ""); len(us) > 0 {
		c.IntoDir(us[0].val, "extracts") // unzip -od.. x.zip
	} else if c.Analyzer.Cwd != "" {
		c.IntoDir(analysis.Word{Value: "."}, "extracts")
	}
}

func registerUnzip(t *tableSet) {
	t.handlers["unzip"] = unzipCmd
}
