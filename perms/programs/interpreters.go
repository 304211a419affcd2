package programs

import (
	"slices"
	"strings"

	"nosh/perms/analysis"
)

// Shells and interpreters run code from a -c/-e argument, a script file,
// or standard input. Code on the command line is analysed when it is
// shell code; any other inline code, and any program read from standard
// input, is a risky construct. A script file is not: running
// "python3 tool.py" needs a rule naming it.

// noshCmd is nosh itself: a shell, except for its subcommands. Those
// that change the permission rules are denied: the AI may never change
// its own permissions.
func noshCmd(c *analysis.Cmd) {
	if len(c.Args) > 0 && c.Args[0].IsStatic() {
		switch c.Args[0].Value {
		case "perms":
			if len(c.Args) > 1 {
				switch v := c.Args[1]; {
				case !v.IsStatic():
					c.Catastrophe("runs a nosh perms subcommand computed at run time, which may change the permission rules: the AI may never change its own permissions")
				case v.Value == "allow" || v.Value == "deny" || v.Value == "rm":
					c.Catastrophe("changes nosh's permission rules: the AI may never change its own permissions (type it yourself)")
				}
			}
			return
		case "ask", "doctor", "log":
			return
		}
	}
	shellCmd(c)
}

func shellCmd(c *analysis.Cmd) {
	hasC, stdin := false, false
	i := 0
scan:
	for ; i < len(c.Args); i++ {
		w := c.Args[i]
		if !w.IsStatic() {
			break
		}
		v := w.Value
		switch {
		case v == "--" || v == "-":
			stdin = stdin || v == "-"
			i++
			break scan
		case v == "--version" || v == "--help":
			return
		case strings.HasPrefix(v, "--"):
			name, _, hasValue := strings.Cut(v, "=")
			switch name {
			case "--rcfile", "--init-file":
				c.Risk(analysis.KindEval, c.Base+" "+name, "runs the commands in a startup file")
				if !hasValue {
					i++
				}
			case "--command":
				hasC = true
				if hasValue {
					c.Risk(analysis.KindWrapper, c.Base+" -c", "runs a string as shell code")
					c.Code(analysis.Word{Value: strings.TrimPrefix(v, name+"=")}, c.Base+" -c")
					return
				}
			}
		case len(v) > 1 && (v[0] == '-' || v[0] == '+'):
			for j := 1; j < len(v); j++ {
				switch v[j] {
				case 'c':
					hasC = true
				case 's':
					stdin = true
				case 'o', 'O':
					i++
				}
			}
		default:
			break scan
		}
	}
	ops := c.Args[min(i, len(c.Args)):]
	if hasC {
		c.Risk(analysis.KindWrapper, c.Base+" -c", "runs a string as shell code")
		if len(ops) > 0 {
			c.CodeArg = i
			// sh -c 'rm -rf "$1"' _ /: the words after the code are $0,
			// $1…, known to the code's analysis.
			restore := c.Analyzer.BindPositional(ops[1:], true)
			c.Code(ops[0], c.Base+" -c")
			restore()
			if !ops[0].IsStatic() {
				c.Unit().StdinCode = true // computed code, maybe from a pipe
			}
		} else {
			// The code is appended later, as by xargs: it is input.
			c.Unit().StdinCode = true
		}
		return
	}
	if stdin || len(ops) == 0 || ops[0].IsStatic() && analysis.IsStdinPath(ops[0].Value) {
		c.ReadsStdinCode()
		return
	}
	if !ops[0].IsStatic() || strings.HasPrefix(ops[0].Value, "/dev/fd/") || strings.HasPrefix(ops[0].Value, "/proc/self/fd/") {
		// bash <(echo 'touch x'), sh /dev/fd/3 3<<'EOF'
		c.Risk(analysis.KindInlineCode, c.Base+" computed", "runs a script whose text or path is computed at run time")
	}
	c.CodeArg = i
}

