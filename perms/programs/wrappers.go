package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// optSpec describes a command's options well enough to find where its
// operands start.
type optSpec struct {
	short string   // short options that take an argument
	long  []string // long options that take an argument unless given as --opt=value
}

// skip returns the index of the first operand in ws at or after from
// (len(ws) if there is none). A computed word ends the options: it may
// be an option or the operand.
func (s optSpec) skip(ws []analysis.Word, from int) int {
	return min(s.skipRaw(ws, from), len(ws))
}

func (s optSpec) skipRaw(ws []analysis.Word, from int) int {
	i := from
	for ; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			return i
		}
		v := w.Value
		if v == "--" {
			return i + 1
		}
		if len(v) < 2 || v[0] != '-' {
			return i
		}
		if strings.HasPrefix(v, "--") {
			if !strings.Contains(v, "=") {
				for _, l := range s.long {
					if v == l {
						i++
						break
					}
				}
			}
			continue
		}
		for j := 1; j < len(v); j++ {
			if strings.IndexByte(s.short, v[j]) >= 0 {
				if j == len(v)-1 {
					i++
				}
				break
			}
		}
	}
	return i
}

// wrapperSpec describes a command that runs the command given after its
// options (and maybe some operands).
type wrapperSpec struct {
	opts     optSpec
	operands int    // operands before the command: timeout DURATION, chroot DIR
	assigns  bool   // NAME=value words may come before the command
	reason   string // why it is risky; "" for runners that only need a rule
}

