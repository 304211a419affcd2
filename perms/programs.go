package perms

import (
	"path"
	"strings"
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
// or an abbreviation of it (see longName).
func longOpt(v, name string) bool {
	n, _, _ := strings.Cut(v, "=")
	return longName(n, name)
}

// scanOpts calls f for each static word before "--".
func scanOpts(ws []Word, f func(i int, v string)) {
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

func sortCmd(c *cmd) {
	scanOpts(c.args, func(_ int, v string) {
		switch {
		case longOpt(v, "--output") || shortHas(v, 'o', "ktST"):
			c.risk(KindOption, "sort -o", "writes its output to a file")
		case longOpt(v, "--compress-program"):
			c.risk(KindOption, "sort --compress-program", "runs a program to compress temporary files")
		}
	})
}

func rgCmd(c *cmd) {
	scanOpts(c.args, func(_ int, v string) {
		if longOpt(v, "--pre") || longOpt(v, "--hostname-bin") {
			c.risk(KindOption, "rg "+v, "runs a command of its choosing")
		}
	})
}

// fdArgs are fd's short options that take an argument.
const fdArgs = "dteESojcCxX"

func fdCmd(c *cmd) {
	for _, o := range []struct {
		short byte
		long  string
	}{{'x', "--exec"}, {'X', "--exec-batch"}} {
		for _, u := range optionUses(c.args, fdArgs, o.short, o.long) {
			// -x CMD ARGS… up to ";": the value and the words after it.
			c.risk(KindWrapper, "fd "+o.long, "runs a command for every file found")
			end := u.next
			for end < len(c.args) && !(c.args[end].IsStatic() && c.args[end].Value == ";") {
				end++
			}
			c.inner(append([]Word{u.val}, c.args[u.next:end]...), "fd "+o.long)
			return
		}
	}
}

// findCmd checks find's actions: -exec and friends run commands, -delete
// deletes, -fprint and friends write files.
func findCmd(c *cmd) {
	findPredicates(c)
	ws := c.args
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
			c.risk(KindWrapper, "find "+v, "runs a command for every file found")
			before := len(c.a.units)
			c.inner(ws[i+1:end], "find "+v)
			if u, ok := c.lastInner(before); ok {
				switch b, _ := u.base(); b {
				case "rm", "shred", "unlink", "rmdir", "chmod", "chown", "chgrp", "truncate":
					deletes = true
				case "sh", "bash", "dash", "zsh", "ksh":
					// find / -exec sh -c 'rm -rf "$0"' {} \;
					for _, x := range c.a.units[before:] {
						if xb, _ := x.base(); xb == "rm" || xb == "chmod" || xb == "chown" || xb == "shred" {
							deletes = true
						}
					}
				}
			}
			i = end
		case "-delete":
			deletes = true
			c.risk(KindOption, "find -delete", "deletes the files found")
		case "-fprint", "-fprint0", "-fls":
			c.risk(KindOption, "find "+v, "writes to a file")
			i++
		case "-fprintf":
			c.risk(KindOption, "find "+v, "writes to a file")
			i += 2
		}
	}
	if deletes {
		for _, s := range starts {
			if what, ok := c.a.dangerTarget(s); ok {
				c.catastrophe("deletes or changes everything under " + what)
			}
		}
		if c.unit().Catastrophe == "" {
			c.unresolvedDeletes(starts)
		}
	}
}

// tarArgs are tar's short options that take an argument.
const tarArgs = "fCbHKLNTXVgI"

