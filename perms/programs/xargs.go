package programs

import (
	"strings"

	"nosh/perms/analysis"
)

// xargs runs a command with arguments read from standard input. With a
// static command and no -I substitution it adds nothing a rule for that
// command does not already allow, except for commands that delete,
// move or change the files named by the input.
func xargsCmd(c *analysis.Cmd) {
	ws := c.Args
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
			case analysis.LongName(name, "--replace"):
				replace = true
			case analysis.LongName(name, "--arg-file") || analysis.LongName(name, "--delimiter") || analysis.LongName(name, "--max-args") ||
				analysis.LongName(name, "--max-procs") || analysis.LongName(name, "--max-chars") || analysis.LongName(name, "--process-slot-var"):
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
		c.Harmless("xargs without a command prints its input")
		return
	}
	before := len(c.Analyzer.Units)
	// The words xargs reads are arguments the check cannot see: the
	// command is judged with them as one computed word more, so that
	// whatever a computed argument means to it — a command (env --,
	// command), a program (sed --, awk --), an option — is judged by
	// the command's own handler, not by a list of programs here.
	withInput := append(append([]analysis.Word(nil), inner...), analysis.Word{Value: "{input}", Kind: analysis.Fields})
	c.Inner(withInput, "xargs")
	u, _ := c.LastInner(before)
	name, static := u.Base()
	switch name {
	case "rm", "shred", "unlink", "chmod", "chown", "chgrp":
		if c.In.Danger != "" {
			c.Catastrophe("xargs " + name + " on " + c.In.Danger + ", which its input names")
		}
	}
	switch {
	case replace:
		c.Risk(analysis.KindWrapper, "xargs -I", "runs a command built from its input")
		if tables().handlers[name] != nil && (analysis.IsShell(name) || isInterpreter(name)) {
			c.Analyzer.Units[before].StdinCode = true
		}
	case computed || !static:
		c.Risk(analysis.KindWrapper, "xargs", "runs a command computed at run time")
	case unsafeSince(c, before) != "":
		name = unsafeSince(c, before)
		c.Risk(analysis.KindWrapper, "xargs "+name, "runs "+name+" on files named by its input, which the check cannot see")
	case tables().xargsOptions[name] && !endsOptions(inner):
		// echo --pre=x | xargs rg: the input becomes arguments, and an
		// option of these programs can run a command or write a file.
		c.Risk(analysis.KindWrapper, "xargs "+name, "passes its input to "+name+" as arguments, which may be options that run commands or write files")
	default:
		c.Harmless("xargs runs the command checked below with arguments from its input")
	}
}

// unsafeSince returns the name of a unit appended since before (the
// command xargs runs, or what it runs in turn, as busybox rm) whose
// effect depends on the file names xargs adds.
func unsafeSince(c *analysis.Cmd, before int) string {
	for _, u := range c.Analyzer.Units[before:] {
		if b, ok := u.Base(); ok && tables().xargsUnsafe[b] {
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
func endsOptions(ws []analysis.Word) bool {
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