// wrappersTable returns the wrapper commands and how to find the command
// each runs.
func wrappersTable() map[string]wrapperSpec {
	return map[string]wrapperSpec{
		"sudo": {opts: optSpec{short: "ughpCDrtUTR", long: []string{"--user", "--group", "--host", "--prompt",
			"--close-from", "--chdir", "--role", "--type", "--other-user", "--command-timeout", "--chroot"}},
			assigns: true, reason: "runs the command after it as another user"},
		"doas":             {opts: optSpec{short: "uC"}, reason: "runs the command after it as another user"},
		"pkexec":           {opts: optSpec{long: []string{"--user"}}, reason: "runs the command after it as another user"},
		"nice":             {opts: optSpec{short: "n", long: []string{"--adjustment"}}, reason: "wrapper: runs the command after it at another priority"},
		"nohup":            {reason: "wrapper: keeps the command after it running when the shell exits"},
		"timeout":          {opts: optSpec{short: "sk", long: []string{"--signal", "--kill-after"}}, operands: 1, reason: "wrapper: runs the command after it with a time limit"},
		"time":             {opts: optSpec{short: "fo", long: []string{"--format", "--output"}}, reason: "wrapper: runs the command after it"},
		"stdbuf":           {opts: optSpec{short: "ioe", long: []string{"--input", "--output", "--error"}}, reason: "wrapper: runs the command after it"},
		"ionice":           {opts: optSpec{short: "cnpPuUt"}, reason: "wrapper: runs the command after it at another priority"},
		"chrt":             {opts: optSpec{short: "TPD"}, operands: 1, reason: "wrapper: runs the command after it with another scheduler"},
		"taskset":          {opts: optSpec{}, operands: 1, reason: "wrapper: runs the command after it on chosen CPUs"},
		"setsid":           {reason: "wrapper: runs the command after it in a new session"},
		"unbuffer":         {reason: "wrapper: runs the command after it"},
		"strace":           {opts: optSpec{short: "abeEIoOpPsSuUX"}, reason: "wrapper: runs and traces the command after it"},
		"ltrace":           {opts: optSpec{short: "aAeEfFlnoOpsuwxX"}, reason: "wrapper: runs and traces the command after it"},
		"valgrind":         {reason: "wrapper: runs the command after it"},
		"chroot":           {opts: optSpec{long: []string{"--userspec", "--groups"}}, operands: 1, reason: "runs the command after it in another root directory"},
		"systemd-run":      {opts: optSpec{short: "pEMHu", long: []string{"--unit", "--property", "--setenv", "--machine", "--host", "--description", "--slice", "--uid", "--gid", "--nice", "--working-directory"}}, reason: "runs the command after it as a system service"},
		"firejail":         {reason: "wrapper: runs the command after it in a sandbox"},
		"caffeinate":       {opts: optSpec{short: "tw"}, reason: "wrapper: runs the command after it"},
		"xvfb-run":         {opts: optSpec{short: "nsfepw"}, reason: "wrapper: runs the command after it"},
		"dbus-run-session": {reason: "wrapper: runs the command after it"},
		"nsenter":          {opts: optSpec{short: "tSGwrmuinpUC"}, reason: "runs the command after it in other namespaces"},
		"unshare":          {opts: optSpec{short: "SGRw"}, reason: "runs the command after it in new namespaces"},
		"torsocks":         {opts: optSpec{short: "aPu"}, reason: "wrapper: runs the command after it through a proxy"},
		"proxychains":      {opts: optSpec{short: "f"}, reason: "wrapper: runs the command after it through a proxy"},
		"proxychains4":     {opts: optSpec{short: "f"}, reason: "wrapper: runs the command after it through a proxy"},
		"catchsegv":        {reason: "wrapper: runs the command after it"},
		"entr":             {reason: "wrapper: runs the command after it whenever files change"},
		"doppler":          {reason: "wrapper: runs the command after it with secrets in its environment"},
		"chronic":          {opts: optSpec{short: ""}, reason: "wrapper: runs the command after it"},
		"ifne":             {reason: "wrapper: runs the command after it when its input is not empty"},
		"ssh-agent":        {opts: optSpec{short: "aEPt"}, reason: "wrapper: runs the command after it with an ssh agent"},
		"dbus-launch":      {reason: "wrapper: runs the command after it with a session bus"},
		"fakeroot":         {opts: optSpec{short: "ils"}, reason: "wrapper: runs the command after it as a fake root"},
		"eatmydata":        {reason: "wrapper: runs the command after it without fsync"},
		"run0":             {opts: optSpec{short: "uD", long: []string{"--user", "--chdir", "--setenv", "--property", "--unit", "--nice", "--slice"}}, reason: "runs the command after it as another user"},
		"systemd-inhibit":  {opts: optSpec{long: []string{"--what", "--who", "--why", "--mode"}}, reason: "wrapper: runs the command after it"},
		"setarch":          {opts: optSpec{}, operands: 1, reason: "wrapper: runs the command after it with another architecture"},
		"prlimit":          {opts: optSpec{short: "p"}, reason: "wrapper: runs the command after it with other limits"},
		"setpriv":          {opts: optSpec{long: []string{"--reuid", "--regid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--pdeathsig", "--selinux-label", "--apparmor-profile"}}, reason: "runs the command after it with other privileges"},
		"numactl":          {opts: optSpec{short: "NmCPiplu"}, reason: "wrapper: runs the command after it"},
		"cpulimit":         {opts: optSpec{short: "lpe"}, reason: "wrapper: runs the command after it"},
		"trickle":          {opts: optSpec{short: "udwtlLn"}, reason: "wrapper: runs the command after it"},
	}
}

// wrapper handles the commands in the wrappers table.
func wrapper(c *analysis.Cmd) {
	spec := tables().wrappers[c.Base]
	i := spec.opts.skip(c.Args, 0)
	if spec.assigns {
		for ; i < len(c.Args) && isAssignWord(c.Args[i]); i++ {
			name, _, _ := strings.Cut(c.Args[i].Value, "=")
			if reason, ok := analysis.DangerousVar(name); ok {
				c.Risk(analysis.KindAssign, name, reason)
			}
		}
	}
	for n := 0; n < spec.operands && i < len(c.Args); n++ {
		i++
	}
	if spec.reason != "" {
		c.Risk(analysis.KindWrapper, c.Base, spec.reason)
	}
	if c.Base == "time" || c.Base == "strace" || c.Base == "ltrace" {
		fs := analysis.FlagsOf(c.Args[:i])
		if fs.Has('o', "--output") {
			c.Risk(analysis.KindOption, c.Base+" -o", "writes its report to a file")
		}
	}
	if (c.Base == "sudo" || c.Base == "doas") && i >= len(c.Args) {
		fs := analysis.FlagsOf(c.Args)
		if fs.Has('s', "--shell") || fs.Has('i', "--login") {
			c.Risk(analysis.KindWrapper, c.Base+" shell", "opens a shell as another user")
			c.Unit().StdinCode = true // curl … | sudo -s
		}
		if c.Base == "sudo" && fs.Has('e', "--edit") {
			c.Risk(analysis.KindOption, "sudo -e", "edits files as another user")
		}
	}
	c.Inner(c.Args[i:], c.Base)
}

