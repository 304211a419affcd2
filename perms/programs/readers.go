package programs

import (
	"path"
	"strings"

	"nosh/perms/analysis"
)

// Options of common programs that run code or write files, for programs
// that otherwise only read. Programs whose purpose is to write (cp, tee,
// tar -x) are not flagged for doing so: a rule naming them allows it.

// shortHas reports whether a short option cluster v (like -rno) turns on
// option letter want before any letter in stop, which takes the rest of
// the cluster as its argument.
func shortHas(v string, want byte, stop string) bool {
	if len(v) < 2 || v[0] != '-' || v[1] == '-' {
		return false
	}
	for j := 1; j < len(v); j++ {
		if v[j] == want {
			return true
		}
		if strings.IndexByte(stop, v[j]) >= 0 {
			return false
		}
	}
	return false
}

// longOpt reports whether v is the long option name, alone or with =value,
// or an abbreviation of it (see analysis.LongName).
func longOpt(v, name string) bool {
	n, _, _ := strings.Cut(v, "=")
	return analysis.LongName(n, name)
}

// scanOpts calls f for each static word before "--".
func scanOpts(ws []analysis.Word, f func(i int, v string)) {
	for i, w := range ws {
		if !w.IsStatic() {
			continue
		}
		if w.Value == "--" {
			return
		}
		f(i, w.Value)
	}
}

func sortCmd(c *analysis.Cmd) {
	for _, u := range optionUses(c.Args, "ktSTo", 'o', "--output") {
		c.Target(u.val, analysis.WriteFile, false)
		if !sandboxWrites(c, u.val) {
			c.Risk(analysis.KindOption, "sort -o", "writes its output to a file")
		}
	}
	scanOpts(c.Args, func(_ int, v string) {
		switch {
		case longOpt(v, "--compress-program"):
			c.Risk(analysis.KindOption, "sort --compress-program", "runs a program to compress temporary files")
		}
	})
}

// sandboxWrites reports whether the file w names is an ordinary one the
// sandbox of an agent command lets any program write (sort -o out.txt
// in the workspace): then writing it is not asked about, as a
// redirection there is not.
func sandboxWrites(c *analysis.Cmd, w analysis.Word) bool {
	a := c.Analyzer
	if a.Writable == nil {
		return false
	}
	p, ok := a.Absolute(w)
	if !ok || strings.ContainsAny(p, "*?[") || !a.Writable(p) || analysis.IsDiskDevice(p) {
		return false
	}
	_, sensitive := a.Sensitive(analysis.Word{Value: p})
	return !sensitive
}

func rgCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		if longOpt(v, "--pre") || longOpt(v, "--hostname-bin") {
			c.Risk(analysis.KindOption, "rg "+v, "runs a command of its choosing")
		}
	})
}

// fdArgs are fd's short options that take an argument.
const fdArgs = "dteESojcCxX"

func fdCmd(c *analysis.Cmd) {
	for _, o := range []struct {
		short byte
		long  string
	}{{'x', "--exec"}, {'X', "--exec-batch"}} {
		for _, u := range optionUses(c.Args, fdArgs, o.short, o.long) {
			// -x CMD ARGS… up to ";": the value and the words after it.
			c.Risk(analysis.KindWrapper, "fd "+o.long, "runs a command for every file found")
			end := u.next
			for end < len(c.Args) && !(c.Args[end].IsStatic() && c.Args[end].Value == ";") {
				end++
			}
			c.Inner(append([]analysis.Word{u.val}, c.Args[u.next:end]...), "fd "+o.long)
			return
		}
	}
}

