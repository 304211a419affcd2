package perms

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// The built-in catastrophic list is denied whatever the rules say:
// recursive rm (and chmod/chown -R, find -delete) of /, the top-level
// system directories or the home directory; mkfs and friends; writes
// onto disk devices; fork bombs; and downloads run as code (see the
// download checks in walk.go and classify.go).

// systemDirsTable returns the directories whose recursive removal
// wrecks the system.
func systemDirsTable() map[string]bool {
	return map[string]bool{
		"/": true, "/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true, "/lib": true,
		"/lib32": true, "/lib64": true, "/libx32": true, "/opt": true, "/proc": true, "/root": true,
		"/run": true, "/sbin": true, "/srv": true, "/sys": true, "/usr": true, "/var": true,
		"/usr/bin": true, "/usr/lib": true, "/usr/local": true, "/usr/sbin": true, "/usr/share": true,
		"/System": true, "/Library": true, "/Applications": true, "/Users": true, "/private": true,
	}
}

// homeUnknown stands for $HOME when the environment does not set it, so
// that "rm -rf ~" is caught all the same.
const homeUnknown = "/\x00home"

// dangerTarget reports whether a word names /, a system directory, the
// home directory, or everything in one of them, and returns that path.
func (a *analyzer) dangerTarget(w Word) (string, bool) {
	p, ok := a.resolve(w)
	if !ok {
		return "", false
	}
	home := a.home()
	if home == "" {
		home = homeUnknown
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = home + p[1:]
	}
	if p == "" || p[0] != '/' {
		return "", false
	}
	clean := path.Clean(p)
	cleanHome := path.Clean(home)
	show := func(s string) string { return strings.ReplaceAll(s, homeUnknown, "~") }
	trimmed := strings.TrimRight(p, "/")
	for _, suffix := range []string{"/*", "/.*", "/.[!.]*"} {
		if !strings.HasSuffix(trimmed, suffix) {
			continue
		}
		dir := "/"
		if d := strings.TrimSuffix(trimmed, suffix); d != "" {
			dir = path.Clean(d)
		}
		if tables().systemDirs[dir] || dir == cleanHome {
			return show(p), true
		}
	}
	if tables().systemDirs[clean] || clean == cleanHome || clean != "/" && strings.HasPrefix(cleanHome, clean+"/") {
		return show(clean), true
	}
	return "", false
}

