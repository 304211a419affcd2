package perms

import "strings"

// xargs runs a command with arguments read from standard input. With a
// static command and no -I substitution it adds nothing a rule for that
// command does not already allow, except for commands that delete,
// move or change the files named by the input.
func xargsCmd(c *cmd) {
	ws := c.args
	replace := false
	i := 0
	computed := false
scan:
	for ; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			computed = true
			break
		}
		v := w.Value
		switch {
		case v == "--":
			i++
			break scan
		case len(v) < 2 || v[0] != '-':
			break scan
		case strings.HasPrefix(v, "--"):
			name, _, hasValue := strings.Cut(v, "=")
			switch {
			case longName(name, "--replace"):
				replace = true
			case longName(name, "--arg-file") || longName(name, "--delimiter") || longName(name, "--max-args") ||
				longName(name, "--max-procs") || longName(name, "--max-chars") || longName(name, "--process-slot-var"):
				if !hasValue {
					i++
				}
			}
		default:
			for j := 1; j < len(v); j++ {
				ch := v[j]
				switch {
				case ch == 'I' || ch == 'J' || ch == 'i':
					replace = true
					if ch != 'i' && j == len(v)-1 {
						i++
					}
					continue scan
				case strings.IndexByte("LnPsdEaRS", ch) >= 0:
					if j == len(v)-1 {
						i++
					}
					continue scan
				case ch == 'l' || ch == 'e':
					continue scan
				}
			}
		}
	}
	inner := ws[min(i, len(ws)):]
	if len(inner) == 0 {
		c.harmless("xargs without a command prints its input")
		return
	}
	before := len(c.a.units)
	c.inner(inner, "xargs")
	u, _ := c.lastInner(before)
	name, static := u.base()
	switch name {
	case "rm", "shred", "unlink", "chmod", "chown", "chgrp":
		if c.in.danger != "" {
			c.catastrophe("xargs " + name + " on " + c.in.danger + ", which its input names")
		}
	}
	switch {
	case replace:
		c.risk(KindWrapper, "xargs -I", "runs a command built from its input")
		if tables().handlers[name] != nil && (isShell(name) || isInterpreter(name)) {
			c.a.units[before].stdinCode = true
		}
	case computed || !static:
		c.risk(KindWrapper, "xargs", "runs a command computed at run time")
	case unsafeSince(c, before) != "":
		name = unsafeSince(c, before)
		c.risk(KindWrapper, "xargs "+name, "runs "+name+" on files named by its input, which the check cannot see")
	case tables().xargsOptions[name] && !endsOptions(inner):
		// echo --pre=x | xargs rg: the input becomes arguments, and an
		// option of these programs can run a command or write a file.
		c.risk(KindWrapper, "xargs "+name, "passes its input to "+name+" as arguments, which may be options that run commands or write files")
	default:
		c.harmless("xargs runs the command checked below with arguments from its input")
	}
}

// unsafeSince returns the name of a unit appended since before (the
// command xargs runs, or what it runs in turn, as busybox rm) whose
// effect depends on the file names xargs adds.
func unsafeSince(c *cmd, before int) string {
	for _, u := range c.a.units[before:] {
		if b, ok := u.base(); ok && tables().xargsUnsafe[b] {
			return b
		}
	}
	return ""
}

// xargsUnsafeTable lists commands whose effect depends on the file names
// xargs adds, so that a rule for the command does not cover them.
func xargsUnsafeTable() map[string]bool {
	return map[string]bool{
		"rm": true, "mv": true, "cp": true, "chmod": true, "chown": true, "chgrp": true, "ln": true,
		"shred": true, "dd": true, "truncate": true, "kill": true, "pkill": true, "unlink": true, "rmdir": true,
		"tee": true, "touch": true, "install": true, "rsync": true, "scp": true, "patch": true, "split": true,
	}
}

// xargsOptionsTable lists programs with options that run commands or
// write files (or that take their program as the first argument).
func xargsOptionsTable() map[string]bool {
	m := map[string]bool{}
	for _, n := range []string{"find", "sort", "rg", "git", "awk", "gawk", "mawk", "nawk", "sed", "tar", "rsync", "ssh",
		"scp", "curl", "wget", "less", "man", "vim", "nvim", "vi", "emacs", "make", "env", "zip", "unzip", "gdb", "sqlite3",
		"psql", "mysql", "python", "python3", "perl", "ruby", "node", "php", "lua", "dd", "yq", "fd", "m4", "dc", "ed",
		"openssl"} {
		m[n] = true
	}
	return m
}

// endsOptions reports whether a command's own words end its options
// (--) before the arguments xargs appends.
func endsOptions(ws []Word) bool {
	for _, w := range ws {
		if w.IsStatic() && w.Value == "--" {
			return true
		}
	}
	return false
}

func registerXargs(t *tableSet) {
	t.handlers["xargs"] = xargsCmd
}