// findCmd checks find's actions: -exec and friends run commands, -delete
// deletes, -fprint and friends write files.
func findCmd(c *analysis.Cmd) {
	findPredicates(c)
	ws := c.Args
	first := findStart(ws)
	i := first
	for ; i < len(ws); i++ {
		w := ws[i]
		if w.IsStatic() && (strings.HasPrefix(w.Value, "-") || w.Value == "(" || w.Value == "!") {
			break
		}
	}
	starts := ws[first:i]
	deletes := false
	for ; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			continue
		}
		switch v := w.Value; v {
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(ws) && !(ws[end].IsStatic() && (ws[end].Value == ";" || ws[end].Value == "+")) {
				end++
			}
			c.Risk(analysis.KindWrapper, "find "+v, "runs a command for every file found")
			before := len(c.Analyzer.Units)
			c.Inner(ws[i+1:end], "find "+v)
			if u, ok := c.LastInner(before); ok {
				switch b, _ := u.Base(); b {
				case "rm", "shred", "unlink", "rmdir", "chmod", "chown", "chgrp", "truncate":
					deletes = true
				case "sh", "bash", "dash", "zsh", "ksh":
					// find / -exec sh -c 'rm -rf "$0"' {} \;
					for _, x := range c.Analyzer.Units[before:] {
						if xb, _ := x.Base(); xb == "rm" || xb == "chmod" || xb == "chown" || xb == "shred" {
							deletes = true
						}
					}
				}
			}
			i = end
		case "-delete":
			deletes = true
			c.Risk(analysis.KindOption, "find -delete", "deletes the files found")
		case "-fprint", "-fprint0", "-fls":
			c.Risk(analysis.KindOption, "find "+v, "writes to a file")
			i++
		case "-fprintf":
			c.Risk(analysis.KindOption, "find "+v, "writes to a file")
			i += 2
		}
	}
	if deletes {
		for _, s := range starts {
			if what, ok := c.Analyzer.DangerTarget(s); ok {
				c.Catastrophe("deletes or changes everything under " + what)
			}
		}
		if c.Unit().Catastrophe == "" {
			c.UnresolvedDeletes(starts)
		}
	}
}

// tarArgs are tar's short options that take an argument.
const tarArgs = "fCbHKLNTXVgI"

func tarCmd(c *analysis.Cmd) {
	fs := analysis.FlagsOf(c.Args)
	// The archive it writes, and the snapshot file of -g.
	if fs.Has('c', "--create") || fs.Has('r', "--append") || fs.Has('u', "--update") || fs.Has('A', "--concatenate", "--catenate") {
		for _, u := range optionUses(c.Args, tarArgs, 'f', "--file") {
			if u.val.IsStatic() && (u.val.Value == "-" || strings.Contains(u.val.Value, ":") && !strings.HasPrefix(u.val.Value, "/")) {
				if strings.Contains(u.val.Value, ":") {
					c.Risk(analysis.KindOption, "tar -f "+u.val.Value, "writes the archive through a remote shell command (HOST:FILE)")
				}
				continue
			}
			c.Target(u.val, analysis.WriteFile, false)
			c.SensitiveWrite(u.val)
		}
	}
	for _, u := range optionUses(c.Args, tarArgs, 'g', "--listed-incremental") {
		c.Target(u.val, analysis.WriteFile, false)
		c.SensitiveWrite(u.val)
	}
	if fs.Has('P', "--absolute-names") {
		c.Risk(analysis.KindOption, "tar -P", "extracts absolute paths, anywhere on the system")
	}
	if d, ok := analysis.DirOption(c.Args, "-C", "--directory"); ok {
		c.IntoDir(d, "extracts")
		if fs.Has('x', "--extract", "--get") {
			c.Target(d, analysis.CreateEntry, true)
		}
	} else if c.Analyzer.Cwd != "" {
		// cd ~ && tar -xf dot.tar: extracts where the cd went.
		c.IntoDir(analysis.Word{Value: "."}, "extracts")
	}
	scanOpts(c.Args, func(_ int, v string) {
		for _, name := range []string{"--to-command", "--checkpoint-action", "--use-compress-program",
			"--rmt-command", "--rsh-command", "--info-script", "--new-volume-script"} {
			if longOpt(v, name) {
				c.Risk(analysis.KindOption, "tar "+name, "runs a command")
				return
			}
		}
		if v == "-I" || v == "-F" || strings.HasPrefix(v, "-I") && !strings.HasPrefix(v, "--") {
			c.Risk(analysis.KindOption, "tar "+v[:2], "runs a command")
		}
	})
}