// resolve returns the value a word has if its only expansions are a
// leading tilde and plain variables known now (from assignments earlier
// in the same command or the environment). Glob characters stay as
// written.
func (a *analyzer) resolve(w Word) (string, bool) {
	if w.IsStatic() {
		return w.Value, true
	}
	if w.node == nil {
		return "", false
	}
	var sb strings.Builder
	for i, part := range w.node.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			v := p.Value
			if i == 0 && strings.HasPrefix(v, "~") {
				if v != "~" && !strings.HasPrefix(v, "~/") {
					return "", false
				}
			}
			sb.WriteString(strings.ReplaceAll(v, `\`, ""))
		case *syntax.SglQuoted:
			sb.WriteString(sglValue(p))
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					sb.WriteString(dblUnquote(q.Value))
				case *syntax.ParamExp:
					v, ok := a.param(q)
					if !ok {
						return "", false
					}
					sb.WriteString(v)
				default:
					return "", false
				}
			}
		case *syntax.ParamExp:
			v, ok := a.param(part.(*syntax.ParamExp))
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		default:
			return "", false
		}
	}
	return sb.String(), true
}

// param returns the value of a plain parameter expansion such as $HOME,
// ${HOME} or ${HOME:?}.
func (a *analyzer) param(pe *syntax.ParamExp) (string, bool) {
	if pe.Param == nil || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Length ||
		pe.Excl || pe.Names != 0 || pe.Width {
		return "", false
	}
	if pe.Exp != nil && pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull {
		return "", false
	}
	name := pe.Param.Value
	if v, ok := a.vars[name]; ok {
		return v, true
	}
	if name == "HOME" {
		if h := a.home(); h != "" {
			return h, true
		}
		return homeUnknown, true
	}
	return a.lookup(name)
}

// diskDevicePattern matches the devices isDiskDevice reports; it is
// compiled with the other tables (see tables.go).
const diskDevicePattern = `^/dev/(` +
	`[shv]d[a-z]+[0-9]*|xvd[a-z]+[0-9]*|nvme[0-9]+n[0-9]+(p[0-9]+)?|mmcblk[0-9]+(p[0-9]+)?|` +
	`r?disk[0-9]+(s[0-9]+)?|md[0-9]+|dm-[0-9]+|mapper/.+|disk/by-.+|mem|kmem|port)$`

// isDiskDevice reports whether p names a block device holding a file
// system, or raw memory.
func isDiskDevice(p string) bool {
	return strings.HasPrefix(p, "/dev/") && tables().diskDevice.MatchString(path.Clean(p))
}

// recursive reports whether the flags in ws include -r, -R or --recursive.
func recursive(ws []Word, upperOnly bool) bool {
	fs := flagsOf(ws)
	if fs.has('R', "--recursive") {
		return true
	}
	return !upperOnly && fs.has('r')
}

func rmCmd(c *cmd) {
	if !recursive(c.args, false) {
		return
	}
	if flagsOf(c.args).has(0, "--no-preserve-root") {
		c.catastrophe("recursive rm with --no-preserve-root")
		return
	}
	for _, w := range operands(c.args) {
		if what, ok := c.a.dangerTarget(w); ok {
			c.catastrophe("recursive rm of " + what)
			return
		}
		if c.a.cdDanger {
			switch w.Value {
			case "*", ".", "./", "./*", ".*", "./.*":
				c.catastrophe("recursive rm of " + w.Value + " after cd to / or ~")
				return
			}
		}
	}
}

func chmodCmd(c *cmd) {
	if !recursive(c.args, true) {
		return
	}
	for _, w := range operands(c.args) {
		if what, ok := c.a.dangerTarget(w); ok {
			c.catastrophe(c.base + " -R of " + what)
			return
		}
	}
}

func cdCmd(c *cmd) {
	builtinHarmless(c)
	ops := operands(c.args)
	if len(ops) == 0 {
		c.a.cdDanger = true
		return
	}
	what, ok := c.a.dangerTarget(ops[0])
	c.a.cdDanger = ok && !strings.HasSuffix(what, "*")
}

func ddCmd(c *cmd) {
	c.sensitiveWrite(writerTargets("dd", c.args)...)
	for _, w := range c.args {
		if v, ok := c.a.resolve(w); ok && strings.HasPrefix(v, "of=") && isDiskDevice(v[3:]) {
			c.catastrophe("dd onto disk device " + v[3:])
		}
	}
}

// deviceWriter handles commands that destroy a device named as operand.
func deviceWriter(c *cmd) {
	switch c.base {
	case "wipefs":
		if !flagsOf(c.args).has('a', "--all") && !flagsOf(c.args).has('o', "--offset") {
			return
		}
	case "sgdisk":
		if !flagsOf(c.args).has('Z', "--zap-all") && !flagsOf(c.args).has('o', "--clear") {
			return
		}
	}
	for _, w := range operands(c.args) {
		if v, ok := c.a.resolve(w); ok && isDiskDevice(v) {
			c.catastrophe(c.base + " of disk device " + v)
			return
		}
	}
}

// copyCmd catches cp, mv, install and tee writing onto a device, and mv
// moving / or the home directory away.
func copyCmd(c *cmd) {
	targets := writerTargets(c.base, c.args)
	c.sensitiveWrite(targets...)
	if c.base == "cp" && len(targets) == 1 && (recursive(c.args, false) || flagsOf(c.args).has('a', "--archive")) {
		c.intoDir(targets[0], "copies")
	}
	ops := operands(c.args)
	if len(ops) == 0 {
		return
	}
	devs := ops[len(ops)-1:]
	if c.base == "tee" {
		devs = ops
	}
	for _, w := range devs {
		if v, ok := c.a.resolve(w); ok && isDiskDevice(v) {
			c.catastrophe(c.base + " onto disk device " + v)
			return
		}
	}
	if c.base == "mv" {
		for _, w := range ops[:len(ops)-1] {
			if what, ok := c.a.dangerTarget(w); ok {
				c.catastrophe("mv of " + what)
				return
			}
		}
	}
}

func mkfsCmd(c *cmd) {
	c.catastrophe("creates a file system, erasing what the device holds")
}

func registerCatastrophic(t *tableSet) {
	t.handlers["rm"] = rmCmd
	for _, n := range []string{"chmod", "chown", "chgrp"} {
		t.handlers[n] = chmodCmd
	}
	t.handlers["cd"] = cdCmd
	t.handlers["pushd"] = cdCmd
	t.handlers["dd"] = ddCmd
	for _, n := range []string{"shred", "wipefs", "blkdiscard", "mkswap", "sgdisk"} {
		t.handlers[n] = deviceWriter
	}
	for _, n := range []string{"cp", "mv", "install", "tee", "ln", "truncate"} {
		t.handlers[n] = copyCmd
	}
	for _, n := range []string{"mke2fs", "mkdosfs", "mkntfs", "mkexfatfs"} {
		t.handlers[n] = mkfsCmd
	}
}
