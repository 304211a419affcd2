package programs

import (
	"os"
	"path"
	"strings"

	"nosh/perms/analysis"
)

// gitGlobalArgTable lists git's global options, true for those that
// take the next word as their argument.
func gitGlobalArgTable() map[string]bool {
	return map[string]bool{
		"-C": true, "-c": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
		"--super-prefix": true, "--config-env": true, "--exec-path": false, "--attr-source": true, "--list-cmds": false,
	}
}

// GitSubcommand returns the index in ws (git's arguments) of the
// subcommand, skipping global options; -1 if there is none or a
// computed word hides it.
func GitSubcommand(ws []analysis.Word) int {
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			return -1
		}
		v := w.Value
		if !strings.HasPrefix(v, "-") {
			return i
		}
		if tables().gitGlobalArg[v] {
			i++
		}
	}
	return -1
}

func gitCmd(c *analysis.Cmd) {
	ws := c.Args
	sub := GitSubcommand(ws)
	globals := ws
	if sub >= 0 {
		globals = ws[:sub]
	}
	gitGlobalRisks(c, globals)
	// Every global option must be known to be harmless, and point git at
	// the current repository.
	checkOptions(c, gitGlobals, globals)
	if sub < 0 {
		return
	}
	name := ws[sub].Value
	rest := ws[sub+1:]
	if t := tables().options["git "+name]; t != nil {
		checkOptions(c, t, rest)
	} else if name == "stash" && len(rest) > 0 && rest[0].IsStatic() && (rest[0].Value == "list" || rest[0].Value == "show") {
		checkOptions(c, tables().options["git log"], rest[1:])
	}
	gitRuns(c, name, rest)
	gitWrites(c, name, rest)
	gitRemoteOptions(c, name, rest)
}

// gitGlobalRisks flags git's global options that set configuration or
// where git finds its subcommands.
func gitGlobalRisks(c *analysis.Cmd, globals []analysis.Word) {
	for _, w := range globals {
		if !w.IsStatic() {
			continue
		}
		v := w.Value
		switch {
		case v == "-c" || strings.HasPrefix(v, "-c") && !strings.HasPrefix(v, "--"):
			c.Risk(analysis.KindOption, "git -c", "sets configuration, which can make git run commands (core.pager, core.sshCommand, alias.*)")
		case longOpt(v, "--config-env"):
			c.Risk(analysis.KindOption, "git --config-env", "sets configuration, which can make git run commands")
		case strings.HasPrefix(v, "--exec-path="):
			c.Risk(analysis.KindOption, "git --exec-path", "runs git subcommands from another directory")
		}
	}
}