// interpSpec describes how an interpreter takes its program.
type interpSpec struct {
	code     string   // short options whose argument is code: python "c", perl "eE"
	codeLong []string // long options whose argument is code
	module   string   // short options naming a module to run instead of a script
	arg      string   // short options taking an argument (attached or next word)
	argLong  []string // long options taking the next word as argument
	inPlace  string   // short options that edit files in place
	digits   string   // short options taking only attached digits: perl -l, -0
	version  string   // short options that print a version or help and exit
}

// interpretersTable returns the options of each interpreter other than
// the shells.
func interpretersTable() map[string]interpSpec {
	return map[string]interpSpec{
		"python":    {code: "c", module: "m", arg: "WX", version: "Vh"},
		"pypy":      {code: "c", module: "m", arg: "WX", version: "Vh"},
		"node":      {code: "ep", codeLong: []string{"--eval", "--print"}, arg: "r", argLong: []string{"--require", "--import", "--loader", "--experimental-loader", "--input-type", "--env-file"}, version: "vh"},
		"nodejs":    {code: "ep", codeLong: []string{"--eval", "--print"}, arg: "r", argLong: []string{"--require", "--import"}, version: "vh"},
		"bun":       {code: "e", codeLong: []string{"--eval", "--print"}, version: "vh"},
		"perl":      {code: "eE", arg: "IMmxCdDF", inPlace: "i", digits: "l0", version: "vVh"},
		"ruby":      {code: "e", arg: "IrCEFWTxK", inPlace: "i", digits: "l0", version: "h"},
		"php":       {code: "rBRE", arg: "cdz", version: "vh"},
		"lua":       {code: "e", arg: "l"},
		"luajit":    {code: "e", arg: "lj"},
		"Rscript":   {code: "e"},
		"R":         {code: "e"},
		"osascript": {code: "e", arg: "l"},
		"tclsh":     {},
		"wish":      {},
		"expect":    {code: "c"},
		"irb":       {},
		"jshell":    {},
		"julia":     {code: "eE", arg: "LJ"},
		"guile":     {code: "c", arg: "lLe"},
		"racket":    {code: "e", arg: "ftlr"},
		"elixir":    {code: "e", codeLong: []string{"--eval"}, arg: "r"},
		"clojure":   {code: "e"},
		"groovy":    {code: "e"},
		"scala":     {code: "e"},
		"ghc":       {code: "e"},
		"swipl":     {code: "g", arg: "flstx"},
		"qjs":       {code: "e", arg: "I"},
		"gjs":       {code: "c"},
		"janet":     {code: "e"},
		"bb":        {code: "e"},
		"kotlin":    {code: "e"},
		"clisp":     {code: "x"},
		"sbcl":      {codeLong: []string{"--eval"}, argLong: []string{"--load", "--script"}},
	}
}

func interpreterCmd(c *analysis.Cmd) {
	specs := tables().interpreters
	spec, ok := specs[c.Base]
	if !ok {
		spec = specs[TrimVersion(c.Base)]
	}
	ws := c.Args
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			// python3 <(echo 'code'), python3 "$script": the program is
			// computed at run time.
			c.Risk(analysis.KindInlineCode, c.Base+" computed", "runs a program whose text or path is computed at run time")
			c.CodeArg = i
			return
		}
		v := w.Value
		switch {
		case v == "--":
			if i+1 < len(ws) {
				c.CodeArg = i + 1
				return
			}
			c.ReadsStdinCode()
			return
		case v == "-":
			c.ReadsStdinCode()
			return
		case v == "--version" || v == "--help" || len(v) == 2 && v[0] == '-' && strings.IndexByte(spec.version, v[1]) >= 0:
			return
		case strings.HasPrefix(v, "--"):
			var done bool
			if i, done = interpreterLongOption(c, spec, ws, i); done {
				return
			}
		case len(v) > 1 && v[0] == '-':
			var done bool
			if i, done = interpreterOptions(c, spec, ws, i); done {
				return
			}
		default:
			if analysis.IsStdinPath(v) {
				c.ReadsStdinCode() // python3 /dev/stdin <<< 'code'
				return
			}
			if strings.HasPrefix(v, "/dev/fd/") || strings.HasPrefix(v, "/proc/self/fd/") {
				c.Risk(analysis.KindInlineCode, c.Base+" "+v, "runs a program fed through a file descriptor") // python3 /dev/fd/3 3<<< 'code'
			}
			c.CodeArg = i
			return
		}
	}
	c.ReadsStdinCode()
}