func tarCmd(c *cmd) {
	fs := flagsOf(c.args)
	// The archive it writes, and the snapshot file of -g.
	if fs.has('c', "--create") || fs.has('r', "--append") || fs.has('u', "--update") || fs.has('A', "--concatenate", "--catenate") {
		for _, u := range optionUses(c.args, tarArgs, 'f', "--file") {
			if u.val.IsStatic() && (u.val.Value == "-" || strings.Contains(u.val.Value, ":") && !strings.HasPrefix(u.val.Value, "/")) {
				if strings.Contains(u.val.Value, ":") {
					c.risk(KindOption, "tar -f "+u.val.Value, "writes the archive through a remote shell command (HOST:FILE)")
				}
				continue
			}
			c.target(u.val, WriteFile, false)
			c.sensitiveWrite(u.val)
		}
	}
	for _, u := range optionUses(c.args, tarArgs, 'g', "--listed-incremental") {
		c.target(u.val, WriteFile, false)
		c.sensitiveWrite(u.val)
	}
	if fs.has('P', "--absolute-names") {
		c.risk(KindOption, "tar -P", "extracts absolute paths, anywhere on the system")
	}
	if d, ok := dirOption(c.args, "-C", "--directory"); ok {
		c.intoDir(d, "extracts")
		if fs.has('x', "--extract", "--get") {
			c.target(d, CreateEntry, true)
		}
	} else if c.a.cwd != "" {
		// cd ~ && tar -xf dot.tar: extracts where the cd went.
		c.intoDir(Word{Value: "."}, "extracts")
	}
	scanOpts(c.args, func(_ int, v string) {
		for _, name := range []string{"--to-command", "--checkpoint-action", "--use-compress-program",
			"--rmt-command", "--rsh-command", "--info-script", "--new-volume-script"} {
			if longOpt(v, name) {
				c.risk(KindOption, "tar "+name, "runs a command")
				return
			}
		}
		if v == "-I" || v == "-F" || strings.HasPrefix(v, "-I") && !strings.HasPrefix(v, "--") {
			c.risk(KindOption, "tar "+v[:2], "runs a command")
		}
	})
}

// sshOptions flags -o settings that run local commands, and -F configs.
func sshOptions(c *cmd) {
	ws := c.args
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
		case v == "-F" || strings.HasPrefix(v, "-F") && len(v) > 2 && c.base != "rsync":
			c.risk(KindOption, c.base+" -F", "reads a configuration file that can run commands")
			continue
		case (v == "-S" || strings.HasPrefix(v, "-S") && len(v) > 2) && c.base != "ssh":
			c.risk(KindOption, c.base+" -S", "runs another program as ssh")
			continue
		case (v == "-I" || strings.HasPrefix(v, "-I") && len(v) > 2) && c.base == "ssh":
			c.risk(KindOption, "ssh -I", "loads a PKCS#11 library into ssh")
			continue
		case (v == "-E" || strings.HasPrefix(v, "-E") && len(v) > 2) && c.base == "ssh":
			c.risk(KindOption, "ssh -E", "writes its log to a file")
			continue
		default:
			continue
		}
		key, _, _ := strings.Cut(strings.TrimSpace(setting), "=")
		key, _, _ = strings.Cut(key, " ")
		switch strings.ToLower(key) {
		case "proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "match", "remotecommand":
			c.risk(KindOption, c.base+" -o "+key, "runs a command through an ssh setting")
		case "pkcs11provider", "securitykeyprovider", "include", "identityagent", "controlpath", "userknownhostsfile",
			"identityfile", "certificatefile", "sendenv", "setenv":
			c.risk(KindOption, c.base+" -o "+key, "loads code or reads or writes files through an ssh setting")
		}
	}
}

func sshCmd(c *cmd) {
	sshOptions(c)
	if c.base == "scp" {
		if d, ok := localDest(c.args); ok {
			c.sensitiveWrite(d)
			ops := operands(c.args)
			for _, src := range ops[:len(ops)-1] {
				if src.IsStatic() && strings.Contains(src.Value, ":") && d.IsStatic() {
					// scp host:x.sh x.sh && sh x.sh runs what it fetched.
					c.a.markFetched(d.Value)
					c.a.markFetched(strings.TrimSuffix(d.Value, "/") + "/" + path.Base(src.Value[strings.IndexByte(src.Value, ':')+1:]))
				}
			}
		}
	}
	if c.base != "ssh" {
		return
	}
	spec := optSpec{short: "bcDEeFIiJLlmOopQRSWwB"}
	i := spec.skip(c.args, 0)
	if i+1 >= len(c.args) {
		return // an interactive login
	}
	host := c.args[i].String()
	c.unit().download = true // its output comes from the other machine
	c.risk(KindWrapper, "ssh command", "runs a command on "+host)
	c.codeWords(c.args[i+1:], "ssh "+host)
}

func rsyncCmd(c *cmd) {
	sshOptions(c)
	if d, ok := localDest(c.args); ok {
		c.intoDir(d, "copies")
	}
	scanOpts(c.args, func(_ int, v string) {
		switch {
		case longOpt(v, "--rsh") || shortHas(v, 'e', "BfTM"):
			c.risk(KindOption, "rsync -e", "runs a remote shell command of its choosing")
		case longOpt(v, "--rsync-path"):
			c.risk(KindOption, "rsync --rsync-path", "runs a command on the remote side")
		}
	})
}