// gitRuns flags the subcommands and options that run commands or code
// of their own.
func gitRuns(c *analysis.Cmd, name string, rest []analysis.Word) {
	switch name {
	case "remote":
		// Only listing and showing remotes reads: add, set-url, rename,
		// remove, prune, update… change where fetch and push go.
		for _, w := range rest {
			if w.IsStatic() && strings.HasPrefix(w.Value, "-") {
				continue
			}
			if !w.IsStatic() || w.Value != "show" && w.Value != "get-url" {
				c.Risk(analysis.KindOption, "git remote "+w.String(), "changes the repository's remotes, where fetch and push go")
			}
			break
		}
	case "config":
		if gitConfigWrites(rest) {
			c.Risk(analysis.KindOption, "git config", "changes git configuration, which can make git run commands")
		}
	case "submodule":
		for i, w := range rest {
			if w.IsStatic() && w.Value == "foreach" {
				j := i + 1
				for j < len(rest) && rest[j].IsStatic() && strings.HasPrefix(rest[j].Value, "-") {
					j++
				}
				c.Risk(analysis.KindWrapper, "git submodule foreach", "runs a command in every submodule")
				c.CodeWords(rest[j:], "git submodule foreach")
				break
			}
		}
	case "bisect":
		if len(rest) > 0 && rest[0].IsStatic() && rest[0].Value == "run" {
			c.Risk(analysis.KindWrapper, "git bisect run", "runs a command for every commit tested")
			c.Inner(rest[1:], "git bisect run")
		}
	case "rebase":
		// -x CMD, -xCMD, -ix CMD, --exec=CMD, --exe CMD…
		for _, u := range optionUses(rest, "xsXC", 'x', "--exec") {
			c.Risk(analysis.KindWrapper, "git rebase --exec", "runs a command after every commit")
			c.Code(u.val, "git rebase --exec")
		}
	case "filter-branch":
		c.Risk(analysis.KindOption, "git filter-branch", "runs shell filters over history")
	case "difftool", "mergetool":
		if len(optionUses(rest, "xtO", 'x', "--extcmd")) > 0 || len(optionUses(rest, "xtO", 't', "--tool")) > 0 {
			c.Risk(analysis.KindOption, "git "+name+" --extcmd", "runs a command of its choosing")
		}
	case "grep":
		if len(optionUses(rest, "efABCm", 'O', "--open-files-in-pager")) > 0 {
			c.Risk(analysis.KindOption, "git grep -O", "runs a pager command of its choosing")
		}
	case "instaweb", "daemon":
		for _, o := range []struct {
			short byte
			long  string
		}{{'d', "--httpd"}, {'b', "--browser"}, {0, "--access-hook"}} {
			if len(optionUses(rest, "dbpm", o.short, o.long)) > 0 {
				c.Risk(analysis.KindOption, "git "+name+" "+o.long, "runs a command of its choosing")
			}
		}
	case "filter-repo":
		scanOpts(rest, func(_ int, v string) {
			if name, _, _ := strings.Cut(v, "="); strings.HasSuffix(name, "-callback") {
				c.Risk(analysis.KindInlineCode, "git filter-repo "+name, "runs Python code given on the command line")
			}
		})
	case "maintenance":
		if len(rest) > 0 && rest[0].IsStatic() && (rest[0].Value == "start" || rest[0].Value == "register") {
			c.Risk(analysis.KindOption, "git maintenance "+rest[0].Value, "installs scheduled jobs")
		}
	case "send-email":
		scanOpts(rest, func(_ int, v string) {
			for _, o := range []string{"--to-cmd", "--cc-cmd", "--sendmail-cmd", "--smtp-server"} {
				if longOpt(v, o) {
					c.Risk(analysis.KindOption, "git send-email "+o, "runs a command of its choosing")
				}
			}
		})
	}
}

// gitWrites records the files and directories a subcommand writes.
func gitWrites(c *analysis.Cmd, name string, rest []analysis.Word) {
	switch name {
	case "clone", "worktree":
		// The directory it makes.
		ops := operandsSkipping(rest, optSpec{short: "bcjouC", long: []string{"--branch", "--config", "--jobs", "--origin",
			"--upload-pack", "--template", "--reference", "--separate-git-dir", "--depth", "--shallow-since",
			"--shallow-exclude", "--filter", "--server-option", "--bundle-uri", "--ref-format", "--reason", "--orphan"}})
		if name == "worktree" && len(ops) > 1 && ops[0].IsStatic() && ops[0].Value == "add" {
			c.Target(ops[1], analysis.CreateEntry, true)
		}
		if name == "clone" && len(ops) > 1 {
			c.Target(ops[1], analysis.CreateEntry, true)
		}
	case "archive", "bundle":
		if name == "archive" {
			for _, u := range optionUses(rest, "o", 'o', "--output") {
				c.Target(u.val, analysis.WriteFile, false)
				c.SensitiveWrite(u.val)
			}
		}
		scanOpts(rest, func(i int, v string) {
			if v == "create" && i+1 < len(rest) {
				c.Target(rest[i+1], analysis.WriteFile, false)
				c.SensitiveWrite(rest[i+1])
			}
		})
	}
}

