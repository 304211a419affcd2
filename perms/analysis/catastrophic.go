package analysis

import (
	"path"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
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

// DangerTarget reports whether a word names /, a system directory, the
// home directory, or everything in one of them, and returns that path.
func (a *Analyzer) DangerTarget(w Word) (string, bool) {
	if w.Node != nil && HasBraces(w.Node) {
		// rm -rf ~/{*,.*}: each word of the expansion is a target.
		cp := *w.Node
		syntax.SplitBraces(&cp)
		initials := map[string]int{} // dir → patterns by first letter
		for bw, err := range expand.BracesSeq(nil, &cp) {
			if err != nil {
				break
			}
			bwv := Word{Kind: Fields, Node: bw}
			if v, ok := StaticWord(bw); ok {
				bwv = Word{Value: v, Node: bw}
			}
			if what, ok := a.DangerTarget(bwv); ok {
				return what, true
			}
			if dir, ok := a.initialPattern(bwv); ok {
				if initials[dir]++; initials[dir] == 3 {
					// ~/{a..z}*, /{b,e,l,u}*: together, most entries.
					return w.String(), true
				}
			}
		}
	}
	p, ok := a.Resolve(w)
	if !ok {
		// ~root, ~user/*: another user's home directory.
		if w.Node != nil && len(w.Node.Parts) == 1 {
			if lit, ok := w.Node.Parts[0].(*syntax.Lit); ok && strings.HasPrefix(lit.Value, "~") {
				_, rest, _ := strings.Cut(lit.Value, "/")
				if rest == "" || matchesMost(strings.TrimSuffix(rest, "/")) {
					return lit.Value, true
				}
			}
		}
		return "", false
	}
	// (link/ and link/. go through a link, link alone is the link)
	through := strings.HasSuffix(p, "/") || strings.HasSuffix(p, "/.")
	if len(a.links) > 0 {
		p = a.throughLinks(p, through)
	}
	p = a.inCwd(p)
	home := a.Home()
	if home == "" {
		home = homeUnknown
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = home + p[1:]
	}
	if p == "" || p[0] != '/' {
		return "", false
	}
	if rest, ok := procLink(p); ok {
		// /proc/PID/root/… is / of that process, /proc/PID/cwd its
		// directory: anything at all.
		if rest == "" {
			return p, true
		}
		return a.DangerTarget(Word{Value: rest})
	}
	clean := path.Clean(p)
	cleanHome := path.Clean(home)
	show := func(s string) string { return strings.ReplaceAll(s, homeUnknown, "~") }
	trimmed := strings.TrimRight(p, "/")
	if i := strings.IndexAny(trimmed, "*?["); i >= 0 {
		// A pattern for the entries of /, of a system directory or of
		// the home directory: /*, /.??*, ~/[a-z]*, /u* (/usr), /usr/*/*.
		dir := path.Clean(trimmed[:strings.LastIndexByte(trimmed[:i], '/')+1])
		rest := strings.Split(trimmed[len(strings.TrimSuffix(dir, "/"))+1:], "/")
		all := true
		for _, c := range rest {
			all = all && matchesMost(c)
		}
		// (an ancestor of the home directory lists it among its entries)
		if dir == "/" || (coreTables().systemDirs[dir] || dir == cleanHome || strings.HasPrefix(cleanHome, dir+"/")) && all {
			return show(p), true
		}
	}
	if coreTables().systemDirs[clean] || clean == cleanHome || clean != "/" && strings.HasPrefix(cleanHome, clean+"/") {
		return show(clean), true
	}
	if a.Runtime && clean != "/" {
		// At run time the path exists: a symbolic link to / or the home
		// directory (rm -rf link/) is judged by where it leads.
		if real, err := filepath.EvalSymlinks(clean); err == nil && real != clean {
			return a.DangerTarget(Word{Value: real})
		}
	}
	return "", false
}

// initialPattern reports whether w is a pattern for the entries of /, a
// system directory, the home directory or one of its ancestors that
// names them by at most their first letter (~/a*, /u?*), and which
// directory: a brace expansion of a few of them matches most entries.
func (a *Analyzer) initialPattern(w Word) (string, bool) {
	p, ok := a.Resolve(w)
	if !ok {
		return "", false
	}
	p = a.inCwd(p)
	home := a.Home()
	if home == "" {
		home = homeUnknown
	}
	if p == "~" || strings.HasPrefix(p, "~/") {
		p = home + p[1:]
	}
	p = strings.TrimRight(p, "/")
	i := strings.LastIndexByte(p, '/')
	if i < 0 || !strings.HasPrefix(p, "/") {
		return "", false
	}
	dir, base := path.Clean(p[:i+1]), p[i+1:]
	j := strings.IndexAny(base, "*?[")
	if j < 0 || j > 1 || !matchesMost(base[j:]) {
		return "", false
	}
	cleanHome := path.Clean(home)
	if dir == "/" || coreTables().systemDirs[dir] || dir == cleanHome || strings.HasPrefix(cleanHome, dir+"/") {
		return dir, true
	}
	return "", false
}

// matchesMost reports whether a glob pattern for one path component
// matches entries whatever their names: only wildcards, bracket
// expressions and dots (*, .*, .??*, [a-z]*, **).
func matchesMost(pat string) bool {
	for i := 0; i < len(pat); i++ {
		switch pat[i] {
		case '*', '?', '.':
		case '[':
			j := strings.IndexByte(pat[i+1:], ']')
			if j < 0 {
				return false
			}
			i += j + 1
		default:
			return false
		}
	}
	return true
}

// inCwd makes a relative path relative to where the cd commands seen so
// far went, from the directory the command starts in when that is
// known. A relative path after a cd to a computed directory stays as it
// is: what it names is unknown.
func (a *Analyzer) inCwd(p string) string {
	if a.Cwd == cwdUnknown || p == "" || p[0] == '/' || p[0] == '~' {
		return p
	}
	base := a.Cwd
	if base == "" || base[0] != '/' && base[0] != '~' {
		if start := a.Start(); start != "" {
			base = path.Join(start, base)
		} else if base == "" {
			return p
		}
	}
	return path.Join(base, p)
}

// cwdUnknown is Analyzer.Cwd after a cd to a directory computed at run
// time.
const cwdUnknown = "\x00unknown"

// diskDevicePattern matches the devices IsDiskDevice reports; it is
// compiled with the other tables (see tables.go).
const diskDevicePattern = `^/dev/(` +
	`[shv]d[a-z]+[0-9]*|xvd[a-z]+[0-9]*|nvme[0-9]+n[0-9]+(p[0-9]+)?|mmcblk[0-9]+(p[0-9]+|boot[0-9]+)?|` +
	`r?disk[0-9]+(s[0-9]+)?|md[0-9]+|md/.+|dm-[0-9]+|mapper/.+|disk/by-.+|mem|kmem|port|root|` +
	`nbd[0-9]+(p[0-9]+)?|loop[0-9]+|zd[0-9]+|rbd[0-9]+|` +
	`ada[0-9]+(p[0-9]+|s[0-9]+[a-z]?)?|da[0-9]+(p[0-9]+)?|nvd[0-9]+|wd[0-9]+[a-z]?|` + // the BSDs
	`[a-z][a-z0-9_.+-]*-vg/.+|vg[a-z0-9_.+-]*/.+|[a-z0-9_.+-]+/(root|home|swap[0-9_]*|var|usr|data|lv[a-z0-9_-]*))$` // LVM volumes: /dev/VG/LV

// IsDiskDevice reports whether p names a block device holding a file
// system, or raw memory.
func IsDiskDevice(p string) bool {
	p = path.Clean(p)
	if i := strings.IndexAny(p, "*?["); i >= 0 {
		// > /dev/sd[a]: a pattern that starts like a disk's name.
		for _, pre := range []string{"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme", "/dev/mmcblk", "/dev/disk", "/dev/md", "/dev/dm-", "/dev/mapper/"} {
			if strings.HasPrefix(p[:i], pre) || strings.HasPrefix(pre, p[:i]) && p[:i] != "/dev/" && len(p[:i]) > len("/dev/") {
				return true
			}
		}
	}
	for _, fs := range []string{"/dev/shm/", "/dev/pts/", "/dev/fd/", "/dev/mqueue/", "/dev/hugepages/"} {
		if strings.HasPrefix(p, fs) {
			return false // file systems and descriptors, not disks
		}
	}
	return strings.HasPrefix(p, "/dev/") && coreTables().diskDevice.MatchString(p)
}

// Recursive reports whether the flags in ws include -r, -R or --recursive.
func Recursive(ws []Word, upperOnly bool) bool {
	fs := FlagsOf(ws)
	if fs.Has('R', "--recursive") {
		return true
	}
	return !upperOnly && fs.Has('r')
}

func rmCmd(c *Cmd) {
	args := c.resolvedArgs()
	rec := Recursive(args, false)
	defer func() {
		if c.Unit().Catastrophe == "" {
			for _, w := range Operands(args) {
				c.Target(w, RemoveEntry, rec)
			}
		}
	}()
	if !rec {
		return
	}
	if FlagsOf(args).Has(0, "--no-preserve-root") {
		c.Catastrophe("recursive rm with --no-preserve-root")
		return
	}
	for _, w := range Operands(args) {
		if what, ok := c.Analyzer.DangerTarget(w); ok {
			c.Catastrophe("recursive rm of " + what)
			return
		}
	}
	c.UnresolvedDeletes(Operands(args))
}

// setsID reports whether a chmod mode may set the set-user-ID or
// set-group-ID bit: u+s, g=s, +s, 4755, 2775, or a mode computed at run
// time.
func setsID(w Word) bool {
	if !w.IsStatic() {
		return true
	}
	m := w.Value
	if m != "" && m[0] >= '0' && m[0] <= '7' {
		// Octal: a fourth digit from the right with 4 or 2 in it.
		return len(m) >= 4 && (m[len(m)-4]-'0')&6 != 0
	}
	for _, clause := range strings.Split(m, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.ContainsRune(clause[i:], 's') {
			return true
		}
	}
	return false
}

// UnresolvedDeletes records a risk for each target of a recursive delete
// whose value the analysis cannot tell now: it could be anything,
// including / or the home directory, whatever the rules allow.
func (c *Cmd) UnresolvedDeletes(targets []Word) {
	for _, w := range targets {
		v, ok := c.Analyzer.Resolve(w)
		if !ok || c.Analyzer.Cwd == cwdUnknown && v != "" && v[0] != '/' && v[0] != '~' {
			// (a relative name after cd to a directory computed at run
			// time, or cd -, is as unknown)
			c.Risk(KindOption, c.Base+" "+w.String(), "deletes recursively a target computed at run time, which may be anything")
			return
		}
	}
}

func chmodCmd(c *Cmd) {
	args := c.resolvedArgs()
	rec := Recursive(args, true)
	ops := Operands(args)
	if len(ops) > 0 && !FlagsOf(args).Has(0, "--reference") {
		if c.Base == "chmod" && setsID(ops[0]) {
			c.Risk(KindOption, "chmod "+ops[0].String(), "sets the set-user-ID or set-group-ID bit: the program runs with its owner's rights, whoever starts it")
		}
		ops = ops[1:] // the mode or owner
	}
	defer func() {
		if c.Unit().Catastrophe == "" {
			for _, w := range ops {
				c.Target(w, ChangeMeta, rec)
			}
		}
	}()
	if !rec {
		// chmod 000 ~, chown nobody /: not every file, but the one that
		// holds them all.
		for _, w := range ops {
			if what, ok := c.Analyzer.DangerTarget(w); ok {
				c.Risk(KindOption, c.Base+" "+w.String(), "changes the mode or owner of "+what)
				return
			}
		}
		return
	}
	for _, w := range Operands(args) {
		if what, ok := c.Analyzer.DangerTarget(w); ok {
			c.Catastrophe(c.Base + " -R of " + what)
			return
		}
	}
}

// EnterDir makes the relative names of the units analysed next relative
// to the directory w names, as cd would (env -C DIR …); back returns to
// the directory before.
func (a *Analyzer) EnterDir(w Word) (back func()) {
	saved := a.Cwd
	v, ok := a.Resolve(w)
	switch {
	case !ok || v == "":
		a.Cwd = cwdUnknown
	case v[0] == '/' || v[0] == '~':
		a.Cwd = path.Clean(a.tildeHome(v))
	case a.Cwd == cwdUnknown:
	default:
		a.Cwd = path.Join(a.Cwd, v)
	}
	return func() { a.Cwd = saved }
}

// cdCmd follows cd (and pushd) so that later relative paths are checked
// where they will point: cd / && rm -rf usr, cd .git/hooks && tee x.
func cdCmd(c *Cmd) {
	builtinHarmless(c)
	before := c.Analyzer.Cwd
	defer func() {
		// $OLDPWD is where it was, $PWD where it goes (see paramValue).
		if d := c.Analyzer.absCwd(before); d != "" && c.Analyzer.Cwd != before {
			c.Analyzer.setVar("OLDPWD", d)
		} else if c.Analyzer.Cwd != before {
			c.Analyzer.forget("OLDPWD")
		}
	}()
	ops := Operands(c.Args)
	if c.Base == "popd" || c.Base == "pushd" && len(ops) == 0 {
		c.Analyzer.Cwd = cwdUnknown // back to a directory of the stack
		return
	}
	if len(ops) == 0 {
		c.Analyzer.Cwd = c.Analyzer.tildeHome("~")
		return
	}
	v, ok := c.Analyzer.Resolve(ops[0])
	if ok && v == "-" && c.Base == "cd" {
		// cd - goes back to $OLDPWD, when the line says what it is.
		v, ok = c.Analyzer.paramValue("OLDPWD")
		ok = ok && strings.HasPrefix(v, "/")
	}
	cdpath, _ := c.Analyzer.paramValue("CDPATH")
	switch {
	case !ok || v == "" || v == "-" || strings.ContainsAny(v, "*?[") || v[0] == '+' && c.Base == "pushd":
		c.Analyzer.Cwd = cwdUnknown
	case v[0] == '/' || v[0] == '~':
		// ~/.. is the parent of $HOME, not where the command started.
		c.Analyzer.Cwd = path.Clean(c.Analyzer.tildeHome(v))
	case cdpath != "" && !strings.HasPrefix(v, "./") && !strings.HasPrefix(v, "../") && v != "." && v != "..":
		c.Analyzer.Cwd = cwdUnknown // a directory in $CDPATH, maybe
	case c.Analyzer.Cwd == cwdUnknown:
	case c.Analyzer.Cwd == "":
		c.Analyzer.Cwd = path.Clean(v)
	default:
		c.Analyzer.Cwd = path.Join(c.Analyzer.Cwd, v)
	}
}

// tildeHome expands a leading ~ to $HOME, or to a stand-in for it when
// $HOME is not known, so that ~/.. is never read as the start directory.
func (a *Analyzer) tildeHome(p string) string {
	if p != "~" && !strings.HasPrefix(p, "~/") {
		return p
	}
	if h := a.Home(); h != "" {
		return h + p[1:]
	}
	return homeUnknown + p[1:]
}

// absCwd returns a cwd value as an absolute path, "" when not known.
func (a *Analyzer) absCwd(cwd string) string {
	if cwd == cwdUnknown {
		return ""
	}
	if cwd == "" || cwd[0] != '/' {
		start := a.Start()
		if start == "" {
			return ""
		}
		return path.Join(start, cwd)
	}
	return cwd
}

func ddCmd(c *Cmd) {
	for _, t := range writerTargets("dd", c.Args) {
		c.Target(t, WriteFile, false)
	}
	c.SensitiveWrite(writerTargets("dd", c.Args)...)
	hasIf := false
	for _, w := range c.Args {
		if w.IsStatic() && strings.HasPrefix(w.Value, "if=") {
			hasIf = !IsStdinPath(w.Value[3:])
		}
	}
	if c.In.download && !hasIf {
		for _, t := range writerTargets("dd", c.Args) {
			c.Analyzer.MarkFetched(t.Value) // curl … | dd of=x && sh x
		}
	}
	for _, w := range c.Args {
		if v, ok := c.Analyzer.Resolve(w); ok && strings.HasPrefix(v, "of=") && IsDiskDevice(v[3:]) {
			c.Catastrophe("dd onto disk device " + v[3:])
		}
	}
}

// deviceWriter handles commands that destroy a device named as operand.
func deviceWriter(c *Cmd) {
	if c.Base == "shred" {
		c.OperandTargets(WriteFile, false)
		if FlagsOf(c.Args).Has('u', "--remove") {
			c.OperandTargets(RemoveEntry, false)
		}
	}
	switch c.Base {
	case "wipefs":
		if !FlagsOf(c.Args).Has('a', "--all") && !FlagsOf(c.Args).Has('o', "--offset") {
			return
		}
	case "sgdisk":
		if !FlagsOf(c.Args).Has('Z', "--zap-all") && !FlagsOf(c.Args).Has('o', "--clear") {
			return
		}
	}
	for _, w := range Operands(c.Args) {
		if v, ok := c.Analyzer.Resolve(w); ok && IsDiskDevice(v) {
			c.Catastrophe(c.Base + " of disk device " + v)
			return
		}
	}
}

// copyCmd catches cp, mv, install and tee writing onto a device, and mv
// moving / or the home directory away.
func copyCmd(c *Cmd) {
	if c.Base == "ln" && FlagsOf(c.Args).Has('s', "--symbolic") || c.Base == "cp" && FlagsOf(c.Args).Has('s', "--symbolic-link") {
		c.noteLinks()
	}
	targets := writerTargets(c.Base, c.Args)
	switch c.Base {
	case "tee", "truncate", "sponge":
		for _, t := range targets {
			c.Target(t, WriteFile, false)
		}
	default:
		// mv ~/x{,.bak}: the braces make the operands.
		args := splitBraceWords(c.Args)
		saved := c.Args
		c.Args = args
		c.destTargets(writerTargets(c.Base, args))
		c.Args = saved
	}
	c.SensitiveWrite(targets...)
	if c.Base != "tee" && len(targets) == 1 {
		// curl … | cp /dev/stdin x, install -m755 /dev/stdin x, mv a.sh
		// b.sh after a.sh was downloaded: the target holds the download.
		for _, src := range Operands(c.Args) {
			v, ok := c.Analyzer.Resolve(src)
			if !ok || src.Value == targets[0].Value {
				continue
			}
			if IsStdinPath(v) && c.In.download || c.Analyzer.isFetched(v) {
				if t, ok := c.Analyzer.Resolve(targets[0]); ok {
					c.Analyzer.MarkFetched(t)
					c.Analyzer.MarkFetched(strings.TrimSuffix(t, "/") + "/" + path.Base(v))
				}
			}
		}
	}
	c.SensitiveWrite(intoTargets(c, targets)...)
	if (c.Base == "cp" || c.Base == "rsync") && len(targets) == 1 && (Recursive(c.Args, false) || FlagsOf(c.Args).Has('a', "--archive")) {
		c.IntoDir(targets[0], "copies")
	}
	ops := Operands(c.Args)
	if len(ops) == 0 {
		return
	}
	devs := ops[len(ops)-1:]
	if c.Base == "tee" {
		devs = ops
		if c.In.download {
			// curl … | tee x.sh; sh x.sh: the file holds the download.
			for _, w := range ops {
				if v, ok := c.Analyzer.Resolve(w); ok {
					c.Analyzer.MarkFetched(v)
				}
			}
		}
	}
	for _, w := range devs {
		if v, ok := c.Analyzer.Resolve(w); ok && IsDiskDevice(v) {
			c.Catastrophe(c.Base + " onto disk device " + v)
			return
		}
	}
	if c.Base == "mv" {
		for _, w := range ops[:len(ops)-1] {
			if what, ok := c.Analyzer.DangerTarget(w); ok {
				c.Catastrophe("mv of " + what)
				return
			}
		}
		// mv -T x ~ and mv --exchange x ~ replace the destination itself.
		if fs := FlagsOf(c.Args); fs.Has('T', "--no-target-directory", "--exchange") {
			if what, ok := c.Analyzer.DangerTarget(ops[len(ops)-1]); ok {
				c.Catastrophe("mv replacing " + what)
			}
		}
	}
}

// partitionCmd catches partitioning and encryption tools rewriting a
// disk: parted, sfdisk, cryptsetup luksFormat, diskutil eraseDisk.
func partitionCmd(c *Cmd) {
	ops := Operands(c.Args)
	dev := ""
	for _, w := range ops {
		if v, ok := c.Analyzer.Resolve(w); ok && IsDiskDevice(v) {
			dev = v
			break
		}
	}
	words := map[string]bool{}
	for _, w := range ops {
		words[strings.ToLower(w.Value)] = true
	}
	fs := FlagsOf(c.Args)
	switch c.Base {
	case "parted":
		if dev == "" {
			return
		}
		for _, cmd := range []string{"mklabel", "mktable", "mkpart", "rm", "resizepart", "mkfs"} {
			if words[cmd] {
				c.Catastrophe("parted " + cmd + " on disk device " + dev)
				return
			}
		}
	case "sfdisk":
		if dev == "" || fs.Has('l', "--list") || fs.Has('d', "--dump") || fs.Has('J', "--json") || fs.Has('s', "--show-size") ||
			fs.Has('V', "--verify") || fs.Has('g', "--show-geometry") {
			return
		}
		c.Catastrophe("sfdisk rewrites the partition table of " + dev)
	case "cryptsetup":
		if dev != "" && (words["luksformat"] || words["erase"] || words["lukserase"] || words["reencrypt"]) {
			c.Catastrophe("cryptsetup erases the data on " + dev)
		}
	case "diskutil":
		for _, cmd := range []string{"erasedisk", "erasevolume", "partitiondisk", "zerodisk", "randomdisk", "secureerase", "reformat"} {
			if words[cmd] {
				c.Catastrophe("diskutil " + cmd + " erases a disk")
				return
			}
		}
	}
}

func mkfsCmd(c *Cmd) {
	c.Catastrophe("creates a file system, erasing what the device holds")
}

// RegisterCatastrophic adds to h the handlers of the programs on the
// built-in catastrophic list (rm, chmod, dd, mkfs…) and of cd, which
// the list's checks follow.
func RegisterCatastrophic(h map[string]Handler) {
	h["rm"] = rmCmd
	for _, n := range []string{"chmod", "chown", "chgrp"} {
		h[n] = chmodCmd
	}
	h["cd"] = cdCmd
	h["pushd"] = cdCmd
	h["popd"] = cdCmd
	h["dd"] = ddCmd
	for _, n := range []string{"shred", "wipefs", "blkdiscard", "mkswap", "sgdisk"} {
		h[n] = deviceWriter
	}
	for _, n := range []string{"cp", "mv", "install", "tee", "ln", "truncate", "sponge"} {
		h[n] = copyCmd
	}
	for _, n := range []string{"mke2fs", "mkdosfs", "mkntfs", "mkexfatfs"} {
		h[n] = mkfsCmd
	}
	for _, n := range []string{"parted", "sfdisk", "cryptsetup", "diskutil"} {
		h[n] = partitionCmd
	}
}

// staticWordNode returns the static value of an array index expression.
func staticWordNode(x syntax.ArithmExpr) (string, bool) {
	w, ok := x.(*syntax.Word)
	if !ok {
		return "", false
	}
	return StaticWord(w)
}

// noteLinks records the symbolic links ln -s (or cp -s) makes, where
// their operands are known now: a later command that goes through one
// (rm -rf link/) is judged by where it leads.
func (c *Cmd) noteLinks() {
	var ops []string
	for _, w := range Operands(c.resolvedArgs()) {
		v, ok := c.Analyzer.Resolve(w)
		if !ok {
			return
		}
		ops = append(ops, v)
	}
	if len(ops) == 0 {
		return
	}
	abs := func(p string) string {
		p = c.Analyzer.tildeHome(c.Analyzer.inCwd(p))
		if !path.IsAbs(p) {
			if d := c.Analyzer.absCwd(c.Analyzer.Cwd); d != "" {
				p = path.Join(d, p)
			}
		}
		return path.Clean(p)
	}
	targets, dest := ops, "."
	if len(ops) > 1 {
		targets, dest = ops[:len(ops)-1], ops[len(ops)-1]
	}
	dest = abs(dest)
	for _, t := range targets {
		var links []string
		if b := path.Base(t); b != "." && b != ".." && b != "/" {
			links = append(links, path.Join(dest, b)) // into a directory
		}
		if len(ops) == 2 {
			links = append(links, dest)
		}
		for _, l := range links {
			to := c.Analyzer.tildeHome(t)
			if !path.IsAbs(to) {
				to = path.Join(path.Dir(l), to) // relative to the link
			}
			if c.Analyzer.links == nil {
				c.Analyzer.links = make(map[string]string)
			}
			c.Analyzer.links[l] = path.Clean(to)
		}
	}
}

// throughLinks returns the path p (as written) names when the links
// made earlier in the command are followed, part by part as the kernel
// does (up/.. after ln -s .. up is the parent of ..): a link is followed
// when p goes on past it, or ends in it and through says it goes into
// it (link/). A path relative to a directory not known is left as is.
func (a *Analyzer) throughLinks(p string, through bool) string {
	p = a.tildeHome(p)
	if !path.IsAbs(p) {
		d := a.absCwd(a.Cwd)
		if d == "" {
			return p
		}
		p = d + "/" + p
	}
	rest := components(p)
	resolved := "/"
	for n := 0; len(rest) > 0 && n < 64; n++ {
		c := rest[0]
		rest = rest[1:]
		switch c {
		case ".":
			continue
		case "..":
			resolved = path.Dir(resolved)
			continue
		}
		next := path.Join(resolved, c)
		to, ok := a.links[next]
		if !ok || len(rest) == 0 && !through {
			resolved = next
			continue
		}
		if path.IsAbs(to) {
			resolved = "/"
		}
		rest = append(components(to), rest...)
	}
	if through && resolved != "/" {
		resolved += "/"
	}
	return resolved
}

// components splits a path into its names.
func components(p string) []string {
	var out []string
	for _, c := range strings.Split(p, "/") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out
}

// procLink reports whether p goes through a /proc link to a directory
// (/proc/self/root, /proc/1/cwd…): rest is what p names under the root
// for root, "" for a process's current directory, which may be anything.
func procLink(p string) (rest string, ok bool) {
	if !strings.HasPrefix(p, "/proc/") {
		return "", false
	}
	// (not cleaned first: /proc/self/cwd/.. is the parent of a
	// directory, not /proc/self)
	parts := strings.SplitN(strings.TrimLeft(strings.TrimPrefix(p, "/proc/"), "/"), "/", 3)
	if len(parts) < 2 {
		return "", false
	}
	if parts[0] == "thread-self" || parts[0] == "self" || IsFD(parts[0]) {
		switch parts[1] {
		case "root":
			if len(parts) == 3 {
				return "/" + parts[2], true
			}
			return "/", true
		case "cwd":
			return "", true
		}
	}
	return "", false
}
