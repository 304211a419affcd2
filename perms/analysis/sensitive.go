package analysis

import (
	"path"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Programs whose purpose is writing files (tee, cp, mv, ln, install, dd)
// are allowed by a rule naming them, but not to write where a file
// changes what runs later: shell startup files, ssh keys, git hooks,
// directories on $PATH, nosh's own configuration.

// sensitiveNamesTable returns the base names of such files.
func sensitiveNamesTable() map[string]bool {
	return map[string]bool{
		".bashrc": true, ".bash_profile": true, ".bash_login": true, ".bash_logout": true, ".profile": true,
		".zshrc": true, ".zshenv": true, ".zprofile": true, ".zlogin": true, ".zlogout": true, ".kshrc": true,
		".cshrc": true, ".tcshrc": true, ".inputrc": true, ".gitconfig": true, ".npmrc": true, ".pypirc": true,
		".netrc": true, ".curlrc": true, ".wgetrc": true, ".vimrc": true, ".exrc": true, ".envrc": true,
		"authorized_keys": true, "authorized_keys2": true, "rc.local": true, "crontab": true, "sudoers": true,
		"permissions.toml": true,
	}
}

var sensitiveDirs = []string{
	"/.ssh", "/.gnupg", "/.config", "/.git", "/.local/bin", "/.local/share/applications", "/.bashrc.d",
	"/.profile.d", "/.cargo/bin", "/go/bin", "/.npm-global/bin", "/.aws", "/.kube", "/.docker", "/.husky",
}

// homeBinDirs are directories in the home directory commonly on $PATH.
var homeBinDirs = []string{"/bin", "/.local/bin", "/go/bin", "/.cargo/bin"}

var systemPrefixes = []string{"/etc/", "/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/boot/", "/var/spool/cron", "/run/", "/root/", "/opt/",
	"/proc/", "/sys/"}

// Sensitive reports whether writing to the word's path changes what runs
// later.
func (a *Analyzer) Sensitive(w Word) (string, bool) {
	p, ok := a.Resolve(w)
	if !ok {
		if w.Node != nil && len(w.Node.Parts) > 0 {
			// ~user/.bashrc, or a target computed at run time that
			// may name any file.
			if lit, ok := w.Node.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
				return w.String(), true
			}
			if lit, ok := w.Node.Parts[0].(*syntax.Lit); ok && (strings.HasPrefix(lit.Value, "/proc/") || strings.HasPrefix(lit.Value, "/dev/fd/")) {
				// /proc/$$/cwd/../.bashrc: a process's directory, root
				// or descriptor leads to any file at all.
				return w.String(), true
			}
		}
		return "", false
	}
	if a.Cwd == cwdUnknown && p != "" && p[0] != '/' && p[0] != '~' {
		return w.String() + " (after a cd to a directory computed at run time)", true
	}
	p = a.inCwd(p)
	home := a.Home()
	if home == "" {
		home = homeUnknown
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = home + p[1:]
	} else if strings.HasPrefix(p, "~") {
		return w.String(), true // another user's home
	}
	clean := path.Clean(p)
	if strings.ContainsAny(path.Base(clean), "*?[") {
		// tee ~/.bash[r]c: a pattern may name any file.
		return w.String(), true
	}
	if base := path.Base(clean); coreTables().sensitiveNames[base] || strings.HasPrefix(base, ".") && base != "." && base != ".." {
		// Dotfiles hold some program's configuration or startup code:
		// .bash_aliases, .gdbinit, .tmux.conf, .psqlrc, .envrc…
		return w.String(), true
	}
	for _, d := range sensitiveDirs {
		if strings.Contains("/"+clean+"/", d+"/") {
			return w.String(), true
		}
	}
	if rel, ok := strings.CutPrefix(clean, path.Clean(home)+"/"); ok {
		// Any dotfile or dot directory of the home directory holds some
		// program's configuration; the bin directories are on $PATH.
		if strings.HasPrefix(rel, ".") {
			return w.String(), true
		}
		for _, d := range homeBinDirs {
			if strings.HasPrefix("/"+rel+"/", d+"/") {
				return w.String(), true
			}
		}
	}
	if cfg, ok := a.lookup("XDG_CONFIG_HOME"); ok && cfg != "" && strings.HasPrefix(clean+"/", path.Clean(cfg)+"/") {
		return w.String(), true
	}
	if strings.HasPrefix(clean, "/") {
		for _, pre := range systemPrefixes {
			if strings.HasPrefix(clean+"/", pre) {
				return w.String(), true
			}
		}
	}
	return "", false
}

// SensitiveWrite records a write by the unit to a sensitive path.
func (c *Cmd) SensitiveWrite(ws ...Word) {
	for _, w := range ws {
		if what, ok := c.Analyzer.Sensitive(w); ok {
			c.Risk(KindOption, c.Base+" "+what, "writes to "+what+", which changes what runs later")
			return
		}
	}
}