// gitRemoteOptions flags the options, common to several subcommands,
// that write files or run commands on either side.
func gitRemoteOptions(c *analysis.Cmd, name string, rest []analysis.Word) {
	scanOpts(rest, func(_ int, v string) {
		switch {
		case longOpt(v, "--output") || name == "format-patch" && (v == "-o" || longOpt(v, "--output-directory")):
			c.Risk(analysis.KindOption, "git "+name+" --output", "writes to a file")
		case longOpt(v, "--upload-pack") || longOpt(v, "--receive-pack") || longOpt(v, "--exec") && name != "rebase":
			c.Risk(analysis.KindOption, "git "+name+" "+v, "runs a command of its choosing on the remote side")
		case (name == "clone" || name == "init") && longOpt(v, "--template"):
			c.Risk(analysis.KindOption, "git "+name+" --template", "copies hooks from a template directory into the repository")
		}
	})
	switch name {
	case "clone", "ls-remote", "archive", "fetch", "pull":
		// -uCMD, -quCMD: the upload-pack command, in any spelling.
		if len(optionUses(rest, "bcjouC", 'u', "")) > 0 {
			c.Risk(analysis.KindOption, "git "+name+" -u", "runs a command of its choosing on the remote side")
		}
	}
	switch name {
	case "clone", "submodule":
		if len(optionUses(rest, "bcjouC", 'c', "--config")) > 0 {
			c.Risk(analysis.KindOption, "git "+name+" --config", "sets configuration of the new repository, which can make git run commands")
		}
	}
}

// gitConfigWrites reports whether git config arguments change the
// configuration rather than read it.
func gitConfigWrites(ws []analysis.Word) bool {
	positional := 0
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		if !w.IsStatic() {
			positional++
			continue
		}
		v := w.Value
		switch {
		case v == "--file" || v == "-f" || v == "--blob" || v == "--type" || v == "--default" || v == "--comment":
			i++
		case v == "--add" || v == "--unset" || v == "--unset-all" || v == "--replace-all" || v == "--edit" ||
			v == "-e" || v == "--rename-section" || v == "--remove-section":
			return true
		case strings.HasPrefix(v, "-"):
		default:
			if positional == 0 {
				switch v {
				case "set", "unset", "edit", "rename-section", "remove-section":
					return true
				case "get", "list":
					return false
				}
			}
			positional++
		}
	}
	return positional >= 2
}

func registerGit(t *tableSet) {
	t.handlers["git"] = gitCmd
}

// gitGlobals are git's global options known to be harmless; -c,
// --config-env and --exec-path=DIR are not. -C, --git-dir and
// --work-tree must name the current repository: another repository's
// configuration can make git run commands (core.fsmonitor, core.pager).
var gitGlobals = &optTable{short: "pPvh", arg: "C", value: gitPlace, long: []string{"--no-pager",
	"--paginate", "--no-optional-locks", "--literal-pathspecs", "--glob-pathspecs", "--noglob-pathspecs",
	"--icase-pathspecs", "--no-replace-objects", "--no-lazy-fetch", "--no-advice", "--bare", "--version",
	"--help", "--exec-path", "--html-path", "--man-path", "--info-path", "--list-cmds=", "--namespace=",
	"--attr-source=", "--git-dir=", "--work-tree="}}

// gitPlace judges where -C, --git-dir and --work-tree point git.
func gitPlace(c *analysis.Cmd, opt string, v analysis.Word) {
	switch opt {
	case "-C", "--git-dir", "--work-tree":
	default:
		return
	}
	p, ok := c.Analyzer.Absolute(v)
	if ok && inRepository(c.Analyzer, p) {
		return
	}
	c.Risk(analysis.KindOption, "git "+opt, "points git at another repository, whose configuration can make it run commands")
}

// inRepository reports whether p lies in the repository the command
// starts in (the tree above the nearest .git), or in its directory when
// it starts outside any repository.
func inRepository(a *analysis.Analyzer, p string) bool {
	root := a.Start()
	if root == "" {
		return false
	}
	for d := root; ; d = path.Dir(d) {
		if _, err := os.Lstat(path.Join(d, ".git")); err == nil {
			root = d
			break
		}
		if d == "/" {
			break
		}
	}
	return p == root || strings.HasPrefix(p, strings.TrimSuffix(root, "/")+"/")
}