// interpreterLongOption reads the --option at ws[i] (with its value):
// one that runs code given on the command line ends the walk (done).
// It returns the index of the option's last word.
func interpreterLongOption(c *analysis.Cmd, spec interpSpec, ws []analysis.Word, i int) (last int, done bool) {
	v := ws[i].Value
	name, _, hasValue := strings.Cut(v, "=")
	if contains(spec.codeLong, name) {
		inlineCode(c, name, i, hasValue)
		return i, true
	}
	if contains(spec.argLong, name) {
		val := strings.TrimPrefix(v, name+"=")
		if !hasValue {
			i++
			if i < len(ws) {
				val = ws[i].Value
			}
		}
		if strings.HasPrefix(val, "data:") {
			// node --import 'data:text/javascript,…'
			c.Risk(analysis.KindInlineCode, c.Base+" "+name, "loads code given on the command line")
		}
	}
	return i, false
}

// interpreterOptions reads the cluster of one-letter options at ws[i]
// (with the value of the last): one that runs code given on the command
// line or a module ends the walk (done). It returns the index of the
// cluster's last word.
func interpreterOptions(c *analysis.Cmd, spec interpSpec, ws []analysis.Word, i int) (last int, done bool) {
	v := ws[i].Value
	for j := 1; j < len(v); j++ {
		ch := v[j]
		rest := v[j+1:]
		switch {
		case strings.IndexByte(spec.code, ch) >= 0:
			inlineCode(c, "-"+string(ch), i, rest != "")
			return i, true
		case strings.IndexByte(spec.module, ch) >= 0:
			mod, next := rest, i+1
			if mod == "" && i+1 < len(ws) {
				mod, next = ws[i+1].Value, i+2
			}
			interpreterModule(c, mod, ws, next)
			return i, true
		case strings.IndexByte(spec.inPlace, ch) >= 0:
			c.Risk(analysis.KindOption, c.Base+" -"+string(ch), "edits files in place")
			j = len(v)
		case strings.IndexByte(spec.digits, ch) >= 0:
			// -l and -0 take octal digits, -0 also xHEX: in
			// -wle CODE the e is not a digit but the code option.
			if ch == '0' && j+1 < len(v) && (v[j+1] == 'x' || v[j+1] == 'X') {
				j++
				for j+1 < len(v) && isHexDigitOrX(v[j+1]) && v[j+1] != 'x' {
					j++
				}
				break
			}
			for j+1 < len(v) && v[j+1] >= '0' && v[j+1] <= '7' {
				j++
			}
		case strings.IndexByte(spec.arg, ch) >= 0:
			val := rest
			if rest == "" {
				i++
				if i < len(ws) {
					val = ws[i].Value
				}
			}
			interpreterArg(c, ch, val)
			j = len(v)
		}
	}
	return i, false
}

// interpreterModule flags python -m MODULE where the module runs code
// given on the command line or on standard input, or serves files. ws[next:]
// are the module's arguments.
func interpreterModule(c *analysis.Cmd, mod string, ws []analysis.Word, next int) {
	if r, ok := runnerModuleSpec(mod); ok && runnerModule(c, mod, r, ws, next) {
		return
	}
	switch mod {
	case "timeit":
		c.Risk(analysis.KindInlineCode, c.Base+" -m timeit", "runs Python code given on the command line")
	case "http.server", "SimpleHTTPServer", "CGIHTTPServer", "smtpd", "xmlrpc.server", "pydoc":
		c.Risk(analysis.KindOption, c.Base+" -m "+mod, "serves files or documentation over the network")
	case "sqlite3":
		if len(ws) > next+1 {
			// python3 -m sqlite3 DB "ATTACH '/x' AS y; VACUUM INTO …"
			c.Risk(analysis.KindInlineCode, c.Base+" -m sqlite3", "runs SQL given on the command line, which can write any file")
		}
	case "pip", "pip3":
		// (deny rules for pip see python3 -m pip: see
		// moduleArgv)
	case "code", "pdb", "IPython", "ptpython", "bpython", "idlelib", "idlelib.idle", "asyncio":
		// An interactive console: what is fed to it is code.
		if c.In.Here || c.In.Piped || c.In.Redirected {
			c.ReadsStdinCode()
		}
	}
}