// sshOptions flags -o settings that run local commands, and -F configs.
func sshOptions(c *analysis.Cmd) {
	ws := c.Args
	for i, w := range ws {
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		var setting string
		switch {
		case v == "-o" && i+1 < len(ws) && ws[i+1].IsStatic():
			setting = ws[i+1].Value
		case strings.HasPrefix(v, "-o") && len(v) > 2:
			setting = v[2:]
		case v == "-F" || strings.HasPrefix(v, "-F") && len(v) > 2 && c.Base != "rsync":
			c.Risk(analysis.KindOption, c.Base+" -F", "reads a configuration file that can run commands")
			continue
		case (v == "-S" || strings.HasPrefix(v, "-S") && len(v) > 2) && c.Base != "ssh":
			c.Risk(analysis.KindOption, c.Base+" -S", "runs another program as ssh")
			continue
		case (v == "-I" || strings.HasPrefix(v, "-I") && len(v) > 2) && c.Base == "ssh":
			c.Risk(analysis.KindOption, "ssh -I", "loads a PKCS#11 library into ssh")
			continue
		case (v == "-E" || strings.HasPrefix(v, "-E") && len(v) > 2) && c.Base == "ssh":
			c.Risk(analysis.KindOption, "ssh -E", "writes its log to a file")
			continue
		default:
			continue
		}
		key, _, _ := strings.Cut(strings.TrimSpace(setting), "=")
		key, _, _ = strings.Cut(key, " ")
		switch strings.ToLower(key) {
		case "proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "match", "remotecommand":
			c.Risk(analysis.KindOption, c.Base+" -o "+key, "runs a command through an ssh setting")
		case "pkcs11provider", "securitykeyprovider", "include", "identityagent", "controlpath", "userknownhostsfile",
			"identityfile", "certificatefile", "sendenv", "setenv":
			c.Risk(analysis.KindOption, c.Base+" -o "+key, "loads code or reads or writes files through an ssh setting")
		}
	}
}

func sshCmd(c *analysis.Cmd) {
	sshOptions(c)
	if c.Base == "scp" {
		uploadsDotfiles(c)
		if d, ok := analysis.LocalDest(c.Args); ok {
			c.SensitiveWrite(d)
			ops := analysis.Operands(c.Args)
			for _, src := range ops[:len(ops)-1] {
				if src.IsStatic() && strings.Contains(src.Value, ":") && d.IsStatic() {
					// scp host:x.sh x.sh && sh x.sh runs what it fetched.
					c.Analyzer.MarkFetched(d.Value)
					c.Analyzer.MarkFetched(strings.TrimSuffix(d.Value, "/") + "/" + path.Base(src.Value[strings.IndexByte(src.Value, ':')+1:]))
				}
			}
		}
	}
	if c.Base != "ssh" {
		return
	}
	spec := optSpec{short: "bcDEeFIiJLlmOopQRSWwB"}
	i := spec.skip(c.Args, 0)
	if i+1 >= len(c.Args) {
		if c.In.Piped || c.In.Here || c.In.Redirected {
			// ssh h < file: the remote shell runs what the file says
			// (and the other machine gets the file).
			c.Risk(analysis.KindWrapper, "ssh stdin", "runs the commands on its standard input on "+c.Args[min(i, len(c.Args)-1)].String())
		}
		return // an interactive login
	}
	host := c.Args[i].String()
	c.Unit().Download = true // its output comes from the other machine
	c.Risk(analysis.KindWrapper, "ssh command", "runs a command on "+host)
	c.CodeWords(c.Args[i+1:], "ssh "+host)
}