func isAssignWord(w analysis.Word) bool {
	if !w.IsStatic() {
		return false
	}
	name, _, ok := strings.Cut(w.Value, "=")
	return ok && analysis.IsName(name)
}

// env runs a command with a changed environment; -S splits a string into
// the command line.
func envCmd(c *analysis.Cmd) {
	spec := optSpec{short: "uCPS", long: []string{"--unset", "--chdir", "--split-string"}}
	ws := c.Args
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			break
		}
		v := w.Value
		var split string
		name, value, hasValue := strings.Cut(v, "=")
		switch {
		case strings.HasPrefix(v, "--") && analysis.LongName(name, "--split-string"):
			if hasValue {
				split = value
			} else if i+1 < len(ws) && ws[i+1].IsStatic() {
				split = ws[i+1].Value
			}
		case len(v) > 1 && v[0] == '-' && v[1] != '-' && shortHas(v, 'S', "uCPS"[:3]):
			// -S may come after other letters of a cluster (-iS'cmd'),
			// and takes the rest of it, or the next word.
			if rest := v[strings.IndexByte(v, 'S')+1:]; rest != "" {
				split = rest
			} else if i+1 < len(ws) && ws[i+1].IsStatic() {
				split = ws[i+1].Value
			}
		default:
			continue
		}
		// env -S 'cmd args' rest: the string becomes words before rest.
		c.Risk(analysis.KindWrapper, "env -S", "runs a command line split from a string")
		c.Code(analysis.Word{Value: split}, "env -S")
		return
	}
	i := spec.skip(ws, 0)
	known := envOptionsHarmless(ws[:i])
	for ; i < len(ws) && isAssignWord(ws[i]); i++ {
		name, value, _ := strings.Cut(ws[i].Value, "=")
		if name == "PATH" && systemPath(value) {
			continue // env PATH=/usr/bin:/bin cmd: only the system's programs
		}
		if reason, ok := analysis.DangerousVar(name); ok {
			c.Risk(analysis.KindAssign, name, reason)
		}
	}
	if i >= len(ws) {
		return // prints the environment
	}
	if !known {
		// -C DIR, -P PATH, --argv0…: the command runs elsewhere, or as
		// something else, than its words say.
		c.Risk(analysis.KindWrapper, "env", "wrapper: runs the command after it with a changed environment")
	}
	if us := optionUses(ws[:i], "uCPSa", 'C', "--chdir"); len(us) > 0 {
		// env -C DIR rm -rf x: the command's relative names are in DIR.
		defer c.Analyzer.EnterDir(us[len(us)-1].val)()
	}
	c.Inner(ws[i:], "env")
}

