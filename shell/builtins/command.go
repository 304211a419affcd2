package builtins

import (
	"context"
	"fmt"
	"nosh/shell/internal/interpunsafe"
	"nosh/shell/internal/quote"
	"path/filepath"
	"sort"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// defaultPath is the PATH of `command -p`: where the standard utilities
// are, as confstr(_CS_PATH) gives it.
const defaultPath = "/bin:/usr/bin"

// commandKind is what a name runs as, in the order the shell looks.
type commandKind int

const (
	kindNone commandKind = iota
	kindAlias
	kindKeyword
	kindFunction
	kindBuiltin
	kindFile
)

// String is the word `type -t` prints for k.
func (k commandKind) String() string {
	return [...]string{"", "alias", "keyword", "function", "builtin", "file"}[k]
}

// resolution is one thing a command name can run.
type resolution struct {
	kind   commandKind
	path   string // kindFile
	hashed bool   // kindFile found in the hash table
	alias  string // kindAlias: its text
}

// resolveOptions select which kinds resolve looks for.
type resolveOptions struct {
	all       bool   // every match, not only the first (type -a)
	noFuncs   bool   // skip functions (type -f)
	filesOnly bool   // PATH only (type -P)
	path      string // PATH to search instead of $PATH (command -p)
}

// resolve lists what name would run in the runner of c.
func (c *Call) resolve(name string, o resolveOptions) []resolution {
	var out []resolution
	add := func(res resolution) bool {
		out = append(out, res)
		return !o.all
	}
	if !o.filesOnly {
		if *interpunsafe.Option(c.R, "expand_aliases") {
			if text, ok := AliasValue(c.R, name); ok && add(resolution{kind: kindAlias, alias: text}) {
				return out
			}
		}
		if isShellKeyword(name) && add(resolution{kind: kindKeyword}) {
			return out
		}
		if !o.noFuncs && c.R.Funcs[name] != nil && add(resolution{kind: kindFunction}) {
			return out
		}
		if isUserBuiltin(c, name) && add(resolution{kind: kindBuiltin}) {
			return out
		}
	}
	if strings.Contains(name, "/") {
		p := name
		if !filepath.IsAbs(p) {
			p = filepath.Join(c.R.Dir, p)
		}
		if c.Sh.IsExecutable(p) {
			add(resolution{kind: kindFile, path: name})
		}
		return out
	}
	path := o.path
	if path == "" {
		var hashed string
		var ok bool
		c.Sh.WithHash(func(paths map[string]string, _ map[string]int) { hashed, ok = paths[name] })
		if ok && !o.all && c.Sh.IsExecutable(hashed) {
			add(resolution{kind: kindFile, path: hashed, hashed: true})
			return out
		}
		path = interpunsafe.LookupVar(c.R, "PATH").String()
	}
	for _, dir := range filepath.SplitList(path) {
		d := dir
		if d == "" {
			d = "."
		}
		full := filepath.Join(d, name)
		check := full
		if !filepath.IsAbs(check) {
			check = filepath.Join(c.R.Dir, check)
		}
		if c.Sh.IsExecutable(check) {
			if dir == "" {
				full = "./" + name
			}
			if add(resolution{kind: kindFile, path: full}) {
				return out
			}
		}
	}
	return out
}

// isShellKeyword reports whether name is a reserved word of bash.
func isShellKeyword(name string) bool {
	switch name {
	case "!", "case", "coproc", "do", "done", "elif", "else", "esac", "fi", "for", "function",
		"if", "in", "select", "then", "until", "while", "{", "}", "time", "[[", "]]":
		return true
	}
	return false
}

// isUserBuiltin reports whether name is a builtin a user can call.
func isUserBuiltin(c *Call, name string) bool {
	if strings.ContainsRune(name, 0) {
		return false
	}
	return c.Sh.IsBuiltin(name)
}

// builtinCommand is POSIX command: -v and -V describe, otherwise the
// command runs without looking at functions (and, with -p, with the
// default PATH).
func builtinCommand(ctx context.Context, c *Call) error {
	describe, verbose, usePath := false, false, false
	args, err := c.Options("vVp", func(opt byte, _ string) {
		switch opt {
		case 'v':
			describe = true
		case 'V':
			describe, verbose = true, true
		case 'p':
			usePath = true
		}
	})
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return nil
	}
	o := resolveOptions{}
	if usePath {
		o.path = defaultPath
	}
	if describe {
		found := false
		for _, name := range args {
			res := c.resolve(name, o)
			if len(res) == 0 {
				if verbose {
					fmt.Fprintf(c.Stderr, "%s: command: %s: not found\n", c.Sh.ProgramName(), name)
				}
				continue
			}
			found = true
			if verbose {
				c.describeVerbose(name, res[0])
				continue
			}
			switch res[0].kind {
			case kindAlias:
				fmt.Fprintf(c.Stdout, "alias %s=%s\n", name, quote.Single(res[0].alias))
			case kindFile:
				fmt.Fprintln(c.Stdout, res[0].path)
			default:
				fmt.Fprintln(c.Stdout, name)
			}
		}
		if !found {
			return interp.ExitStatus(1)
		}
		return nil
	}
	name := args[0]
	if isUserBuiltin(c, name) {
		if c.Sh.OwnBuiltin(name) {
			return c.Sh.RunBuiltinViaCommand(ctx, name, args[1:])
		}
		return interp.HandlerCtx(ctx).Builtin(ctx, args)
	}
	if usePath {
		return c.Sh.RunProgram(ctx, args, defaultPath)
	}
	return c.Sh.RunProgram(ctx, args, "")
}