// runnerSpec says which options of a module that runs another program
// (a debugger, a profiler, a console) are harmless, which name the module
// to run, and which take code.
type runnerSpec struct {
	flags  []string // options without a value
	values []string // options with a harmless value
	module []string // options whose value is the module to run
	code   []string // options whose value is code
	writes []string // options whose value is a file written
}

// runnerModuleSpec returns the spec of a module that runs a script, a
// module or code of its own: only the options listed are known, any other
// asks, and the module they run (python3 -m cProfile -m timeit CODE) is
// judged as if run by -m itself. A switch rather than a map literal, which
// every nosh, a `nosh -c true` too, would fill as it starts.
func runnerModuleSpec(mod string) (runnerSpec, bool) {
	switch mod {
	case "pdb":
		return runnerSpec{module: []string{"-m"}, code: []string{"-c", "--command"}}, true
	case "cProfile", "profile":
		return runnerSpec{module: []string{"-m"}, values: []string{"-s", "--sort"}, writes: []string{"-o", "--outfile"}}, true
	case "trace":
		return runnerSpec{module: []string{"--module"}, flags: []string{"-c", "--count", "-t", "--trace", "-l", "--listfuncs",
			"-T", "--trackcalls", "-m", "--missing", "-s", "--summary", "-g", "--timing", "--no-report"},
			values: []string{"--ignore-module", "--ignore-dir"}}, true
	case "IPython":
		return runnerSpec{code: []string{"-c", "--c"}}, true
	case "idlelib", "idlelib.idle":
		return runnerSpec{code: []string{"-c"}}, true
	}
	return runnerSpec{}, false
}

// runnerModule judges a runner module's options; it reports whether it
// judged what the module runs (another module), so that the caller need
// not judge the runner itself as a console.
func runnerModule(c *analysis.Cmd, mod string, r runnerSpec, ws []analysis.Word, next int) bool {
	has := func(list []string, o string) bool { return slices.Contains(list, o) }
	for i := next; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			c.Risk(analysis.KindInlineCode, c.Base+" -m "+mod+" computed", "runs a program whose text or path is computed at run time")
			return true
		}
		v := w.Value
		if v == "--" || !strings.HasPrefix(v, "-") || v == "-" {
			if v == "-" {
				c.ReadsStdinCode()
			}
			return false // the script and its arguments
		}
		name, val, attached := strings.Cut(v, "=")
		if !attached && !strings.HasPrefix(v, "--") && len(v) > 2 {
			// -mtimeit, -cCODE
			name, val, attached = v[:2], v[2:], true
		}
		word := func() analysis.Word {
			if attached {
				return analysis.Word{Value: val}
			}
			i++
			if i < len(ws) {
				return ws[i]
			}
			return analysis.Word{}
		}
		value := func() string { return word().Value }
		switch {
		case has(r.flags, name) && !attached:
		case has(r.values, name):
			value()
		case has(r.writes, name):
			w := word()
			c.Target(w, analysis.WriteFile, false)
			c.SensitiveWrite(w)
		case has(r.module, name):
			interpreterModule(c, value(), ws, i+1)
			return true
		case has(r.code, name):
			c.Risk(analysis.KindInlineCode, c.Base+" -m "+mod+" "+name, "runs code given on the command line")
			return true
		default:
			c.Risk(analysis.KindOption, c.Base+" -m "+mod+" "+name, "an option of "+mod+" the engine does not know (it may write a file or run code)")
			return true
		}
	}
	return false
}