// envOptionsHarmless reports whether every word of env's options is one
// known to change nothing but the environment the command gets: with
// those the command is judged as if run directly (the variables are
// judged one by one).
func envOptionsHarmless(opts []analysis.Word) bool {
	for i := 0; i < len(opts); i++ {
		v := opts[i].Value
		name, _, _ := strings.Cut(v, "=")
		switch {
		case !opts[i].IsStatic():
			return false
		case v == "--" || v == "-" || v == "--ignore-environment" || v == "--null" || v == "--debug":
		case name == "--unset" || name == "--default-signal" || name == "--ignore-signal" || name == "--block-signal":
		case len(v) > 1 && v[0] == '-' && v[1] != '-':
			// A cluster of -i -0 -v, maybe ending in -u NAME.
			for j := 1; j < len(v); j++ {
				if v[j] == 'u' {
					if j == len(v)-1 {
						i++ // the name is the next word
					}
					break
				}
				if strings.IndexByte("i0v", v[j]) < 0 {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

// systemPath reports whether a PATH value lists only the system's own
// directories of programs (no empty entry, which is the current one).
func systemPath(v string) bool {
	for _, d := range strings.Split(v, ":") {
		switch strings.TrimSuffix(d, "/") {
		case "/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin":
		default:
			return false
		}
	}
	return true
}

// su runs a shell, or with -c a string of shell code, as another user.
func suCmd(c *analysis.Cmd) {
	c.Risk(analysis.KindWrapper, c.Base, "runs commands as another user")
	for i, w := range c.Args {
		if !w.IsStatic() {
			continue
		}
		switch {
		case w.Value == "-c" || w.Value == "--command":
			if i+1 < len(c.Args) {
				c.CodeArg = i + 1
				c.Code(c.Args[i+1], c.Base+" -c")
			}
			return
		case strings.HasPrefix(w.Value, "--command="):
			c.Code(analysis.Word{Value: strings.TrimPrefix(w.Value, "--command=")}, c.Base+" -c")
			return
		}
	}
	if c.Base == "runuser" {
		spec := optSpec{short: "ugGlsw"}
		if i := spec.skip(c.Args, 0); i < len(c.Args) {
			c.Inner(c.Args[i:], c.Base)
			return
		}
	}
	c.ReadsStdinCode()
}

// flock FILE CMD… or flock FILE -c CMD runs a command holding a lock.
func flockCmd(c *analysis.Cmd) {
	spec := optSpec{short: "wEc", long: []string{"--timeout", "--wait", "--conflict-exit-code", "--command"}}
	c.Risk(analysis.KindWrapper, "flock", "wrapper: runs the command after it holding a lock")
	for i, w := range c.Args {
		if w.IsStatic() && (w.Value == "-c" || w.Value == "--command") && i+1 < len(c.Args) {
			c.Code(c.Args[i+1], "flock -c")
			return
		}
	}
	i := spec.skip(c.Args, 0)
	if i+1 < len(c.Args) {
		c.Inner(c.Args[i+1:], "flock")
	}
}

// script -c CMD runs a command and writes a typescript file.
func scriptCmd(c *analysis.Cmd) {
	c.Risk(analysis.KindOption, "script", "records the terminal session to a file")
	for i, w := range c.Args {
		if w.IsStatic() && (w.Value == "-c" || longOpt(w.Value, "--command") || shortHas(w.Value, 'c', "cEefIOloT")) && i+1 < len(c.Args) {
			c.Risk(analysis.KindWrapper, "script -c", "runs a string as shell code")
			c.Code(c.Args[i+1], "script -c")
			return
		}
	}
}

// watch runs its arguments repeatedly through sh -c (or directly with -x).
func watchCmd(c *analysis.Cmd) {
	spec := optSpec{short: "nq", long: []string{"--interval", "--equexit"}}
	i := spec.skip(c.Args, 0)
	c.Risk(analysis.KindWrapper, "watch", "runs the command after it repeatedly")
	if analysis.FlagsOf(c.Args[:i]).Has('x', "--exec") {
		c.Inner(c.Args[i:], "watch")
		return
	}
	c.CodeWords(c.Args[i:], "watch")
}

// parallel runs a command template for every input; with no command it
// runs the input lines themselves.
func parallelCmd(c *analysis.Cmd) {
	spec := optSpec{short: "jSadEINnLlsCX", long: []string{"--jobs", "--sshlogin", "--arg-file", "--delimiter", "--colsep", "--results", "--joblog", "--tmpdir"}}
	i := spec.skip(c.Args, 0)
	end := i
	for end < len(c.Args) && !(c.Args[end].IsStatic() && strings.HasPrefix(c.Args[end].Value, ":::")) {
		end++
	}
	c.Risk(analysis.KindWrapper, "parallel", "runs a command for every line of input")
	if end == i {
		c.ReadsStdinCode()
		return
	}
	c.CodeWords(c.Args[i:end], "parallel")
	// parallel rm -rf ::: /: each value after ::: is put in place of {}
	// or appended; the command is checked with each static one.
	if end < len(c.Args) && c.Args[end].Value == ":::" {
		cmdWords := c.Args[i:end]
		for _, arg := range c.Args[end+1:] {
			val, ok := c.Analyzer.Resolve(arg)
			if !ok || strings.HasPrefix(val, ":::") {
				break
			}
			v := analysis.Word{Value: c.Analyzer.ExpandHome(val)}
			ws := make([]analysis.Word, 0, len(cmdWords)+1)
			placed := false
			for _, w := range cmdWords {
				if w.IsStatic() && strings.Contains(w.Value, "{}") {
					w = analysis.Word{Value: strings.ReplaceAll(w.Value, "{}", v.Value)}
					placed = true
				}
				ws = append(ws, w)
			}
			if !placed {
				ws = append(ws, v)
			}
			before := len(c.Analyzer.Units)
			c.Inner(ws, "parallel :::")
			if len(c.Analyzer.Units) > before+8 {
				break
			}
		}
	}
}

// multicall is busybox and toybox: the first argument names the applet.
func multicallCmd(c *analysis.Cmd) {
	if len(c.Args) == 0 {
		return
	}
	c.Harmless("multi-call binary: the applet it runs is checked below")
	c.Inner(c.Args, c.Base)
}

// runnersTable lists the tools that run a command in a project
// environment, with the subcommands that do: the tool needs a rule of its
// own, and the command it runs is checked as a unit.
func runnersTable() map[string][]string {
	return map[string][]string{
		"uv":     {"run"},
		"poetry": {"run"},
		"pipenv": {"run"},
		"pdm":    {"run"},
		"hatch":  {"run"},
		"conda":  {"run"},
		"bundle": {"exec"},
		"npm":    {"exec"},
		"pnpm":   {"exec", "dlx"},
		"yarn":   {"exec", "dlx"},
		"mise":   {"exec", "x"},
		"rbenv":  {"exec"},
		"pyenv":  {"exec"},
		"asdf":   {"exec"},
		"direnv": {"exec"},
		"nix":    {"shell", "develop"},
		"devbox": {"run"},
		"pixi":   {"run"},
	}
}

// runnerInner finds the command a runner tool's subcommand runs; it
// returns false if the unit is not such a runner.
func runnerInner(c *analysis.Cmd) ([]analysis.Word, bool) {
	subs, ok := tables().runners[c.Base]
	if !ok || len(c.Args) == 0 || !c.Args[0].IsStatic() {
		return nil, false
	}
	sub := c.Args[0].Value
	found := false
	for _, s := range subs {
		if s == sub {
			found = true
		}
	}
	if !found {
		return nil, false
	}
	rest := c.Args[1:]
	if c.Base == "direnv" && len(rest) > 0 {
		rest = rest[1:] // direnv exec DIR CMD
	}
	if c.Base == "nix" {
		for i, w := range rest {
			if w.IsStatic() && (w.Value == "-c" || w.Value == "--command") {
				return rest[i+1:], true
			}
		}
		return nil, true
	}
	i := optSpec{}.skip(rest, 0)
	return rest[i:], true
}

func runnerCmd(c *analysis.Cmd) {
	if inner, ok := runnerInner(c); ok {
		c.Inner(inner, c.Base+" "+c.Args[0].Value)
		return
	}
	// nix eval --expr …, nix run PKG: a subcommand that runs code, or a
	// program it fetches, not named as a command. (npm run runs the
	// project's own scripts, as a build tool does.)
	if len(c.Args) > 0 && c.Args[0].IsStatic() {
		switch sub := c.Args[0].Value; {
		case sub == "eval" || sub == "repl" || sub == "run" && c.Base == "nix":
			c.Risk(analysis.KindOption, c.Base+" "+c.Args[0].Value, "a subcommand that runs code or a program it fetches or builds, which the permission check cannot see")
		}
	}
}

func registerWrappers(t *tableSet) {
	for name := range t.wrappers {
		t.handlers[name] = wrapper
	}
	t.handlers["env"] = envCmd
	t.handlers["su"] = suCmd
	t.handlers["runuser"] = suCmd
	t.handlers["flock"] = flockCmd
	t.handlers["script"] = scriptCmd
	t.handlers["watch"] = watchCmd
	t.handlers["parallel"] = parallelCmd
	t.handlers["busybox"] = multicallCmd
	t.handlers["toybox"] = multicallCmd
	for name := range t.runners {
		if t.handlers[name] == nil {
			t.handlers[name] = runnerCmd
		}
	}
	// Commands that run a string as shell code after an option.
	codeAfter := func(ctx string, opts ...string) analysis.Handler {
		return func(c *analysis.Cmd) {
			c.Risk(analysis.KindWrapper, ctx, "runs a string as shell code")
			for i, w := range c.Args {
				if w.IsStatic() && contains(opts, w.Value) && i+1 < len(c.Args) {
					c.Code(c.Args[i+1], ctx)
					return
				}
			}
		}
	}
	t.handlers["sg"] = codeAfter("sg -c", "-c")
	t.handlers["capsh"] = codeAfter("capsh -c", "-c")
	t.handlers["xterm"] = func(c *analysis.Cmd) {
		for i, w := range c.Args {
			if w.IsStatic() && w.Value == "-e" && i+1 < len(c.Args) {
				c.Risk(analysis.KindWrapper, "xterm -e", "runs the command after it in a new terminal")
				c.Inner(c.Args[i+1:], "xterm -e")
				return
			}
		}
	}
	t.handlers["perf"] = func(c *analysis.Cmd) {
		if len(c.Args) == 0 || !c.Args[0].IsStatic() {
			return
		}
		switch c.Args[0].Value {
		case "stat", "record", "trace", "top", "kvm", "c2c", "mem", "lock", "sched":
			i := (optSpec{short: "eEoprCGtIxcDTFjb", long: []string{"--event", "--output", "--pid", "--repeat", "--cpu"}}).skip(c.Args, 1)
			if i < len(c.Args) {
				c.Risk(analysis.KindWrapper, "perf "+c.Args[0].Value, "wrapper: runs and measures the command after it")
				c.Inner(c.Args[i:], "perf "+c.Args[0].Value)
			}
		}
	}
	t.handlers["ip"] = func(c *analysis.Cmd) {
		// ip netns exec NAME cmd…
		for i := 0; i+2 < len(c.Args); i++ {
			if c.Args[i].IsStatic() && c.Args[i].Value == "netns" && c.Args[i+1].IsStatic() && c.Args[i+1].Value == "exec" {
				c.Risk(analysis.KindWrapper, "ip netns exec", "runs the command after it in a network namespace")
				if i+3 < len(c.Args) {
					c.Inner(c.Args[i+3:], "ip netns exec")
				}
				return
			}
		}
	}
	t.handlers["hyperfine"] = func(c *analysis.Cmd) {
		// Every operand is a command line hyperfine runs through a shell.
		c.Risk(analysis.KindWrapper, "hyperfine", "runs its operands as shell code")
		for _, w := range analysis.Operands(c.Args) {
			c.Code(w, "hyperfine")
		}
	}
	t.handlers["dotenv"] = func(c *analysis.Cmd) {
		i := optSpec{short: "ecv"}.skip(c.Args, 0)
		c.Risk(analysis.KindWrapper, "dotenv", "wrapper: runs the command after it with variables from a file")
		c.Inner(c.Args[i:], "dotenv")
	}
}