// writerTargets returns the paths a file-writing program writes.
func writerTargets(base string, args []Word) []Word {
	ops := Operands(args)
	switch base {
	case "tee", "truncate", "touch", "sponge":
		return ops
	case "dd":
		var out []Word
		for _, w := range args {
			if w.IsStatic() && strings.HasPrefix(w.Value, "of=") {
				out = append(out, Word{Value: w.Value[3:]})
			}
		}
		return out
	}
	// cp, mv, ln, install, rsync, scp: the destination is last, unless -t
	// names it.
	for i, w := range args {
		if w.IsStatic() && (w.Value == "-t" || w.Value == "--target-directory") && i+1 < len(args) {
			return args[i+1 : i+2]
		}
		if w.IsStatic() && strings.HasPrefix(w.Value, "--target-directory=") {
			return []Word{{Value: strings.TrimPrefix(w.Value, "--target-directory=")}}
		}
	}
	if len(ops) < 2 && base != "ln" {
		return nil
	}
	if len(ops) == 0 {
		return nil
	}
	return ops[len(ops)-1:]
}

// intoTargets returns, for cp, mv, ln and install whose destination may
// be a directory, the files they would create in it: cp x/.bashrc ~
// writes ~/.bashrc.
func intoTargets(c *Cmd, targets []Word) []Word {
	if len(targets) != 1 || c.Base == "tee" || c.Base == "truncate" {
		return nil
	}
	dir, ok := c.Analyzer.Resolve(targets[0])
	if !ok {
		return nil
	}
	var out []Word
	for _, src := range Operands(c.Args) {
		v, ok := c.Analyzer.Resolve(src)
		if !ok || src.Value == targets[0].Value {
			continue
		}
		out = append(out, Word{Value: strings.TrimSuffix(dir, "/") + "/" + path.Base(v)})
	}
	return out
}

// isHome reports whether a word names the home directory itself.
func (a *Analyzer) isHome(w Word) bool {
	p, ok := a.Resolve(w)
	if !ok {
		return false
	}
	p = a.inCwd(p)
	home := a.Home()
	if home == "" {
		home = homeUnknown
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = home + p[1:]
	}
	return path.Clean(p) == path.Clean(home)
}

// IntoDir records a copy or extraction into a directory where files
// change what runs later, or into the home directory itself or one that
// holds it, where they can replace its startup files (cp -r u ../..
// from /srv/users/u/proj writes /srv/users/u/.bashrc).
func (c *Cmd) IntoDir(w Word, what string) {
	if c.Analyzer.isHome(w) {
		c.Risk(KindOption, c.Base+" "+w.String(), what+" into the home directory, which can replace its startup files")
		return
	}
	if p, ok := c.Analyzer.Resolve(w); ok {
		p = c.Analyzer.inCwd(p)
		if p == "~" || strings.HasPrefix(p, "~/") {
			p = c.Analyzer.Home() + p[1:]
		}
		p = path.Clean(p)
		if home := path.Clean(c.Analyzer.Home()); c.Analyzer.Home() != "" && p != "/" && strings.HasPrefix(home, p+"/") {
			c.Risk(KindOption, c.Base+" "+w.String(), what+" into "+p+", which holds the home directory and so can replace its startup files")
			return
		}
		if p == "/" || coreTables().systemDirs[p] {
			c.Risk(KindOption, c.Base+" "+w.String(), what+" into "+p+", which can replace system files")
			return
		}
	}
	c.SensitiveWrite(w)
}

// LocalDest returns the last operand if it is a local path (not
// host:path).
func LocalDest(args []Word) (Word, bool) {
	ops := Operands(args)
	if len(ops) < 2 {
		return Word{}, false
	}
	d := ops[len(ops)-1]
	if d.IsStatic() && strings.Contains(d.Value, ":") && !strings.HasPrefix(d.Value, "/") && !strings.HasPrefix(d.Value, ".") {
		return Word{}, false
	}
	return d, true
}

// DirOption returns the argument of a directory option such as tar -C
// or unzip -d.
func DirOption(args []Word, short, long string) (Word, bool) {
	for i, w := range args {
		if !w.IsStatic() {
			// -C$HOME, --directory=$HOME: the directory is the computed
			// rest of the word.
			if w.Node != nil && len(w.Node.Parts) > 1 {
				if lit, ok := w.Node.Parts[0].(*syntax.Lit); ok {
					pre := ""
					switch {
					case long != "" && strings.HasPrefix(lit.Value, long+"="):
						pre = long + "="
					case strings.HasPrefix(lit.Value, short) && !strings.HasPrefix(lit.Value, "--"):
						pre = short
					}
					if pre != "" {
						rest := &syntax.Word{Parts: append([]syntax.WordPart{&syntax.Lit{Value: lit.Value[len(pre):]}}, w.Node.Parts[1:]...)}
						return Word{Kind: Field, Node: rest}, true
					}
				}
			}
			continue
		}
		switch {
		case w.Value == short || w.Value == long:
			if i+1 < len(args) {
				return args[i+1], true
			}
		case long != "" && strings.HasPrefix(w.Value, long+"="):
			return Word{Value: strings.TrimPrefix(w.Value, long+"=")}, true
		case len(w.Value) > 2 && strings.HasPrefix(w.Value, short) && !strings.HasPrefix(w.Value, "--"):
			return Word{Value: w.Value[2:]}, true
		}
	}
	return Word{}, false
}