// interpreterArg flags an option's value that is code: php -d
// auto_prepend_file=…, perl -M'POSIX;system …'.
func interpreterArg(c *analysis.Cmd, ch byte, val string) {
	if (c.Base == "php" || TrimVersion(c.Base) == "php") && ch == 'd' &&
		(strings.Contains(val, "auto_prepend_file") || strings.Contains(val, "auto_append_file")) {
		// php -d auto_prepend_file=data:…,<?php …: code run before the script.
		c.Risk(analysis.KindInlineCode, c.Base+" -d", "loads code before the script, from a setting given on the command line")
	}
	if (c.Base == "perl" || TrimVersion(c.Base) == "perl") && (ch == 'M' || ch == 'm') &&
		strings.ContainsAny(val, ";( \t{'\"") {
		// perl -M'POSIX;system q(…)': the module name is
		// pasted into a use statement, so it is code.
		c.Risk(analysis.KindInlineCode, c.Base+" -"+string(ch), "runs code given on the command line as a module name")
	}
}

func isHexDigitOrX(b byte) bool {
	return b >= '0' && b <= '9' || b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F' || b == 'x'
}

// inlineCode records code given on the command line to the interpreter;
// the code is in word i itself when attached, else in word i+1.
func inlineCode(c *analysis.Cmd, opt string, i int, attached bool) {
	c.Risk(analysis.KindInlineCode, c.Base+" "+opt, "runs code given on the command line")
	c.CodeArg = i
	if !attached && i+1 < len(c.Args) {
		c.CodeArg = i + 1
	}
}

// powershell takes -c/-Command/-EncodedCommand in any case.
func powershellCmd(c *analysis.Cmd) {
	for i, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		switch strings.ToLower(w.Value) {
		case "-c", "-command", "-e", "-ec", "-encodedcommand":
			inlineCode(c, w.Value, i, false)
			return
		case "-f", "-file":
			c.CodeArg = i + 1
			return
		}
	}
	c.ReadsStdinCode()
}

// deno eval CODE runs inline code; deno run runs a script or URL.
func denoCmd(c *analysis.Cmd) {
	if len(c.Args) > 0 && c.Args[0].IsStatic() && c.Args[0].Value == "eval" {
		inlineCode(c, "eval", 0, false)
		return
	}
	if len(c.Args) > 0 && c.Args[0].IsStatic() && c.Args[0].Value == "run" {
		if i := (optSpec{}).skip(c.Args, 1); i < len(c.Args) {
			c.CodeArg = i
			if c.Args[i].IsStatic() && analysis.IsStdinPath(c.Args[i].Value) {
				c.ReadsStdinCode()
			}
		}
	}
}

// at and batch read commands to run later from standard input or -f FILE.
func atCmd(c *analysis.Cmd) {
	fs := analysis.FlagsOf(c.Args)
	if fs.Has('l') || fs.Has('r') || fs.Has('c') || fs.Has('d') {
		return
	}
	if fs.Has('f') {
		c.Risk(analysis.KindEval, c.Base+" -f", "schedules the commands in a file to run later")
		return
	}
	c.Unit().StdinCode = true
	c.Risk(analysis.KindInlineCode, c.Base, "schedules commands from standard input to run later")
	if c.In.Known {
		// at now <<< 'rm -rf /': what it will run is checked now.
		c.Analyzer.Code(c.In.Code, c.Base, c.Unit().Pos)
	}
}

// crontab installs scheduled jobs unless it only lists them.
func crontabCmd(c *analysis.Cmd) {
	if analysis.FlagsOf(c.Args).Has('l') {
		return
	}
	c.Risk(analysis.KindOption, "crontab", "installs or removes scheduled jobs")
}

// isInterpreter reports whether name is an interpreter other than a shell.
func isInterpreter(name string) bool {
	specs := tables().interpreters
	_, ok := specs[name]
	if !ok {
		_, ok = specs[TrimVersion(name)]
	}
	return ok
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

func registerInterpreters(t *tableSet) {
	for _, name := range analysis.Shells() {
		t.handlers[name] = shellCmd
	}
	t.handlers["nosh"] = noshCmd
	for name := range t.interpreters {
		t.handlers[name] = interpreterCmd
	}
	t.handlers["pwsh"] = powershellCmd
	t.handlers["powershell"] = powershellCmd
	t.handlers["deno"] = denoCmd
	t.handlers["at"] = atCmd
	t.handlers["batch"] = atCmd
	t.handlers["crontab"] = crontabCmd
}