func rsyncCmd(c *analysis.Cmd) {
	sshOptions(c)
	uploadsDotfiles(c)
	if d, ok := analysis.LocalDest(c.Args); ok {
		c.IntoDir(d, "copies")
	}
	scanOpts(c.Args, func(_ int, v string) {
		switch {
		case longOpt(v, "--rsh") || shortHas(v, 'e', "BfTM"):
			c.Risk(analysis.KindOption, "rsync -e", "runs a remote shell command of its choosing")
		case longOpt(v, "--rsync-path"):
			c.Risk(analysis.KindOption, "rsync --rsync-path", "runs a command on the remote side")
		case longOpt(v, "--remote-option") || shortHas(v, 'M', "BfTe"):
			c.Risk(analysis.KindOption, "rsync -M", "passes options to the remote rsync, which can run commands or write files there")
		}
	})
}

// uploadsDotfiles flags a copy to another machine (scp or rsync to a
// HOST: destination) of the home directory, or of an entry of it whose
// name starts with a dot: configuration, keys and credentials
// (~/.ssh, ~/.gnupg, ~/.aws, ~/.netrc…) live there.
func uploadsDotfiles(c *analysis.Cmd) {
	ops := analysis.Operands(c.Args)
	if len(ops) < 2 {
		return
	}
	if _, local := analysis.LocalDest(c.Args); local {
		return
	}
	home := c.Analyzer.Home()
	if home == "" {
		return
	}
	home = path.Clean(home)
	for _, w := range ops[:len(ops)-1] {
		p, ok := c.Analyzer.Absolute(w)
		if !ok {
			continue
		}
		if rest, in := strings.CutPrefix(p, home+"/"); p == home || in && strings.HasPrefix(rest, ".") {
			c.Risk(analysis.KindOption, c.Base+" "+w.String(), "copies your home directory's dot-files (configuration, keys, credentials) to another machine")
			return
		}
	}
}

func goCmd(c *analysis.Cmd) {
	if len(c.Args) > 0 && c.Args[0].IsStatic() && c.Args[0].Value == "env" {
		scanOpts(c.Args[1:], func(_ int, v string) {
			if v == "-w" || v == "-u" {
				c.Risk(analysis.KindOption, "go env "+v, "changes the Go configuration, which can make builds run programs")
			}
		})
	}
	scanOpts(c.Args, func(i int, v string) {
		for _, name := range []string{"-exec", "--exec", "-toolexec", "--toolexec", "-vettool", "--vettool"} {
			if longOpt(v, name) {
				c.Risk(analysis.KindOption, "go "+strings.TrimLeft(name, "-"), "runs the built program or a tool through another command")
			}
		}
		if v == "-o" && i+1 < len(c.Args) {
			c.SensitiveWrite(c.Args[i+1]) // go build -o ~/.local/bin/git
			c.Target(c.Args[i+1], analysis.WriteFile, false)
		} else if strings.HasPrefix(v, "-o=") {
			c.SensitiveWrite(analysis.Word{Value: v[3:]})
			c.Target(analysis.Word{Value: v[3:]}, analysis.WriteFile, false)
		}
		if len(c.Args) > 0 && c.Args[0].IsStatic() && c.Args[0].Value == "clean" &&
			(v == "-cache" || v == "-modcache" || v == "-testcache" || v == "-fuzzcache" || strings.HasPrefix(v, "--") && strings.HasSuffix(v, "cache")) {
			c.Risk(analysis.KindOption, "go clean "+v, "deletes Go's caches, outside the workspace")
		}
	})
}

func vimCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		switch {
		case v == "-c" || v == "--cmd" || v == "-S" || v == "-s" || v == "-u" || v == "-x":
			c.Risk(analysis.KindOption, c.Base+" "+v, "runs editor commands, which can run programs")
		case strings.HasPrefix(v, "+") && len(v) > 1 && !analysis.IsFD(v[1:]) && v[1] != '/':
			c.Risk(analysis.KindOption, c.Base+" +cmd", "runs editor commands, which can run programs")
		}
	})
}

func emacsCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		for _, name := range []string{"--eval", "-l", "--load", "-f", "--funcall", "--script", "-x"} {
			if longOpt(v, name) {
				c.Risk(analysis.KindOption, "emacs "+name, "runs Lisp code")
			}
		}
	})
}

func manCmd(c *analysis.Cmd) {
	scanOpts(c.Args, func(_ int, v string) {
		switch {
		case longOpt(v, "--pager") || strings.HasPrefix(v, "-P"):
			c.Risk(analysis.KindOption, "man -P", "runs a pager command of its choosing")
		case longOpt(v, "--html") || strings.HasPrefix(v, "-H"):
			c.Risk(analysis.KindOption, "man -H", "runs a browser command of its choosing")
		}
	})
}

func zipCmd(c *analysis.Cmd) {
	args := c.Args
	if c.Analyzer.EnvRisk("ZIPOPT") {
		c.Risk(analysis.KindOption, "ZIPOPT", "zip reads options from $ZIPOPT, which can run commands or delete files")
	}
	scanOpts(args, func(_ int, v string) {
		if strings.HasPrefix(v, "-TT") || longOpt(v, "--unzip-command") {
			c.Risk(analysis.KindOption, "zip -TT", "runs a command to test the archive")
		}
	})
	ops := operandsSkipping(args, optSpec{short: "bnPtxiZ", long: []string{"--exclude", "--include", "--suffixes", "--password"}})
	if len(ops) > 0 {
		c.Target(ops[0], analysis.WriteFile, false) // the archive
		c.SensitiveWrite(ops[0])
	}
	if fs := analysis.FlagsOf(args); fs.Has('m', "--move") {
		// zip -m deletes the files it adds, and with -r whole trees.
		rec := analysis.Recursive(args, false)
		for _, w := range ops[min(1, len(ops)):] {
			if what, ok := c.Analyzer.DangerTarget(w); ok && rec {
				c.Catastrophe("zip -rm (deletes what it archives) of " + what)
				return
			}
			c.Target(w, analysis.RemoveEntry, rec)
		}
		c.Risk(analysis.KindOption, "zip -m", "deletes the files it adds to the archive")
		if rec {
			c.UnresolvedDeletes(ops[min(1, len(ops)):])
		}
	}
}

func registerPrograms(t *tableSet) {
	t.handlers["sort"] = sortCmd
	t.handlers["rg"] = rgCmd
	t.handlers["fd"] = fdCmd
	t.handlers["fdfind"] = fdCmd
	t.handlers["find"] = findCmd
	t.handlers["gfind"] = findCmd
	for _, n := range []string{"tar", "gtar", "bsdtar"} {
		t.handlers[n] = tarCmd
	}
	for _, n := range []string{"ssh", "scp", "sftp"} {
		t.handlers[n] = sshCmd
	}
	t.handlers["rsync"] = rsyncCmd
	t.handlers["go"] = goCmd
	for _, n := range []string{"vi", "vim", "nvim", "view", "ex", "gvim", "vimdiff", "rvim", "nvi", "elvis"} {
		t.handlers[n] = vimCmd
	}
	t.handlers["emacs"] = emacsCmd
	t.handlers["man"] = manCmd
	t.handlers["zip"] = zipCmd
}

// findStart returns the index of find's first start path: -H, -L, -P,
// -Olevel and -D debugopts come before them (find -L / -delete).
func findStart(ws []analysis.Word) int {
	i := 0
	for i < len(ws) && ws[i].IsStatic() {
		v := ws[i].Value
		if v == "-H" || v == "-L" || v == "-P" || strings.HasPrefix(v, "-O") {
			i++
			continue
		}
		if v == "-D" && i+1 < len(ws) {
			i += 2
			continue
		}
		break
	}
	return i
}