func goCmd(c *cmd) {
	if len(c.args) > 0 && c.args[0].IsStatic() && c.args[0].Value == "env" {
		scanOpts(c.args[1:], func(_ int, v string) {
			if v == "-w" || v == "-u" {
				c.risk(KindOption, "go env "+v, "changes the Go configuration, which can make builds run programs")
			}
		})
	}
	scanOpts(c.args, func(i int, v string) {
		for _, name := range []string{"-exec", "--exec", "-toolexec", "--toolexec", "-vettool", "--vettool"} {
			if longOpt(v, name) {
				c.risk(KindOption, "go "+strings.TrimLeft(name, "-"), "runs the built program or a tool through another command")
			}
		}
		if v == "-o" && i+1 < len(c.args) {
			c.sensitiveWrite(c.args[i+1]) // go build -o ~/.local/bin/git
			c.target(c.args[i+1], WriteFile, false)
		} else if strings.HasPrefix(v, "-o=") {
			c.sensitiveWrite(Word{Value: v[3:]})
			c.target(Word{Value: v[3:]}, WriteFile, false)
		}
		if len(c.args) > 0 && c.args[0].IsStatic() && c.args[0].Value == "clean" &&
			(v == "-cache" || v == "-modcache" || v == "-testcache" || v == "-fuzzcache" || strings.HasPrefix(v, "--") && strings.HasSuffix(v, "cache")) {
			c.risk(KindOption, "go clean "+v, "deletes Go's caches, outside the workspace")
		}
	})
}

func vimCmd(c *cmd) {
	scanOpts(c.args, func(_ int, v string) {
		switch {
		case v == "-c" || v == "--cmd" || v == "-S" || v == "-s" || v == "-u" || v == "-x":
			c.risk(KindOption, c.base+" "+v, "runs editor commands, which can run programs")
		case strings.HasPrefix(v, "+") && len(v) > 1 && !isFD(v[1:]) && v[1] != '/':
			c.risk(KindOption, c.base+" +cmd", "runs editor commands, which can run programs")
		}
	})
}

func emacsCmd(c *cmd) {
	scanOpts(c.args, func(_ int, v string) {
		for _, name := range []string{"--eval", "-l", "--load", "-f", "--funcall", "--script", "-x"} {
			if longOpt(v, name) {
				c.risk(KindOption, "emacs "+name, "runs Lisp code")
			}
		}
	})
}

func manCmd(c *cmd) {
	scanOpts(c.args, func(_ int, v string) {
		switch {
		case longOpt(v, "--pager") || strings.HasPrefix(v, "-P"):
			c.risk(KindOption, "man -P", "runs a pager command of its choosing")
		case longOpt(v, "--html") || strings.HasPrefix(v, "-H"):
			c.risk(KindOption, "man -H", "runs a browser command of its choosing")
		}
	})
}

func zipCmd(c *cmd) {
	args := c.args
	if c.a.envRisk("ZIPOPT") {
		c.risk(KindOption, "ZIPOPT", "zip reads options from $ZIPOPT, which can run commands or delete files")
	}
	scanOpts(args, func(_ int, v string) {
		if strings.HasPrefix(v, "-TT") || longOpt(v, "--unzip-command") {
			c.risk(KindOption, "zip -TT", "runs a command to test the archive")
		}
	})
	ops := operandsSkipping(args, optSpec{short: "bnPtxiZ", long: []string{"--exclude", "--include", "--suffixes", "--password"}})
	if len(ops) > 0 {
		c.target(ops[0], WriteFile, false) // the archive
		c.sensitiveWrite(ops[0])
	}
	if fs := flagsOf(args); fs.has('m', "--move") {
		// zip -m deletes the files it adds, and with -r whole trees.
		rec := recursive(args, false)
		for _, w := range ops[min(1, len(ops)):] {
			if what, ok := c.a.dangerTarget(w); ok && rec {
				c.catastrophe("zip -rm (deletes what it archives) of " + what)
				return
			}
			c.target(w, RemoveEntry, rec)
		}
		c.risk(KindOption, "zip -m", "deletes the files it adds to the archive")
		if rec {
			c.unresolvedDeletes(ops[min(1, len(ops)):])
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
func findStart(ws []Word) int {
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