// describeVerbose prints what name is, as `type` and `command -V` do.
func (c *Call) describeVerbose(name string, res resolution) {
	switch res.kind {
	case kindAlias:
		fmt.Fprintf(c.Stdout, "%s is aliased to `%s'\n", name, res.alias)
	case kindKeyword:
		fmt.Fprintf(c.Stdout, "%s is a shell keyword\n", name)
	case kindFunction:
		fmt.Fprintf(c.Stdout, "%s is a function\n", name)
		fmt.Fprint(c.Stdout, c.Sh.FunctionText(name, c.R.Funcs[name]))
	case kindBuiltin:
		fmt.Fprintf(c.Stdout, "%s is a shell builtin\n", name)
	case kindFile:
		if res.hashed {
			fmt.Fprintf(c.Stdout, "%s is hashed (%s)\n", name, res.path)
		} else {
			fmt.Fprintf(c.Stdout, "%s is %s\n", name, res.path)
		}
	}
}

// builtinType is bash's type with -a -f -p -P -t.
func builtinType(ctx context.Context, c *Call) error {
	var o resolveOptions
	mode := ""
	args, err := c.Options("aftpP", func(opt byte, _ string) {
		switch opt {
		case 'a':
			o.all = true
		case 'f':
			o.noFuncs = true
		case 't', 'p':
			mode = string(opt)
		case 'P':
			mode = "P"
			o.filesOnly = true
		}
	})
	if err != nil {
		return err
	}
	status := 0
	for _, name := range args {
		res := c.resolve(name, o)
		if len(res) == 0 {
			status = 1
			if mode == "" {
				fmt.Fprintf(c.Stderr, "%s: type: %s: not found\n", c.Sh.ProgramName(), name)
			}
			continue
		}
		for _, r := range res {
			switch mode {
			case "t":
				fmt.Fprintln(c.Stdout, r.kind)
			case "p", "P":
				if r.kind == kindFile {
					fmt.Fprintln(c.Stdout, r.path)
				}
			default:
				c.describeVerbose(name, r)
			}
		}
	}
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}

// builtinHash is the hash builtin over the table lookPath fills.
func builtinHash(ctx context.Context, c *Call) error {
	list, reset, del, printPath, reusable := false, false, false, false, false
	setPath := ""
	args, err := c.Options("rdtlp:", func(opt byte, arg string) {
		switch opt {
		case 'r':
			reset = true
		case 'd':
			del = true
		case 't':
			printPath = true
		case 'l':
			reusable = true
		case 'p':
			setPath = arg
		}
	})
	if err != nil {
		return err
	}
	status := 0
	c.Sh.WithHash(func(paths map[string]string, hits map[string]int) {
		if reset {
			clear(paths)
			clear(hits)
		}
		list = len(args) == 0 && !reset
		switch {
		case list:
			if len(paths) == 0 {
				fmt.Fprintf(c.Stdout, "hash: hash table empty\n")
				return
			}
			names := make([]string, 0, len(paths))
			for name := range paths {
				names = append(names, name)
			}
			sort.Strings(names)
			if !reusable {
				fmt.Fprintln(c.Stdout, "hits\tcommand")
			}
			for _, name := range names {
				if reusable {
					fmt.Fprintf(c.Stdout, "builtin hash -p %s %s\n", paths[name], name)
				} else {
					fmt.Fprintf(c.Stdout, "%4d\t%s\n", hits[name], paths[name])
				}
			}
		case setPath != "":
			for _, name := range args {
				paths[name] = setPath
			}
		case del:
			for _, name := range args {
				if _, ok := paths[name]; !ok {
					fmt.Fprintf(c.Stderr, "%s: hash: %s: not found\n", c.Sh.ProgramName(), name)
					status = 1
				}
				delete(paths, name)
				delete(hits, name)
			}
		case printPath:
			for _, name := range args {
				p, ok := paths[name]
				if !ok {
					fmt.Fprintf(c.Stderr, "%s: hash: %s: not found\n", c.Sh.ProgramName(), name)
					status = 1
					continue
				}
				if len(args) > 1 {
					fmt.Fprintf(c.Stdout, "%s\t%s\n", name, p)
				} else {
					fmt.Fprintln(c.Stdout, p)
				}
			}
		default:
			for _, name := range args {
				if strings.Contains(name, "/") || c.R.Funcs[name] != nil || isUserBuiltin(c, name) {
					continue
				}
				p, err := c.Sh.LookPath(c.R.Dir, interpunsafe.LookupVar(c.R, "PATH").String(), name)
				if err != nil {
					fmt.Fprintf(c.Stderr, "%s: hash: %s: not found\n", c.Sh.ProgramName(), name)
					status = 1
					continue
				}
				paths[name] = p
				hits[name] = 0
			}
		}
	})
	if status != 0 {
		return interp.ExitStatus(status)
	}
	return nil
}
